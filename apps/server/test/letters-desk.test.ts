import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_STATUSES, letterTypeByCode, requestReference } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, pdfText, squash } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const kdtt = letterTypeByCode('kdtt')!;

/**
 * What the letter desks add to the lists and the requests (docs/letters.md, "The desks"):
 * status counts beside a list, a search by reference, and the draft preview before issuing.
 */
describe('letter desks', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asSiti: ReturnType<typeof client>;
  const ku_: number[] = [];
  let kdttId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const siti = await makeResident(db, { name: 'Siti Rahmawati', nik: '3201014506880002' });
    asSiti = client(ctx.app, await login(ctx.app, siti.email));
    const budi = client(
      ctx.app,
      await login(ctx.app, (await makeResident(db, { name: 'Budi Santoso' })).email),
    );
    // ku: Siti 3, Budi 2; then one processing, one needs revision, one rejected.
    for (const as of [asSiti, asSiti, asSiti, budi, budi]) {
      const res = await as('POST', ku.base, example('ku'));
      expect(res.statusCode, res.body).toBe(201);
      ku_.push(res.json().data.id);
    }
    kdttId = (await asSiti('POST', kdtt.base, example('kdtt'))).json().data.id;
    await asAdmin('PUT', `${ku.base}/${ku_[0]}`, { status: 'processing' });
    await asAdmin('PUT', `${ku.base}/${ku_[1]}`, {
      status: 'needs_revision',
      note: 'Foto KTP buram.',
    });
    await asAdmin('PUT', `${ku.base}/${ku_[2]}`, { status: 'rejected', note: 'Bukan warga desa.' });
  });
  afterAll(async () => ctx.close());

  const all = LETTER_STATUSES.join(',');

  it("counts a type's requests in each status asked, whatever the status filter and search", async () => {
    const res = await asAdmin('GET', `${ku.base}?counts=${all}&status=submitted&search=budi`);
    expect(res.statusCode, res.body).toBe(200);
    const { meta, data } = res.json();
    expect(data).toHaveLength(2);
    expect(meta.counts).toEqual({
      submitted: 2,
      needs_revision: 1,
      processing: 1,
      awaiting_signature: 0,
      completed: 0,
      rejected: 1,
      cancelled: 0,
    });
    // Only what was asked; without `counts` there are none.
    const waiting = (await asAdmin('GET', `${ku.base}?counts=submitted,processing`)).json().meta;
    expect(waiting.counts).toEqual({ submitted: 2, processing: 1 });
    expect((await asAdmin('GET', ku.base)).json().meta.counts).toBeUndefined();
  });

  it('counts across the types for the cross-type queue, and follows the date range', async () => {
    const res = await asAdmin(
      'GET',
      '/api/letter-requests?counts=submitted,processing&status=submitted,processing&sort=created_at',
    );
    const { meta, data } = res.json();
    expect(meta.counts).toEqual({ submitted: 3, processing: 1 });
    // Oldest first: the first ku processing, then the two of Budi, then the kdtt.
    expect(data.map((r: { id: number }) => r.id)).toEqual([ku_[0], ku_[3], ku_[4], kdttId]);
    const future = (
      await asAdmin('GET', `/api/letter-requests?counts=submitted&from=2999-01-01`)
    ).json().meta;
    expect(future.counts).toEqual({ submitted: 0 });
  });

  it('refuses a count of an unknown status with a message', async () => {
    const res = await asAdmin('GET', `${ku.base}?counts=submitted,waiting`);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/Status harus salah satu dari/);
  });

  it('gives a resident counts of their own requests only', async () => {
    const res = await asSiti('GET', `${ku.base}?counts=${all}`);
    expect(res.json().meta.counts).toEqual({
      submitted: 0,
      needs_revision: 1,
      processing: 1,
      awaiting_signature: 0,
      completed: 0,
      rejected: 1,
      cancelled: 0,
    });
  });

  it('finds a request by its reference, in its own type only', async () => {
    const ref = requestReference('ku', ku_[3]!);
    for (const search of [ref, ref.toLowerCase(), `KU-${ku_[3]}`]) {
      const res = await asAdmin('GET', `${ku.base}?search=${encodeURIComponent(search)}`);
      expect(
        res.json().data.map((r: { id: number }) => r.id),
        search,
      ).toEqual([ku_[3]]);
    }
    const across = await asAdmin('GET', `/api/letter-requests?search=${ref}`);
    expect(across.json().data.map((r: { id: number }) => r.id)).toEqual([ku_[3]]);
    expect((await asAdmin('GET', `${kdtt.base}?search=${ref}`)).json().data).toEqual([]);
    // With the type's other filters: a reference of a request in another status is not listed.
    expect((await asAdmin('GET', `${ku.base}?search=${ref}&status=rejected`)).json().data).toEqual(
      [],
    );
    // A resident finds only their own by reference.
    expect((await asSiti('GET', `${ku.base}?search=${ref}`)).json().data).toEqual([]);
  });

  it('previews the letter as a draft: no number, nothing stored, the request unchanged', async () => {
    const before = (await asAdmin('GET', `${ku.base}/${ku_[0]}`)).json().data;
    const res = await asAdmin('GET', `${ku.base}/${ku_[0]}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = squash(pdfText(res.rawPayload));
    expect(text).toContain('SURAT KETERANGAN USAHA');
    expect(text).toContain('DRAF — nomor diberikan saat surat diterbitkan');
    // Issue 25.3: the diagonal watermark, and no QR code or verification address.
    expect(text).toContain('DRAF — BELUM BERLAKU');
    expect(text).toContain('DRAF tanpa kode QR');
    expect(text).not.toContain('Pindai kode QR');
    expect(text).not.toContain('/verify/');
    expect(text).toContain(before.applicant.name);
    expect(text).toContain(String(example('ku').business_name));

    const after = (await asAdmin('GET', `${ku.base}/${ku_[0]}`)).json().data;
    expect(after.status).toBe('processing');
    expect(after.number).toBeNull();
    expect(after.events).toHaveLength(before.events.length);
    const archive = (await asAdmin('GET', '/api/pdf-histories')).json();
    expect(archive.meta.total).toBe(0);
    // Issuing afterwards takes the first number of the register: the preview used none.
    const issued = (await asAdmin('PUT', `${ku.base}/${ku_[0]}`, { status: 'completed' })).json();
    expect(issued.data.number).toMatch(/^500\/001\//);
  });

  it('previews only requests that may still be issued, for administrators only', async () => {
    const issued = await asAdmin('GET', `${ku.base}/${ku_[0]}/preview`);
    expect(issued.statusCode).toBe(409);
    expect(issued.json().message).toMatch(/sudah terbit/);
    const rejected = await asAdmin('GET', `${ku.base}/${ku_[2]}/preview`);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().message).toMatch(/Ditolak/);
    // Another type's base, or an id that does not exist: not found.
    expect((await asAdmin('GET', `${kdtt.base}/${ku_[3]}/preview`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `${ku.base}/999999/preview`)).statusCode).toBe(404);
    // The resident who filed it: administrators only.
    expect((await asSiti('GET', `${ku.base}/${ku_[1]}/preview`)).statusCode).toBe(403);
    expect((await client(ctx.app, null)('GET', `${ku.base}/${ku_[1]}/preview`)).statusCode).toBe(
      401,
    );
  });
});
