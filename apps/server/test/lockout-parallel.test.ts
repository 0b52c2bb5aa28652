import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../src/repositories/audit-log.ts';
import { CONFIRM_FAILURES } from '../src/services/signing-lockout.ts';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import { client } from './letter-helpers.ts';

/**
 * Issue 18.5: lock-outs hold against parallel requests. Each attempt is recorded before its
 * password or PIN is checked (services/attempts.ts), so a burst checks at most the limit —
 * counted by the failure rows, one per password actually checked. Default limits: 5 per account
 * and address, 10 per account, 20 per address; 10 signing checks per account in 15 minutes.
 */
describe('lock-outs under parallel attempts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '0' } });
  });
  afterAll(async () => ctx.close());

  const attempt = (email: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  /** Statuses of a burst, counted. */
  async function burst(requests: Promise<{ statusCode: number }>[]) {
    const counts: Record<number, number> = {};
    for (const res of await Promise.all(requests)) {
      counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    }
    return counts;
  }

  const auditCount = async (action: string, where: { userId?: number; ip?: string }) => {
    let q = ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('action', '=', action);
    if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
    if (where.ip !== undefined) q = q.where('ip', '=', where.ip);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it('30 parallel passwords for one account from one address: at most 5 are checked, then exactly 5', async () => {
    const owner = await makeUser(ctx.testDb.db);
    const ip = '203.0.113.41';
    const counts = await burst(
      Array.from({ length: 30 }, (_, i) => attempt(owner.email, `tebakan-${i}`, ip)),
    );
    const checked = await auditCount('login.failure', { userId: owner.id });
    expect(counts[401] ?? 0).toBe(checked);
    expect(checked).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(30);
    // Nothing in flight is left behind: every reservation became a failure or was removed.
    expect(await auditCount('login.attempt', {})).toBe(0);
    // One at a time, the pair reaches the limit and no further.
    for (let i = 0; i < 10; i++) await attempt(owner.email, `lagi-${i}`, ip);
    expect(await auditCount('login.failure', { userId: owner.id })).toBe(5);
    const refused = await attempt(owner.email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().message).toMatch(/Terlalu banyak percobaan masuk yang gagal/);
  });

  it('60 parallel passwords for one account from 60 addresses: at most 10 are checked', async () => {
    const owner = await makeUser(ctx.testDb.db);
    const counts = await burst(
      Array.from({ length: 60 }, (_, i) => attempt(owner.email, `tebakan-${i}`, `198.18.7.${i}`)),
    );
    const checked = await auditCount('login.failure', { userId: owner.id });
    expect(counts[401] ?? 0).toBe(checked);
    expect(checked).toBeLessThanOrEqual(10);
    expect(counts[429]).toBeGreaterThanOrEqual(50);
  });

  it('60 parallel logins to 60 accounts from one address: at most 20 are checked', async () => {
    const ip = '198.51.100.77';
    const users = await Promise.all(Array.from({ length: 60 }, () => makeUser(ctx.testDb.db)));
    const counts = await burst(users.map((u) => attempt(u.email, 'bukan-sandinya', ip)));
    const checked = await auditCount('login.failure', { ip });
    expect(counts[401] ?? 0).toBe(checked);
    expect(checked).toBeLessThanOrEqual(20);
    expect(counts[429]).toBeGreaterThanOrEqual(40);
  });

  it('20 parallel sign-ins with the right password from one address all get in (none is a failure)', async () => {
    const owner = await makeUser(ctx.testDb.db);
    const counts = await burst(
      Array.from({ length: 20 }, () => attempt(owner.email, PASSWORD, '192.0.2.55')),
    );
    expect(counts).toEqual({ 200: 20 });
    expect(await auditCount('login.attempt', {})).toBe(0);
  });

  it('the right password still signs in after a refused burst from elsewhere, from a known address', async () => {
    const owner = await makeUser(ctx.testDb.db);
    expect((await attempt(owner.email, PASSWORD, '192.168.9.9')).statusCode).toBe(200);
    await burst(
      Array.from({ length: 40 }, (_, i) => attempt(owner.email, `x-${i}`, `198.19.1.${i}`)),
    );
    expect((await attempt(owner.email, PASSWORD, '192.168.9.9')).statusCode).toBe(200);
    expect(await auditCount('login.attempt', {})).toBe(0);
  });

  describe('the signing PIN', () => {
    let asHead: ReturnType<typeof client>;
    let headId: number;
    beforeAll(async () => {
      const db = ctx.testDb.db;
      const clerk = await makeUser(db, { role: 'ADMINISTRATOR' });
      const head = await makeUser(db, {
        role: 'ADMINISTRATOR',
        name: 'Kepala Desa Uji',
        position: 'kepala_desa',
      });
      headId = head.id;
      const asClerk = client(ctx.app, await login(ctx.app, clerk.email));
      asHead = client(ctx.app, await login(ctx.app, head.email));
      const set = await asClerk('PUT', '/api/settings/signing', { head_user_id: head.id });
      expect(set.statusCode, set.body).toBe(200);
      const pin = await asHead('PUT', '/api/signing/pin', { password: PASSWORD, pin: '135790' });
      expect(pin.statusCode, pin.body).toBe(200);
    });

    it(`200 parallel wrong PINs: at most ${CONFIRM_FAILURES} are checked, the rest get 429`, async () => {
      const counts = await burst(
        Array.from({ length: 200 }, (_, i) =>
          asHead('POST', '/api/signing/approve', {
            ids: [1],
            pin: String(200000 + i),
          }),
        ),
      );
      const failed = await listAudit(ctx.testDb.db.kysely, {
        action: 'signing.confirm_failed',
        limit: 1000,
      });
      const checked = failed.filter((f) => f.user_id === headId).length;
      expect(counts[422] ?? 0).toBe(checked);
      expect(checked).toBeLessThanOrEqual(CONFIRM_FAILURES);
      expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(200);
      expect(await auditCount('signing.confirm.attempt', {})).toBe(0);
      // One at a time, the account reaches the limit and no further.
      for (let i = 0; i < 15; i++) {
        await asHead('POST', '/api/signing/approve', { ids: [1], pin: String(300000 + i) });
      }
      expect(
        (
          await listAudit(ctx.testDb.db.kysely, { action: 'signing.confirm_failed', limit: 1000 })
        ).filter((f) => f.user_id === headId),
      ).toHaveLength(CONFIRM_FAILURES);
      // Even the right PIN is refused now, and the password too (one count per account).
      const right = await asHead('POST', '/api/signing/approve', { ids: [1], pin: '135790' });
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toMatch(/^\d+$/);
      expect(right.json().message).toMatch(/Terlalu banyak percobaan kata sandi atau PIN/);
      const byPassword = await asHead('PUT', '/api/signing/pin', {
        password: PASSWORD,
        pin: '246801',
      });
      expect(byPassword.statusCode).toBe(429);
    });
  });
});
