import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, pdfText } from './letter-helpers.ts';

const kp = letterTypeByCode('kp')!;

/** The public verification behind the QR code: enough to prove a letter genuine, nothing more. */
describe('letter verification', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  const anon = () => client(ctx.app, null);

  beforeAll(async () => {
    ctx = await createTestApp();
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' })).email),
    );
    asResident = client(
      ctx.app,
      await login(ctx.app, (await makeResident(ctx.testDb.db, { name: 'Siti Rahmawati' })).email),
    );
  });
  afterAll(async () => ctx.close());

  it('shows the number, type, issue date, masked holder and sha256 of an issued letter, and nothing else', async () => {
    const id = (await asResident('POST', kp.base, example('kp'))).json().data.id;
    await asAdmin('PUT', `${kp.base}/${id}`, { status: 'processing' });
    const letter = (await asAdmin('PUT', `${kp.base}/${id}`, { status: 'completed' })).json().data;
    const pdf = (await asResident('GET', `${kp.base}/${id}/pdf`)).rawPayload;

    // The token is in the QR code's URL, printed on the letter; it is not the id.
    const token = letter.verify_url.split('/verify/')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).not.toBe(String(id));
    expect(pdfText(pdf).replace(/\s/g, '')).toContain(`http://balai.test/verify/${token}`);

    const res = await anon()('GET', `/api/verify/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'holder',
      'issued_at',
      'issued_on',
      'number',
      'sha256',
      'signature',
      'type',
    ]);
    expect(data).toMatchObject({
      number: letter.number,
      type: { code: 'kp', title: 'Surat Keterangan Penghasilan' },
      holder: 'Si** Ra*******',
      sha256: createHash('sha256').update(pdf).digest('hex'),
      // Issued in one step (no Kepala Desa account named): nobody signed it electronically.
      signature: null,
    });
    expect(data.issued_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body).not.toMatch(/Rahmawati|3201|Petani|2500000/);
  });

  it('knows nothing of unknown tokens, malformed ones, or requests not issued yet', async () => {
    const pending = (await asResident('POST', kp.base, example('kp'))).json().data.id;
    const row = await ctx.testDb.db.kysely
      .selectFrom('letter_requests')
      .select('verify_token')
      .where('id', '=', pending)
      .executeTakeFirstOrThrow();
    for (const token of [
      row.verify_token,
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'pendek',
      '..%2F..%2Fetc',
      String(pending),
    ]) {
      const res = await anon()('GET', `/api/verify/${token}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual({ message: expect.stringMatching(/tidak ditemukan/) });
    }
  });
});
