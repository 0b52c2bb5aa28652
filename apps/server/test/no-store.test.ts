import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;

/**
 * No authenticated API answer may stay in a browser's or proxy's cache (issue 18.7): every GET
 * of the OpenAPI document, as a resident and as an administrator, answers `no-store`, whatever
 * its status; so do the answers that hand out a session.
 */
describe('cache-control: no-store on every authenticated answer', () => {
  let ctx: TestContext;
  let asResident: ReturnType<typeof client>;
  let asAdmin: ReturnType<typeof client>;
  let residentEmail: string;
  let requestId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const resident = await makeResident(ctx.testDb.db);
    residentEmail = resident.email!;
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asResident = client(ctx.app, await login(ctx.app, resident.email!));
    asAdmin = client(ctx.app, await login(ctx.app, admin.email!));
    requestId = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
  });
  afterAll(async () => ctx.close());

  async function everyGet(): Promise<string[]> {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    return (
      Object.entries(doc.paths)
        // /files/{id} are the public content images, outside the API and cached for good.
        .filter(([path, ops]) => 'get' in ops && path.startsWith('/api/'))
        .map(([path]) => path.replace('{id}', String(requestId)).replace(/\{[a-z_]+\}/g, '1'))
    );
  }

  it('every GET, as a resident and as an administrator', async () => {
    const urls = await everyGet();
    expect(urls.length).toBeGreaterThan(40);
    const missing: string[] = [];
    const statuses = new Set<number>();
    for (const [who, as] of [
      ['warga', asResident],
      ['admin', asAdmin],
    ] as const) {
      for (const url of urls) {
        const res = await as('GET', url);
        statuses.add(res.statusCode);
        if (!/\bno-store\b/.test(String(res.headers['cache-control'] ?? ''))) {
          missing.push(`${who} ${url} ${res.statusCode} ${res.headers['cache-control']}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The walk met answers with data and refusals alike.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(403)).toBe(true);
  });

  it('the profile, the request with its NIK, a change and a public list read while signed in', async () => {
    for (const res of [
      await asResident('GET', '/api/profile'),
      await asResident('GET', `${ku.base}/${requestId}`),
      await asResident('PUT', `${ku.base}/${requestId}`, { purpose: 'Pengajuan KUR' }),
      await asResident('GET', '/api/letter-types'),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('the login answer (token and profile) is not kept; a public read without a session keeps its caching', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: residentEmail, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const open = await ctx.app.inject({ method: 'GET', url: '/api/letter-types' });
    expect(open.headers['cache-control']).toBe('public, max-age=300');
  });
});
