import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIK_REQUESTS } from '../src/services/nik-requests.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, makeResident } from './letter-helpers.ts';

const TAKEN = '3201014506900002';
const FREE = '3201019988770003';

/**
 * `PUT /api/profile {"nik": …}` gives nothing away (issue 18.9): a NIK someone else holds and a
 * free one get the same answer — the change is recorded for the office to check against the
 * KTP, the profile keeps its NIK — and a resident makes at most NIK_REQUESTS such requests a day,
 * parallel ones included.
 */
describe('profile: a new NIK goes to the office, whoever holds it', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let adminId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    await makeResident(ctx.testDb.db, { nik: TAKEN, name: 'Pemilik NIK' });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    adminId = admin.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email!));
  });
  afterAll(async () => ctx.close());

  async function someone(name: string) {
    const user = await makeResident(ctx.testDb.db, { name });
    return { user, as: client(ctx.app, await login(ctx.app, user.email!)) };
  }

  /** A message with the NIK's last digits (the only part that names what was typed) blanked. */
  const shape = (body: string, nik: string) => body.replaceAll(nik.slice(-4), '####');

  it('a taken NIK and a free one: the same answer, the profile keeps its NIK, the office is told', async () => {
    const { user, as } = await someone('Penguji NIK');
    const taken = await as('PUT', '/api/profile', { nik: TAKEN, phone: '081200000001' });
    const free = await as('PUT', '/api/profile', { nik: FREE, phone: '081200000001' });
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    const a = taken.json();
    const b = free.json();
    // The same data, the same kind of message; only the typed NIK's last digits differ.
    expect(a.data.updated_at <= b.data.updated_at).toBe(true);
    delete a.data.updated_at;
    delete b.data.updated_at;
    expect(a.data).toEqual(b.data);
    expect(shape(a.nik_change.message, TAKEN)).toBe(shape(b.nik_change.message, FREE));
    expect(b.nik_change).toEqual({
      status: 'requested',
      message: expect.stringMatching(/\*{12}0003 dicatat dan akan diperiksa petugas desa/),
    });
    expect(b.data).toMatchObject({ nik: user.nik, phone: '081200000001' });
    expect((await as('GET', '/api/profile')).json().data.nik).toBe(user.nik);

    const notices = await ctx.testDb.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', adminId)
      .where('title', '=', 'Perubahan NIK diajukan: Penguji NIK')
      .execute();
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({ link: `/admin/user/${user.id}/edit` });
    expect(notices[1]!.body).toContain('berakhiran 0003');
    expect(JSON.stringify(notices)).not.toContain(FREE);

    // The office checks the KTP and sets it; a NIK someone holds is refused to the office only.
    const clash = await asAdmin('PUT', `/api/users/update/${user.id}`, { nik: TAKEN });
    expect(clash.statusCode).toBe(422);
    const set = await asAdmin('PUT', `/api/users/update/${user.id}`, { nik: FREE });
    expect(set.statusCode, set.body).toBe(200);
    expect((await as('GET', '/api/profile')).json().data.nik).toBe(FREE);
    // Its own NIK again is no request.
    const same = await as('PUT', '/api/profile', { nik: FREE, occupation: 'Petani' });
    expect(same.statusCode).toBe(200);
    expect(same.json().nik_change).toBeUndefined();
  });

  it('a save refused for another field records no request', async () => {
    const { user, as } = await someone('Salah Isi');
    const res = await as('PUT', '/api/profile', { nik: FREE, phone: '08ab' });
    expect(res.statusCode).toBe(422);
    const rows = await ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'profile.nik_requested')
      .where('subject_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it(`at most ${NIK_REQUESTS} requests a day, one after another or in parallel`, async () => {
    const { as } = await someone('Penebak Berurutan');
    for (let i = 0; i < NIK_REQUESTS; i++) {
      const res = await as('PUT', '/api/profile', { nik: `32010199000000${10 + i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await as('PUT', '/api/profile', { nik: TAKEN });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/sudah diajukan 3 kali dalam 24 jam/);
    expect(over.headers['retry-after']).toBe('86400');

    const { user, as: parallel } = await someone('Penebak Serentak');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        parallel('PUT', '/api/profile', { nik: `32010177000000${10 + i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(NIK_REQUESTS);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    const rows = await ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'profile.nik_requested')
      .where('subject_id', '=', user.id)
      .execute();
    expect(rows.length).toBe(codes.filter((c) => c === 200).length);
    expect(rows.length).toBeGreaterThan(0);
  });
});
