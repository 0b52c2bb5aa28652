import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const kdtt = letterTypeByCode('kdtt')!;

/** The lists: the admin's filters and search at each base, the cross-type list and the archive. */
describe('letter lists', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asSiti: ReturnType<typeof client>;
  let asYohanes: ReturnType<typeof client>;
  let sitiId: number;
  const completedNumbers: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const siti = await makeResident(db, { name: 'Siti Rahmawati', nik: '3201014506880002' });
    sitiId = siti.id;
    asSiti = client(ctx.app, await login(ctx.app, siti.email));
    asYohanes = client(
      ctx.app,
      await login(
        ctx.app,
        (await makeResident(db, { name: 'Yohanes Sitompul', nik: '3201010909920001' })).email,
      ),
    );
    const ayu = client(
      ctx.app,
      await login(
        ctx.app,
        (await makeResident(db, { name: 'Ni Kadek Ayu Lestari', nik: '3201015203990004' })).email,
      ),
    );
    const raden = client(
      ctx.app,
      await login(
        ctx.app,
        (
          await makeResident(db, {
            name: 'Raden Mas Sitoresmi Prabuningrat',
            nik: '3174015203990004',
          })
        ).email,
      ),
    );

    // Siti: 3 ku (one completed) and 1 kdtt; Yohanes: 2 ku; Ayu: 1 ku; Raden: 1 ku.
    const ids: number[] = [];
    for (const as of [asSiti, asSiti, asSiti, asYohanes, asYohanes, ayu, raden]) {
      ids.push((await as('POST', ku.base, example('ku'))).json().data.id);
    }
    await asSiti('POST', kdtt.base, example('kdtt'));
    await asAdmin('PUT', `${ku.base}/${ids[0]}`, { status: 'processing' });
    const done = await asAdmin('PUT', `${ku.base}/${ids[0]}`, { status: 'completed' });
    completedNumbers.push(done.json().data.number);
    await asAdmin('PUT', `${ku.base}/${ids[3]}`, { status: 'processing' });
    await asAdmin('PUT', `${ku.base}/${ids[3]}`, { status: 'completed' });
    await asAdmin('PUT', `${ku.base}/${ids[5]}`, {
      status: 'rejected',
      note: 'Bukan warga desa ini.',
    });
  });
  afterAll(async () => ctx.close());

  const names = (res: { json(): { data: { applicant: { name: string } }[] } }) =>
    res.json().data.map((r) => r.applicant.name);

  it("shows a resident only their own requests of the type; an admin sees everyone's, newest first", async () => {
    const own = await asSiti('GET', ku.base);
    expect(own.json().meta.total).toBe(3);
    expect(new Set(names(own))).toEqual(new Set(['Siti Rahmawati']));
    const all = await asAdmin('GET', ku.base);
    expect(all.json().meta.total).toBe(7);
    const created = all
      .json()
      .data.map(
        (r: { created_at: string; id: number }) =>
          `${r.created_at}#${String(r.id).padStart(6, '0')}`,
      );
    expect(created).toEqual([...created].sort().reverse());
    const oldest = await asAdmin('GET', `${ku.base}?sort=created_at`);
    expect(oldest.json().data[0].id).toBe(all.json().data.at(-1).id);
  });

  it('filters by one or several statuses and paginates', async () => {
    expect((await asAdmin('GET', `${ku.base}?status=completed`)).json().meta.total).toBe(2);
    expect((await asAdmin('GET', `${ku.base}?status=submitted,rejected`)).json().meta.total).toBe(
      5,
    );
    const page = await asAdmin('GET', `${ku.base}?per_page=3&page=3`);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta).toEqual({
      page: 3,
      per_page: 3,
      total: 7,
      last_page: 3,
      total_exact: true,
    });
    const bad = await asAdmin('GET', `${ku.base}?status=selesai`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status[0]).toMatch(/Status harus salah satu dari/);
  });

  it('filters by date range in village time', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    expect((await asAdmin('GET', `${ku.base}?from=${today}&to=${today}`)).json().meta.total).toBe(
      7,
    );
    expect((await asAdmin('GET', `${ku.base}?to=2020-01-01`)).json().meta.total).toBe(0);
    expect((await asAdmin('GET', `${ku.base}?from=2099-01-01`)).json().meta.total).toBe(0);
    const bad = await asAdmin('GET', `${ku.base}?from=2026-02-30`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['Tanggal awal harus tanggal yang valid (TTTT-BB-HH).']);
    // A range that ends before it starts is named, on every list that takes one.
    for (const list of [ku.base, '/api/letter-requests', '/api/pdf-histories']) {
      const reversed = await asAdmin('GET', `${list}?from=2026-12-01&to=2026-01-31`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json()).toEqual({
        message: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
        errors: { to: ['Tanggal akhir tidak boleh sebelum tanggal awal.'] },
      });
    }
    const oneDay = await asAdmin('GET', `/api/letter-requests?from=${today}&to=${today}`);
    expect(oneDay.statusCode).toBe(200);
  });

  it('searches names by the start of any word, ignoring case and accents', async () => {
    expect(new Set(names(await asAdmin('GET', `${ku.base}?search=rahma`)))).toEqual(
      new Set(['Siti Rahmawati']),
    );
    expect(new Set(names(await asAdmin('GET', `${ku.base}?search=SITI`)))).toEqual(
      new Set(['Siti Rahmawati']),
    );
    // "sito" begins a word of two names, but not of "Siti".
    expect(new Set(names(await asAdmin('GET', `${ku.base}?search=sito`)))).toEqual(
      new Set(['Yohanes Sitompul', 'Raden Mas Sitoresmi Prabuningrat']),
    );
    expect(names(await asAdmin('GET', `${ku.base}?search=kadek%20les`))).toEqual([
      'Ni Kadek Ayu Lestari',
    ]);
    expect(names(await asAdmin('GET', `${ku.base}?search=L%C3%A9stari`))).toEqual([
      'Ni Kadek Ayu Lestari',
    ]);
    // Not the middle of a word.
    expect((await asAdmin('GET', `${ku.base}?search=ahmawati`)).json().meta.total).toBe(0);
  });

  it('searches NIK and letter number by prefix, and treats search text as data', async () => {
    expect(new Set(names(await asAdmin('GET', `${ku.base}?search=320101450688`)))).toEqual(
      new Set(['Siti Rahmawati']),
    );
    expect((await asAdmin('GET', `${ku.base}?search=3201`)).json().meta.total).toBe(6);
    const number = completedNumbers[0]!;
    const byNumber = await asAdmin('GET', `${ku.base}?search=${encodeURIComponent(number)}`);
    expect(byNumber.json().data.map((r: { number: string }) => r.number)).toEqual([number]);
    const byPrefix = await asAdmin(
      'GET',
      `${ku.base}?search=${encodeURIComponent(number.split('/').slice(0, 2).join('/'))}`,
    );
    expect(byPrefix.json().meta.total).toBe(1);
    // Typed in lower case, the roman month still matches.
    const lower = await asAdmin(
      'GET',
      `${ku.base}?search=${encodeURIComponent(number.toLowerCase())}`,
    );
    expect(lower.json().data.map((r: { number: string }) => r.number)).toEqual([number]);
    expect((await asAdmin('GET', `${ku.base}?search=500%2F`)).json().meta.total).toBe(2);
    for (const s of ['%', '_', "' OR 1=1 --", '\\']) {
      const res = await asAdmin('GET', `${ku.base}?search=${encodeURIComponent(s)}`);
      expect(res.statusCode, s).toBe(200);
      expect(res.json().meta.total, s).toBe(0);
    }
  });

  it('lists requests of every type in one place for the letter history page', async () => {
    const own = await asSiti('GET', '/api/letter-requests');
    expect(own.json().meta.total).toBe(4);
    expect(new Set(own.json().data.map((r: { type: string }) => r.type))).toEqual(
      new Set(['ku', 'kdtt']),
    );
    expect((await asSiti('GET', '/api/letter-requests?type=kdtt')).json().meta.total).toBe(1);
    expect((await asSiti('GET', '/api/letter-requests?status=completed')).json().meta.total).toBe(
      1,
    );
    expect((await asAdmin('GET', '/api/letter-requests')).json().meta.total).toBe(8);
    expect(
      (await asAdmin('GET', `/api/letter-requests?applicant_id=${sitiId}`)).json().meta.total,
    ).toBe(4);
    expect(
      (await asYohanes('GET', `/api/letter-requests?applicant_id=${sitiId}`)).json().meta.total,
    ).toBe(2);
    const bad = await asAdmin('GET', '/api/letter-requests?type=xyz');
    expect(bad.statusCode).toBe(422);
  });

  it('keeps the archive of issued letters: own for residents, all with filters for admins', async () => {
    const own = await asSiti('GET', '/api/pdf-histories');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(1);
    const entry = own.json().data[0];
    expect(entry).toMatchObject({
      type: 'ku',
      number: completedNumbers[0],
      applicant_name: 'Siti Rahmawati',
      letter_title: 'Surat Keterangan Usaha',
      issued_by_name: null,
      download_url: `/api/business-certificate/${entry.letter_request_id}/pdf`,
      request_link: `/service/ku/${entry.letter_request_id}`,
    });
    expect(entry.size).toBeGreaterThan(1000);
    const detail = await asSiti('GET', `/api/pdf-histories/${entry.id}`);
    expect(detail.json().data).toEqual(entry);
    expect((await asYohanes('GET', `/api/pdf-histories/${entry.id}`)).statusCode).toBe(404);

    const all = await asAdmin('GET', '/api/pdf-histories');
    expect(all.json().meta.total).toBe(2);
    expect(all.json().data[0].issued_by_name).toBeTruthy();
    expect((await asAdmin('GET', '/api/pdf-histories?type=kdtt')).json().meta.total).toBe(0);
    expect(
      (await asAdmin('GET', '/api/pdf-histories?search=yoh'))
        .json()
        .data.map((h: { applicant_name: string }) => h.applicant_name),
    ).toEqual(['Yohanes Sitompul']);
    // Every word must begin a word of the name; "sit" begins both names, "rah" only one.
    const archiveNames = async (query: string) =>
      (await asAdmin('GET', `/api/pdf-histories?${query}`))
        .json()
        .data.map((h: { applicant_name: string }) => h.applicant_name)
        .sort();
    expect(await archiveNames('search=sit')).toEqual(['Siti Rahmawati', 'Yohanes Sitompul']);
    expect(await archiveNames('search=rah%20sit')).toEqual(['Siti Rahmawati']);
    expect(await archiveNames('search=sit%20yoh')).toEqual(['Yohanes Sitompul']);
    expect(await archiveNames('search=sit&type=kdtt')).toEqual([]);
    expect(await archiveNames('search=sit&type=ku')).toEqual([
      'Siti Rahmawati',
      'Yohanes Sitompul',
    ]);
    expect((await asAdmin('GET', '/api/pdf-histories?to=2020-12-31')).json().meta.total).toBe(0);
    expect((await asAdmin('GET', `/api/pdf-histories/${entry.id}`)).json().data.request_link).toBe(
      `/admin/service-ku/${entry.letter_request_id}`,
    );
  });

  it('counts a request once when several of its words match, and combines name and NIK', async () => {
    const kks = letterTypeByCode('kks')!;
    const sitorus = await makeResident(ctx.testDb.db, {
      name: 'Siti Sitorus',
      nik: '1271014506900001',
    });
    const as = client(ctx.app, await login(ctx.app, sitorus.email));
    await as('POST', kks.base, example('kks'));
    const aminah = await makeResident(ctx.testDb.db, {
      name: 'Siti Aminah',
      nik: '3201014506900009',
    });
    await client(ctx.app, await login(ctx.app, aminah.email))('POST', kks.base, example('kks'));
    const both = await asAdmin('GET', `${kks.base}?search=sit`);
    expect(both.json().meta.total).toBe(2);
    expect(new Set(names(both))).toEqual(new Set(['Siti Sitorus', 'Siti Aminah']));
    expect(names(await asAdmin('GET', `${kks.base}?search=siti%201271`))).toEqual(['Siti Sitorus']);
    expect(names(await asAdmin('GET', `${kks.base}?search=SITORUS%20siti`))).toEqual([
      'Siti Sitorus',
    ]);
    // The resident's own list searches the same way.
    expect((await as('GET', `${kks.base}?search=sit`)).json().meta.total).toBe(1);
    expect((await as('GET', `${kks.base}?search=1271`)).json().meta.total).toBe(1);
    expect((await as('GET', `${kks.base}?search=rahma`)).json().meta.total).toBe(0);
  });
});
