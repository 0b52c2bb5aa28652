import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TYPES, letterTypeByBase, uploadable } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import {
  client,
  makeResident,
  type Method,
  NO_SUBMISSION_CAPS,
  stagePhoto,
  withRequiredPhotos,
} from './letter-helpers.ts';
import { jpeg, multipart } from './content-fixtures.ts';
import { bearer } from './helpers.ts';

/**
 * The access matrix, generated from the server's own route list (its OpenAPI document): on
 * every letter, PDF, history and notification route, resident A holding resident B's ids gets
 * a 404 and none of B's data; nobody signed in gets a 401; a resident on an admin-only route
 * gets a 403.
 */
describe('access to letters, PDFs, histories and notifications', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asA: ReturnType<typeof client>;
  let asB: ReturnType<typeof client>;
  const anon = () => client(ctx.app, null);
  const B = { name: 'Bernadette Sihombing', nik: '3201019876543210' };
  /** B's requests per type: one submitted (still changeable) and one completed (with a PDF). */
  const bRequests = new Map<string, { submitted: number; completed: number }>();
  const bNumbers: string[] = [];
  /** B's photos per type: one staged for the next request, one on each of the two requests. */
  /** A's body for a new request of each type (with the photos it needs online). */
  const aBodies = new Map<string, Record<string, unknown>>();
  const bPhotos = new Map<string, { staged: number; submitted: number; completed: number }>();
  let bHistoryId: number;
  let bNotificationId: number;
  let routes: { method: Method; path: string }[] = [];

  const PUBLIC = new Set(['GET /api/letter-types', 'GET /api/verify/{token}']);
  const ADMIN_ONLY = (method: Method, path: string) =>
    path === '/api/dashboard' ||
    path === '/api/letter-requests/export' ||
    path === '/api/letter-register' ||
    path.endsWith('/{id}/preview') ||
    // The birth or death an issued letter records in the register (issue 21): the office's.
    path.endsWith('/{id}/register-event') ||
    (method === 'DELETE' && letterTypeByBase(path.replace(/\/\{id\}$/, '')) !== undefined);

  beforeAll(async () => {
    ctx = await createTestApp({
      // This suite is about who sees what: it stages many photos a minute, past the upload limit.
      env: { RATE_LIMIT_MAX: '0', ATTACHMENT_UPLOADS_PER_MINUTE: '0', ...NO_SUBMISSION_CAPS },
    });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const tokenA = await login(ctx.app, (await makeResident(db, { name: 'Ahmad Fauzi' })).email);
    asA = client(ctx.app, tokenA);
    const tokenB = await login(ctx.app, (await makeResident(db, B)).email);
    asB = client(ctx.app, tokenB);
    const photo = await jpeg(300, 400);
    const addPhoto = async (url: string) => {
      const body = multipart([{ name: 'file', filename: 'ktp.jpg', data: photo }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, ...bearer(tokenB) },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };

    for (const t of LETTER_TYPES) {
      const submitted = (
        await asB('POST', t.base, await withRequiredPhotos(ctx.app, tokenB, t))
      ).json().data.id;
      const completed = (
        await asB('POST', t.base, await withRequiredPhotos(ctx.app, tokenB, t))
      ).json().data.id;
      const key = uploadable(t)[0]!.key;
      bPhotos.set(t.base, {
        staged: (await stagePhoto(ctx.app, tokenB, t, key, photo)).json().data.id,
        submitted: await addPhoto(`${t.base}/${submitted}/attachments?requirement=${key}`),
        completed: await addPhoto(`${t.base}/${completed}/attachments?requirement=${key}`),
      });
      await asAdmin('PUT', `${t.base}/${completed}`, { status: 'processing' });
      const done = await asAdmin('PUT', `${t.base}/${completed}`, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      bNumbers.push(done.json().data.number);
      bRequests.set(t.base, { submitted, completed });
      // A has requests of their own too, so lists are not empty by accident.
      await asA('POST', t.base, await withRequiredPhotos(ctx.app, tokenA, t));
      // And the photos A's new request of the type needs, for the POST below.
      aBodies.set(t.base, await withRequiredPhotos(ctx.app, tokenA, t));
    }
    bHistoryId = (await asB('GET', '/api/pdf-histories')).json().data[0].id;
    bNotificationId = (await asB('GET', '/api/notifications')).json().data[0].id;

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const prefixes = [
      ...LETTER_TYPES.map((t) => t.base),
      '/api/letter-requests',
      '/api/pdf-histories',
      '/api/notifications',
      '/api/dashboard',
      '/api/letter-register',
      '/api/letter-types',
      '/api/verify',
    ];
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) =>
        prefixes.some((p) => path === p || path.startsWith(`${p}/`))
          ? Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path }))
          : [],
    );
  });
  afterAll(async () => ctx.close());

  /** Each route with B's ids put in, and a body that would succeed for B. */
  function cases(method: Method, path: string): { url: string; body?: unknown }[] {
    const body = (type?: string) => {
      if (method === 'POST' && path.endsWith('/status')) return { status: 'cancelled' };
      if (method === 'PUT' && !path.startsWith('/api/notifications'))
        return { status: 'cancelled' };
      if (method === 'POST' && type) return aBodies.get(type);
      return undefined;
    };
    const typeBase = LETTER_TYPES.find(
      (t) => path === t.base || path.startsWith(`${t.base}/`),
    )?.base;
    if (typeBase) {
      const ids = bRequests.get(typeBase)!;
      const photos = bPhotos.get(typeBase)!;
      // Uploads name the requirement; the photo itself is not what is tested here.
      const query =
        method === 'POST' && path.endsWith('/attachments')
          ? `?requirement=${uploadable(letterTypeByBase(typeBase)!)[0]!.key}`
          : '';
      if (!path.includes('{id}')) {
        return [
          {
            url: path.replace('{aid}', String(photos.staged)) + query,
            body: path.endsWith('/attachments') ? undefined : body(typeBase),
          },
        ];
      }
      return (['submitted', 'completed'] as const).map((which) => ({
        url:
          path.replace('{id}', String(ids[which])).replace('{aid}', String(photos[which])) + query,
        body: body(),
      }));
    }
    if (path.startsWith('/api/pdf-histories/'))
      return [{ url: path.replace('{id}', String(bHistoryId)) }];
    if (path.startsWith('/api/notifications/') && path.includes('{id}')) {
      return [{ url: path.replace('{id}', String(bNotificationId)) }];
    }
    return [{ url: path, body: body() }];
  }

  const leaksB = (text: string) =>
    text.includes(B.name) || text.includes(B.nik) || bNumbers.some((n) => text.includes(n));

  it('covers every letter route the server has', () => {
    // 8 per type (the desk's draft preview among them) and 10 for the photos of its requirements (ADR 0015), plus the cross-type list,
    // 2 history, 6 notification (read is PUT and POST), the dashboard, the exports (the queue and
    // the register of outgoing letters), the 2 public routes, and (issue 21) the resident's
    // letter subjects and a letter's register event (GET and POST).
    expect(routes.length).toBe(LETTER_TYPES.length * (8 + 10) + 1 + 2 + 6 + 1 + 2 + 2 + 3);
  });

  it('turns away visitors who are not signed in with 401', async () => {
    for (const { method, path } of routes) {
      if (PUBLIC.has(`${method} ${path}`)) continue;
      for (const c of cases(method, path)) {
        const res = await anon()(method, c.url, c.body);
        expect(res.statusCode, `${method} ${c.url}`).toBe(401);
        expect(leaksB(res.body)).toBe(false);
      }
    }
  });

  it("answers resident A on B's records with 404 (or 403 on admin-only routes) and never shows B's data", async () => {
    let checked = 0;
    for (const { method, path } of routes) {
      if (PUBLIC.has(`${method} ${path}`)) continue;
      for (const c of cases(method, path)) {
        const res = await asA(method, c.url, c.body);
        const label = `${method} ${c.url}`;
        if (ADMIN_ONLY(method, path)) {
          expect(res.statusCode, label).toBe(403);
        } else if (path.includes('{id}') || path.includes('{aid}')) {
          expect(res.statusCode, label).toBe(404);
          expect(res.json().message, label).toMatch(/tidak ditemukan/);
        } else if (method === 'POST' && path.endsWith('/attachments')) {
          // A's own upload, without a photo in it.
          expect(res.statusCode, label).toBe(415);
        } else {
          // Collections answer with A's own records only.
          expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
        }
        expect(leaksB(res.body), label).toBe(false);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);

    // Nothing of B's changed: requests not cancelled, notification still unread.
    for (const [typeBase, ids] of bRequests) {
      const r = (await asB('GET', `${typeBase}/${ids.submitted}`)).json().data;
      expect(r.status).toBe('submitted');
    }
    for (const [typeBase, photos] of bPhotos) {
      const ids = bRequests.get(typeBase)!;
      expect((await asB('GET', `${typeBase}/attachments/${photos.staged}`)).statusCode).toBe(200);
      for (const which of ['submitted', 'completed'] as const) {
        const url = `${typeBase}/${ids[which]}/attachments/${photos[which]}`;
        expect((await asB('GET', url)).statusCode, url).toBe(200);
      }
    }
    const note = (await asB('GET', `/api/notifications/${bNotificationId}`)).json().data;
    expect(note.read).toBe(false);
  });

  it("does not let a resident reach B's requests through list filters", async () => {
    const bId = (
      await asAdmin('GET', `/api/letter-requests?search=${encodeURIComponent(B.nik)}&per_page=1`)
    ).json().data[0].applicant_user_id;
    for (const url of [
      `/api/letter-requests?applicant_id=${bId}`,
      `${LETTER_TYPES[0]!.base}?applicant_id=${bId}&search=Bernadette`,
      `/api/pdf-histories?search=${B.nik}`,
    ]) {
      const res = await asA('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(leaksB(res.body), url).toBe(false);
    }
  });

  it('serves the public routes to anyone', async () => {
    expect((await anon()('GET', '/api/letter-types')).statusCode).toBe(200);
    expect((await anon()('GET', '/api/verify/tidak-ada-surat-dengan-kode-ini')).statusCode).toBe(
      404,
    );
  });
});
