import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, NOT_LIVING_MESSAGES, ADMIN_ROLE } from '@balai/domain';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import { client, example, NO_SUBMISSION_CAPS } from './letter-helpers.ts';
import { importFile, opensidXlsx, people } from './register-fixtures.ts';

// Issue 21 (item 5) with issue 15: the Kepala Desa's approval re-checks, as the desk's moves do,
// that the letter's person still lives in the village. On SQLite and PostgreSQL.
let ctx: TestContext;
let asClerk: ReturnType<typeof client>;
let asHead: ReturnType<typeof client>;
const ku = letterTypeByCode('ku')!;

beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
  const db = ctx.testDb.db;
  const clerk = await makeUser(db, { role: ADMIN_ROLE, name: 'Petugas Layanan' });
  const head = await makeUser(db, {
    role: ADMIN_ROLE,
    name: 'H. Ahmad Suryadi',
    position: 'kepala_desa',
  });
  const clerkToken = await login(ctx.app, clerk.email);
  asClerk = client(ctx.app, clerkToken);
  asHead = client(ctx.app, await login(ctx.app, head.email));
  const set = await asClerk('PUT', '/api/settings/signing', { head_user_id: head.id });
  expect(set.statusCode, set.body).toBe(200);
  const res = await importFile(ctx.app, clerkToken, await opensidXlsx(people(3)));
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => ctx.close());

describe('signing approval and the register (issue 21)', () => {
  it('refuses with 409 a letter whose person died after it went for signature, issuing nothing; issues it while they live', async () => {
    const person = await ctx.app.db
      .selectFrom('register_persons')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const filed = await asClerk('POST', ku.base, {
      ...example('ku'),
      subject_person_id: person.id,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.id as number;
    for (const status of ['processing', 'awaiting_signature']) {
      const moved = await asClerk('POST', `${ku.base}/${id}/status`, { status, note: 'Cek KK.' });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The register records the death while the letter waits in the signing queue.
    const setLife = (life_status: 'hidup' | 'meninggal') =>
      ctx.app.db
        .updateTable('register_persons')
        .set({ life_status })
        .where('id', '=', person.id)
        .execute();
    await setLife('meninggal');
    const refused = await asHead('POST', '/api/signing/approve', { ids: [id], password: PASSWORD });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(NOT_LIVING_MESSAGES.meninggal);
    const still = await asClerk('GET', `${ku.base}/${id}`);
    expect(still.json().data).toMatchObject({ status: 'awaiting_signature', number: null });

    await setLife('hidup');
    const approved = await asHead('POST', '/api/signing/approve', {
      ids: [id],
      password: PASSWORD,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await asClerk('GET', `${ku.base}/${id}`)).json().data.status).toBe('completed');
  });
});
