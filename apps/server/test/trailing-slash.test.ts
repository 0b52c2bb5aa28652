import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;

/**
 * A path that ends with a slash answers as the same path without it. The routes are registered
 * at their contract paths (ADR 0021); before that a letter type's list also answered at
 * `/api/<type>/`, which the proof suites and bookmarks used, and it must keep doing so.
 */
describe('a trailing slash names the same address', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email!));
  });
  afterAll(async () => ctx.close());

  it("answers a letter type's list with and without the slash alike", async () => {
    const plain = await asAdmin('GET', `${ku.base}?per_page=20`);
    const slashed = await asAdmin('GET', `${ku.base}/?per_page=20`);
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('answers the public letter-type registry with the slash', async () => {
    const slashed = await ctx.app.inject({ method: 'GET', url: '/api/letter-types/' });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(
      (await ctx.app.inject({ method: 'GET', url: '/api/letter-types' })).json(),
    );
  });

  it('still answers 404 for an address that names nothing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada/' });
    expect(res.statusCode).toBe(404);
  });
});
