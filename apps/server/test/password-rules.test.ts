import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, personalPasswordMessage } from '@balai/domain';
import { sha256Hex } from '../src/lib/tokens.ts';
import { insertPasswordReset } from '../src/repositories/password-resets.ts';
import { commonPasswords } from '../src/services/passwords.ts';
import { PASSWORD, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client } from './letter-helpers.ts';

const SITI = {
  name: 'Siti Rahmawati',
  nik: '3201014506880002',
  kk_number: '3201011203100045',
  birth_date: '1988-06-05',
};
const GOOD = 'Kopi Tubruk Pagi Hari';

/**
 * Issue 25.5: wherever a password is set (the profile change, the reset from the e-mail link,
 * an administrator creating or updating an account; residents do not register themselves) a
 * common password or one built from the person's own data is a 422 on `password` saying why,
 * and nothing changes.
 */
describe('password rules wherever a password is set (issue 25.5)', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
  });
  afterAll(async () => ctx.close());

  const siti = (tag: string) =>
    makeUser(ctx.testDb.db, {
      ...SITI,
      email: `siti.rahmawati.${tag}${randomBytes(2).toString('hex')}@sukamaju.desa.id`,
      nik: `320101450688${String(Math.floor(Math.random() * 9000) + 1000)}`,
    });

  /** A 422 on `password` with exactly `message`. */
  const refused = (res: { statusCode: number; body: string; json(): unknown }, message: string) => {
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(message);
    expect(body.errors.password).toEqual([message]);
  };

  it('refuses exactly the 10,000 most common passwords, from the list in the package', async () => {
    const list = await commonPasswords();
    expect(list.size).toBe(10_000);
    for (const p of ['123456', 'password', '12345678', 'qwerty', 'iloveyou']) {
      expect(list.has(p), p).toBe(true);
    }
    expect(list.has(GOOD.toLowerCase())).toBe(false);
  });

  it('the profile change: common and personal passwords refused, a good one taken', async () => {
    const user = await siti('p');
    const as = client(ctx.app, await login(ctx.app, user.email));
    const change = (password: string) =>
      as('PUT', '/api/profile/password', {
        current_password: PASSWORD,
        password,
        password_confirmation: password,
      });
    refused(await change('12345678'), PASSWORD_TOO_COMMON);
    refused(await change('Password'), PASSWORD_TOO_COMMON);
    refused(await change('siti1988'), personalPasswordMessage(['nama', 'tanggal lahir']));
    refused(await change('rahmawati0506'), personalPasswordMessage(['nama', 'tanggal lahir']));
    // Nothing changed: the old password still signs in.
    await login(ctx.app, user.email, PASSWORD);
    expect((await change(GOOD)).statusCode).toBe(200);
    await login(ctx.app, user.email, GOOD);
  });

  it('the reset from the e-mail link: refused without using up the link', async () => {
    const user = await siti('r');
    const token = randomBytes(24).toString('base64url');
    await insertPasswordReset(ctx.testDb.db.kysely, {
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const reset = (password: string) =>
      client(ctx.app, null)('POST', '/api/reset-password', {
        token,
        password,
        password_confirmation: password,
      });
    refused(await reset('qwerty123'), PASSWORD_TOO_COMMON);
    refused(await reset(user.nik!), personalPasswordMessage(['NIK']));
    await login(ctx.app, user.email, PASSWORD);
    // The link still works for a good password.
    expect((await reset(GOOD)).statusCode).toBe(200);
    await login(ctx.app, user.email, GOOD);
  });

  it('an administrator creating an account: judged by the new account’s own data', async () => {
    const body = (password: string) => ({
      ...SITI,
      nik: '3201014506880099',
      email: `budi.${randomBytes(2).toString('hex')}@sukamaju.desa.id`,
      name: 'Budi Santoso',
      password,
    });
    refused(await asAdmin('POST', '/api/users/create', body('iloveyou')), PASSWORD_TOO_COMMON);
    refused(
      await asAdmin('POST', '/api/users/create', body('BudiSantoso')),
      personalPasswordMessage(['nama']),
    );
    refused(
      await asAdmin('POST', '/api/users/create', body('budi05061988')),
      personalPasswordMessage(['nama', 'tanggal lahir']),
    );
    const users = await ctx.testDb.db.kysely
      .selectFrom('users')
      .select('id')
      .where('nik', '=', '3201014506880099')
      .execute();
    expect(users).toEqual([]);
    const ok = await asAdmin('POST', '/api/users/create', body(GOOD));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('an administrator updating an account: judged by the data as it will be', async () => {
    const user = await siti('u');
    const update = (payload: object) => asAdmin('PUT', `/api/users/update/${user.id}`, payload);
    refused(await update({ password: '11111111' }), PASSWORD_TOO_COMMON);
    refused(await update({ password: 'SitiRahmawati' }), personalPasswordMessage(['nama']));
    // Renamed in the same update: the new name counts.
    refused(
      await update({ name: 'Dewi Lestari', password: 'dewilestari88' }),
      personalPasswordMessage(['nama']),
    );
    const row = await ctx.testDb.db.kysely
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Siti Rahmawati');
    await login(ctx.app, user.email, PASSWORD);
    expect((await update({ password: GOOD })).statusCode).toBe(200);
    await login(ctx.app, user.email, GOOD);
  });
});
