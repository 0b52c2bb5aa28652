import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, todayIso } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/**
 * `GET /api/settings/letter-number-preview`: the settings page's preview of the number the next
 * letter would get. It reads the sequence without taking it, and the number it shows is the
 * number the next issued letter prints.
 */
describe('letter-number preview', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  const today = todayIso();
  const [year, month] = today.split('-');
  const roman = ROMAN[Number(month) - 1];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const resident = await makeResident(db);
    asResident = client(ctx.app, await login(ctx.app, resident.email));
  });
  afterAll(async () => ctx.close());

  const preview = (query: Record<string, string>) =>
    asAdmin('GET', `/api/settings/letter-number-preview?${new URLSearchParams(query).toString()}`);

  async function issue() {
    const created = (await asResident('POST', ku.base, example('ku'))).json().data as {
      id: number;
    };
    expect(
      (await asAdmin('PUT', `${ku.base}/${created.id}`, { status: 'processing' })).statusCode,
    ).toBe(200);
    const done = await asAdmin('PUT', `${ku.base}/${created.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    return (done.json().data as { number: string }).number;
  }

  it('is for administrators only', async () => {
    const url = '/api/settings/letter-number-preview';
    expect((await client(ctx.app, null)('GET', url)).statusCode).toBe(401);
    expect((await asResident('GET', url)).statusCode).toBe(403);
  });

  it('previews the stored format and village code by default, starting at 1', async () => {
    const res = await asAdmin('GET', '/api/settings/letter-number-preview');
    expect(res.statusCode, res.body).toBe(200);
    // A fresh database: the default format, no village code yet, the first letter type.
    expect(res.json().data).toEqual({
      number: `${letterTypeByCode('irr')!.classificationCode}/001/${roman}/${year}`,
      seq: 1,
      type: 'irr',
      type_title: letterTypeByCode('irr')!.title,
      classification_code: letterTypeByCode('irr')!.classificationCode,
      issued_on: today,
      format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
      village_code: null,
    });
  });

  it('fills a typed format and village code; the number it shows is the one the next letter prints, and looking does not take it', async () => {
    const format = 'SK/{code}/{seq:4}/{village_code}/{month}/{year}';
    const query = { format, type: 'ku', village_code: '32.01.01.2001' };
    const first = await preview(query);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      number: `SK/${ku.classificationCode}/0001/32.01.01.2001/${month}/${year}`,
      seq: 1,
      type: 'ku',
      village_code: '32.01.01.2001',
    });
    // Looking twice does not move the sequence.
    expect((await preview(query)).json().data.seq).toBe(1);

    // Store the format and code, then issue: the letter prints exactly the previewed number.
    const settings = (await asAdmin('GET', '/api/settings/admin')).json().data;
    const saved = await asAdmin('PUT', '/api/settings', {
      ...settings,
      letter_number_format: format,
      village_code: '32.01.01.2001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await issue()).toBe(first.json().data.number);

    // Now the next one is 2, for this code's register, and 1 again for a format without {code}
    // in a register of its own.
    expect((await preview(query)).json().data).toMatchObject({
      seq: 2,
      number: `SK/${ku.classificationCode}/0002/32.01.01.2001/${month}/${year}`,
    });
    const next = (await preview({ type: 'ku' })).json().data;
    expect(next.number).toBe(`SK/${ku.classificationCode}/0002/32.01.01.2001/${month}/${year}`);
    expect(await issue()).toBe(next.number);
    expect((await preview({ format: '{seq}/{year}', type: 'ku' })).json().data.number).toBe(
      `1/${year}`,
    );
    // An empty village code leaves no hole.
    expect((await preview({ format, type: 'ku', village_code: '' })).json().data.number).toBe(
      `SK/${ku.classificationCode}/0003/${month}/${year}`,
    );
  });

  it('refuses a bad format, type or village code in Indonesian, on its field', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ format: '{code}/{year}' }, 'format', /harus memuat \{seq\}/],
      [{ format: '{seq}/{nomor}' }, 'format', /penanda yang tidak dikenal: \{nomor\}/],
      [{ format: '{seq:0}' }, 'format', /N harus angka 1 sampai 10/],
      [{ format: '{seq}/{year' }, 'format', /kurung kurawal/],
      [{ format: `{seq}${'x'.repeat(200)}` }, 'format', /100/],
      [{ type: 'tidak-ada' }, 'type', /Jenis surat tidak dikenal/],
      [{ village_code: '12345' }, 'village_code', /Kode desa harus 10 digit/],
    ];
    for (const [query, field, message] of cases) {
      const res = await preview(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().errors[field][0]).toMatch(message);
    }
  });
});
