import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

/**
 * Every route that takes a body, from the OpenAPI document, sent bodies that are not a JSON
 * object, by an administrator and by a resident: the answer is always a 4xx with a message in
 * Indonesian, never a 500 or the framework's English. An object of unknown keys only may be a
 * valid "change nothing" (a profile save), but never a 500.
 */
const NOT_OBJECTS = ['{"rusak', 'null', '[]', '"teks"', '7'];
const UNKNOWN_KEYS = '{"x":1}';
/** Words of the framework's or the validator's own English that must never reach a user. */
const ENGLISH =
  /\b(expected|required|must|invalid input|Bad Request|Internal Server Error|Unexpected token|undefined|is not)\b/i;

describe('bad input on every route', () => {
  let ctx: TestContext;
  let tokens: Record<'admin' | 'resident', string>;
  let operations: { method: string; path: string; body: boolean }[];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    const resident = await makeUser(ctx.testDb.db);
    tokens = {
      admin: await login(ctx.app, admin.email),
      resident: await login(ctx.app, resident.email),
    };
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => ['post', 'put', 'patch'].includes(m))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, body: !!op.requestBody })),
    );
  });
  afterAll(async () => ctx.close());

  it('answers with a 4xx and an Indonesian message', async () => {
    // The letter bases alone are 15 × 3 operations with a body; the rest are accounts, content
    // and settings.
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const { method, path, body } of operations) {
      if (!body) continue; // read-all, logout, …: nothing to read from a body
      for (const who of ['admin', 'resident'] as const) {
        for (const id of ['999999', 'abc']) {
          const url = path.replace(/\{[^}]+\}/g, id);
          for (const payload of [...NOT_OBJECTS, UNKNOWN_KEYS]) {
            const res = await ctx.app.inject({
              method: method as 'POST',
              url,
              headers: { ...bearer(tokens[who]), 'content-type': 'application/json' },
              payload,
            });
            const message = String(res.headers['content-type'] ?? '').includes('json')
              ? (res.json() as { message?: unknown }).message
              : undefined;
            const mayPass = payload === UNKNOWN_KEYS && res.statusCode < 300;
            if (mayPass) continue;
            if (
              res.statusCode < 400 ||
              res.statusCode >= 500 ||
              typeof message !== 'string' ||
              message.length === 0 ||
              ENGLISH.test(message)
            ) {
              failures.push(`${who} ${method} ${url} ${payload} → ${res.statusCode} ${res.body}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
