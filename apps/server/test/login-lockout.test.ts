import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, PASSWORD, type TestContext } from './helpers.ts';

/**
 * Issue 14.6 and ADR 0011: a stranger's failures never lock the owner out, and guessing stays
 * bounded. With the default limits (5 per account and address, 10 per account from strangers,
 * 20 per address), except the general request limit, which a test from one process would hit.
 */
describe('lock-outs that do not lock out the owner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => ctx.close());

  const device = () => randomBytes(18).toString('base64url');
  const attempt = (email: string, password: string, ip: string, dev?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password, ...(dev ? { device: dev } : {}) },
      remoteAddress: ip,
    });

  it('the owner gets in from a known address and a known device during an attack; the attack stays bounded', async () => {
    const owner = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    const phone = device();
    // The owner has signed in before: from home, and on a phone whose address changes.
    expect((await attempt(owner.email, PASSWORD, '192.168.7.10')).statusCode).toBe(200);
    expect((await attempt(owner.email, PASSWORD, '100.64.1.1', phone)).statusCode).toBe(200);

    // The attack: 50 addresses, 6 guesses each.
    const codes = new Map<number, number>();
    for (let a = 0; a < 50; a++) {
      for (let g = 0; g < 6; g++) {
        const res = await attempt(owner.email, `tebakan-${a}-${g}`, `203.0.113.${a}`);
        codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
      }
    }
    // Only the first LOGIN_MAX_FAILURES_PER_ACCOUNT guesses from strangers were checked at all.
    expect(codes.get(401)).toBe(10);
    expect(codes.get(429)).toBe(290);
    expect([...codes.keys()].sort()).toEqual([401, 429]);
    // Even the right password from a stranger's address is refused now, with the same answer.
    const guessed = await attempt(owner.email, PASSWORD, '203.0.113.200');
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json().message).toMatch(/Terlalu banyak percobaan masuk yang gagal/);

    // The owner: from home, and on the phone from a new address.
    expect((await attempt(owner.email, PASSWORD, '192.168.7.10')).statusCode).toBe(200);
    expect((await attempt(owner.email, PASSWORD, '100.64.99.7', phone)).statusCode).toBe(200);

    const verified = await ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'login.failure')
      .where('user_id', '=', owner.id)
      .execute();
    expect(verified).toHaveLength(10);
  });

  it('an attacker at a known-good address gets the per-pair limit only', async () => {
    const owner = await makeUser(ctx.testDb.db);
    expect((await attempt(owner.email, PASSWORD, '10.50.0.1')).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await attempt(owner.email, 'salah-salah', '10.50.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // That pair is locked; the owner's phone at another address is not.
    const phone = device();
    expect((await attempt(owner.email, PASSWORD, '10.50.0.2', phone)).statusCode).toBe(200);
  });

  it("one person's failures behind an office NAT do not lock out colleagues who signed in there before", async () => {
    const office = '198.51.100.20';
    const colleague = await makeUser(ctx.testDb.db);
    expect((await attempt(colleague.email, PASSWORD, office)).statusCode).toBe(200);
    // 20 failures across accounts from the office address.
    for (let i = 0; i < 20; i++)
      expect(
        (
          await attempt(
            `orang${i}.${randomBytes(2).toString('hex')}@uji.desa.id`,
            'salah-salah',
            office,
          )
        ).statusCode,
      ).toBe(401);
    // A newcomer at that address is refused, the colleague is not.
    const newcomer = await makeUser(ctx.testDb.db);
    expect((await attempt(newcomer.email, PASSWORD, office)).statusCode).toBe(429);
    expect((await attempt(colleague.email, PASSWORD, office)).statusCode).toBe(200);
    // And the newcomer gets in from elsewhere.
    expect((await attempt(newcomer.email, PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('treats an unknown e-mail like an account with no known-good address', async () => {
    const ghost = `hantu.${randomBytes(3).toString('hex')}@uji.desa.id`;
    const codes: number[] = [];
    for (let a = 0; a < 12; a++)
      codes.push((await attempt(ghost, 'salah-salah', `10.60.0.${a}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('signs in with a 16-digit NIK under the same rules and the same answer', async () => {
    const resident = await makeUser(ctx.testDb.db);
    const byNik = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: `${resident.nik!.slice(0, 4)} ${resident.nik!.slice(4)}`,
        password: PASSWORD,
      },
      remoteAddress: '10.70.0.1',
    });
    expect(byNik.statusCode).toBe(200);
    expect(byNik.json().data.user.id).toBe(resident.id);
    const wrong = await attempt(resident.nik!, 'salah-salah', '10.70.0.2');
    const unknown = await attempt('3299999999999999', 'salah-salah', '10.70.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe('E-mail/NIK atau kata sandi salah.');
    const bad = await attempt('12345', 'x', '10.70.0.4');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual([
      'Masukkan alamat e-mail yang valid atau NIK 16 digit.',
    ]);
    // The same pair limit as an e-mail.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await attempt(resident.nik!, 'salah-salah', '10.70.0.5')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('spends about as long on an unknown NIK as on a wrong password', async () => {
    const resident = await makeUser(ctx.testDb.db);
    const time = async (identifier: string, ip: string) => {
      const t = performance.now();
      await attempt(identifier, 'salah-sekali', ip);
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    // The first of each warms its path up (the NIK query, the dummy hash) and is not counted.
    await time(resident.nik!, '10.80.2.1');
    await time('3299999999999998', '10.80.2.2');
    // Eight more failures: the account stays under its limit of ten from strangers.
    for (let i = 0; i < 8; i++) {
      known.push(await time(resident.nik!, `10.80.0.${i}`));
      unknown.push(await time(`32999999999999${String(i).padStart(2, '0')}`, `10.80.1.${i}`));
    }
    expect(median(unknown) / median(known)).toBeGreaterThan(0.4);
    expect(median(unknown) / median(known)).toBeLessThan(2.5);
  });
});
