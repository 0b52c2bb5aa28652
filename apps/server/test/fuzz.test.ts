/**
 * The bounded run of the fuzz proof suite (bench/proof/fuzz.proof.ts, docs/reliability.md):
 * every operation of the served OpenAPI document, as anonymous, resident and administrator, a
 * few generated requests each — never a 5xx, and after every refusal the database exactly as
 * before. The suite runs the same code with many more requests against a server process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { changes, fuzz, snapshotter, type FuzzReport } from '../../../bench/proof/fuzz-openapi.ts';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { NO_SUBMISSION_CAPS, makeResident } from './letter-helpers.ts';
import {
  createTestDb,
  makeUser,
  onPostgres,
  PASSWORD,
  testConfig,
  type TestDb,
} from './helpers.ts';
import { DEMO_RESIDENTS } from '../src/seed/residents.ts';

const ADMIN = { email: 'admin@fuzz.desa.id', password: 'fuzz-admin-123' };
const DEMO_PASSWORD = 'fuzz-warga-123';
/** Requests per operation and role: 2 × 3 × every operation (about 2,000 requests). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let app: FastifyInstance;
let testDb: TestDb;
let report: FuzzReport;

beforeAll(async () => {
  testDb = await createTestDb();
  const env = {
    BALAI_ADMIN_EMAIL: ADMIN.email,
    BALAI_ADMIN_PASSWORD: ADMIN.password,
    BALAI_DEMO_PASSWORD: DEMO_PASSWORD,
    // Limits would only turn requests away before they reach the handlers.
    RATE_LIMIT_MAX: '0',
    LOGIN_RATE_LIMIT_MAX: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    ...NO_SUBMISSION_CAPS,
  };
  const config = testConfig(env);
  // The demo village: residents, content with images, letters in every state with PDFs.
  await seedIfEmpty(testDb.db, config);
  app = await buildApp({ config, db: testDb.db, logger: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** Signs `role` in; an account the fuzzing made unusable (deactivated, demoted) is replaced. */
async function signIn(role: 'resident' | 'administrator'): Promise<string> {
  const candidates =
    role === 'administrator'
      ? [ADMIN]
      : [{ email: DEMO_RESIDENTS[0]!.email, password: DEMO_PASSWORD }];
  for (const c of candidates) {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: c });
    const want = role === 'administrator' ? 'ADMINISTRATOR' : 'WARGA';
    if (res.statusCode === 200 && res.json().data.user.role === want) return res.json().data.token;
  }
  const user =
    role === 'administrator'
      ? await makeUser(testDb.db, { role: 'ADMINISTRATOR' })
      : await makeResident(testDb.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: PASSWORD },
  });
  return res.json().data.token;
}

it(`every operation, every role: no 5xx, nothing written on a refusal (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, async () => {
  report = await fuzz({
    db: testDb.db.kysely,
    signIn,
    runsPerOperation: RUNS,
    seed: SEED,
    send: async (r) => {
      const res = await app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: r.headers,
        ...(r.body !== undefined ? { payload: r.body } : {}),
      });
      return { status: res.statusCode, body: res.body };
    },
  });
  console.log(
    `fuzz: ${report.operations} operations, ${report.requests} requests, ${report.refusalsChecked} refusals checked, ${report.ms} ms, statuses ${JSON.stringify(report.statuses)}`,
  );
  expect(report.failures).toEqual([]);
  expect(report.operations).toBeGreaterThan(150);
  expect(report.requests).toBeGreaterThanOrEqual(report.operations * 3 * RUNS);
}, 180_000);

it('the check of the database sees a changed or added row; audit rows may be added', async () => {
  const snapshot = snapshotter(testDb.db.kysely);
  const before = await snapshot();
  await testDb.db.kysely.updateTable('settings').set({ village_name: 'Desa Berubah' }).execute();
  await makeUser(testDb.db);
  await testDb.db.kysely
    .insertInto('audit_log')
    .values({ action: 'login.failed', created_at: new Date().toISOString() })
    .execute();
  const found = changes(before, await snapshot());
  expect(found.some((c) => c.startsWith('settings: '))).toBe(true);
  expect(found.some((c) => c.startsWith('users: '))).toBe(true);
  expect(found.some((c) => c.startsWith('audit_log'))).toBe(false);
});

// What the fuzzing found on PostgreSQL: ids past its integer keys answered 500 ("value out of
// range for type integer"). An id past MAX_ID names nothing.
it('an id larger than any key is a 404 or a 422, not a 500', async () => {
  const token = await signIn('administrator');
  const big = 2_147_483_648;
  const cases: [string, string, object | undefined, number][] = [
    ['GET', `/api/users/detail/${big}`, undefined, 404],
    ['GET', `/api/homepage-benefits/${big}`, undefined, 404],
    ['DELETE', `/api/statement/${big}`, undefined, 404],
    ['GET', `/api/notifications/${big}`, undefined, 404],
    ['GET', `/files/${big}`, undefined, 404],
    ['GET', `/api/statement/?applicant_id=${big}`, undefined, 422],
    ['POST', '/api/homepage-headers', { title: 'Judul', image: big }, 422],
    ['POST', '/api/statement/', { applicant_id: big, details: 'x', purpose: 'y' }, 422],
    ['GET', `/api/statement/attachments/${big}`, undefined, 404],
    ['GET', `/api/statement/attachments/${big}/thumb`, undefined, 404],
    ['POST', '/api/statement/', { details: 'x', purpose: 'y', attachments: [big] }, 422],
  ];
  for (const [method, url, payload, status] of cases) {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} ${status}`);
    expect(res.json().message).toEqual(expect.any(String));
  }
});

// Also found on PostgreSQL: a NUL in a list's search ("invalid byte sequence") answered 500.
it('a search with control characters finds what the text without them finds', async () => {
  const token = await signIn('administrator');
  for (const url of [
    '/api/population-infos?search=a%00b',
    '/api/homepage-galleries?search=%00',
    '/api/users/list?search=siti%07%00',
    '/api/statement/?search=%E2%80%AEsiti%00',
  ]) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(`${url} ${res.statusCode}`).toBe(`${url} 200`);
  }
});

// Also found: a JSON null as the body of the password change answered 500 (the comparison of the
// two new passwords ran on it). The same schema shape guards the reset.
it('a body that is null, or not an object, is a 422 on the password routes', async () => {
  const token = await signIn('resident');
  for (const url of ['/api/profile/password', '/api/reset-password']) {
    for (const payload of ['null', '1', '"x"', '[]']) {
      const res = await app.inject({
        method: url === '/api/reset-password' ? 'POST' : 'PUT',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(`${url} ${payload} ${res.statusCode}`).toBe(`${url} ${payload} 422`);
      expect(res.json().message).toEqual(expect.any(String));
    }
  }
});
