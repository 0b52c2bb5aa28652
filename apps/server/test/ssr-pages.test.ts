import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ADMIN_ROLE } from '@balai/domain';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { seedDemoContent } from '../src/seed/content.ts';
import { bearer, createTestApp, login, makeUser, testConfig, type TestContext } from './helpers.ts';

// Issue 23: the public pages answered rendered by the server (needs the web build: npm run build).
const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const built = fs.existsSync(path.resolve(DIST, '../dist-ssr/entry-server.js'));
if (!built) throw new Error('web build missing: run npm run build first (apps/web/dist-ssr)');

let ctx: TestContext;
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ env: { WEB_DIST_DIR: DIST } });
  await seedDemoContent(ctx.testDb.db.kysely);
  // A second process on the same database.
  other = await buildApp({
    config: testConfig({ WEB_DIST_DIR: DIST }),
    db: ctx.testDb.db,
    logger: false,
  });
  await other.ready();
}, 60_000);

afterAll(async () => {
  await other.close();
  await ctx.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/**
 * The markup in `<div id="root">` as the server sent it. The only script before it is the
 * module script, which runs after the document is parsed: this is what paints first.
 */
const beforeScripts = (html: string) => {
  const head = html.split('<body>')[0]!;
  expect(head.match(/<script(?![^>]*type="(module|application\/ld\+json)")/g)).toBeNull();
  return html.split('<div id="root">')[1]!.split('<script type="application/json"')[0]!;
};

describe('server-rendered public pages', () => {
  it('renders without starting an AsyncLocalStorage (which slows every promise after it)', async () => {
    // React's Node build runs its render in an AsyncLocalStorage; on Node 20 that turns on
    // promise hooks for the life of the process, and every kept answer paid for them (issue
    // 23: the rendered page at 41 % of bare Fastify). The SSR build uses React's web build.
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enter = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const res = await get(ctx.app, '/gallery?render=fresh');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Pasar Desa Setiap Kamis');
      expect(run).not.toHaveBeenCalled();
      expect(enter).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enter.mockRestore();
    }
  });

  it.each([
    ['/', 'Selamat Datang di Desa Sukamaju'],
    ['/about', 'Sejarah Desa'],
    ['/about/official', 'H. Dedi Supriadi, S.Sos.'],
    ['/gallery', 'Pasar Desa Setiap Kamis'],
    ['/service', 'Surat Pengantar Izin Keramaian'],
  ])('%s answers HTML with its content before any script', async (url, text) => {
    const res = await get(ctx.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(beforeScripts(res.body)).toContain(text);
    // The footer (a lazy chunk in the browser) is rendered in place, not left to the browser nor
    // moved out of place hidden for an inline script to reveal (JavaScript off would not).
    const root = beforeScripts(res.body);
    expect(root).toMatch(/<footer[^>]*>[\s\S]*Kontak[\s\S]*Hak cipta dilindungi undang-undang/);
    expect(root).not.toContain('<script');
    expect(root).not.toMatch(/<div hidden/);
    expect(html).toContain('<meta property="og:title"');
    // The page paints from its HTML: the scripts that hydrate it are asked for once it has
    // loaded and painted (an inline loader at the end of the body), not by tags the browser
    // fetches at once (e2e/tests/ssr.spec.ts times it in Chromium).
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const loader = /<script>(\(function\(\)\{[\s\S]*?)<\/script>\s*<\/body>/.exec(html)?.[1];
    expect(loader).toMatch(/s\.src="\/assets\/index-[\w-]+\.js"/);
    expect(loader).toContain('addEventListener("load",painted)');
    expect(loader).toContain('requestAnimationFrame(');
    // A visitor who follows a link before the scripts have run marks the page (main.tsx).
    expect(loader).toContain('addEventListener("beforeunload"');
    expect(loader).toContain('data-leaving');
    // A button tapped before hydration is held for main.tsx to press again.
    expect(loader).toContain('window.__balaiClick=b');
    expect(loader).toMatch(/"\/assets\/react-[\w-]+\.js"/);
    const hash = createHash('sha256').update(loader!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/);
    // Only React's own inline scripts of this page, by hash: no 'unsafe-inline', no nonce.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  });

  it('answers 304 to a matching If-None-Match, the page to garbage', async () => {
    const first = await get(ctx.app, '/about');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await get(ctx.app, '/about', { 'if-none-match': etag })).statusCode).toBe(304);
    const api = await get(ctx.app, '/api/settings');
    const apiEtag = api.headers.etag as string;
    expect(apiEtag).toMatch(/^"/);
    expect((await get(ctx.app, '/api/settings', { 'if-none-match': apiEtag })).statusCode).toBe(
      304,
    );
    for (const garbage of ['x', '"', 'W/', '*,,,', '\u00ff'.repeat(10), 'a'.repeat(4000)]) {
      const res = await get(ctx.app, '/about', { 'if-none-match': garbage });
      expect([200, 304]).toContain(res.statusCode);
    }
  });

  it('answers a kept public API answer with the same bytes and headers as the first', async () => {
    const url = '/api/homepage-headers?per_page=100&active=true';
    const first = await get(other, url);
    const kept = await get(other, url);
    expect(first.statusCode).toBe(200);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(first.body);
    for (const name of [
      'content-type',
      'etag',
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'x-content-type-options',
    ]) {
      expect(kept.headers[name], name).toBe(first.headers[name]);
      expect(kept.headers[name], name).toBeTruthy();
    }
    expect(Number(kept.headers['content-length'])).toBe(Buffer.byteLength(kept.body));
    const notModified = await get(other, url, { 'if-none-match': kept.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
  });

  it('bumps the public version with a write, in its transaction: a failed write bumps nothing', async () => {
    const db = ctx.testDb.db.kysely;
    const version = async () =>
      Number(
        (
          await sql<{ version: number }>`select version from public_version where id = 1`.execute(
            db,
          )
        ).rows[0]!.version,
      );
    const start = await version();
    const failed = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('village_infos')
        .set({ updated_at: new Date().toISOString() })
        .execute();
      throw new Error('gagal di tengah jalan');
    });
    await expect(failed).rejects.toThrow('gagal di tengah jalan');
    expect(await version()).toBe(start);
    // A write the server refuses (422) leaves the version, and every process's pages, alone.
    const admin = await makeUser(ctx.testDb.db, { role: ADMIN_ROLE });
    const token = await login(ctx.app, admin.email);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/village-infos',
      headers: bearer(token),
      payload: { title: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(await version()).toBe(start);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('village_infos')
        .set({ updated_at: new Date().toISOString() })
        .execute();
    });
    expect(await version()).toBeGreaterThan(start);
  });

  it('shows an administrator change on the next request on another process', async () => {
    const before = await get(other, '/gallery');
    expect(before.body).toContain('Pasar Desa Setiap Kamis');
    const list = (await get(ctx.app, '/api/homepage-galleries?per_page=100')).json() as {
      data: { id: number; title: string }[];
    };
    const item = list.data.find((g) => g.title === 'Pasar Desa Setiap Kamis')!;
    const admin = await makeUser(ctx.testDb.db, { role: ADMIN_ROLE });
    const token = await login(ctx.app, admin.email);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/homepage-galleries/${item.id}`,
      headers: bearer(token),
    });
    expect(del.statusCode).toBeLessThan(300);
    const after = await get(other, '/gallery');
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('Pasar Desa Setiap Kamis');
    const apiAfter = await get(other, '/api/homepage-galleries?per_page=100');
    expect(apiAfter.body).not.toContain('Pasar Desa Setiap Kamis');
  });

  it('answers 404 with the 404 page and the address for unknown paths', async () => {
    for (const url of ['/tidak-ada', '/service/bukan-surat', '/about/x/y', '/%3Cscript%3E']) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Halaman tidak ditemukan');
      expect(res.body).not.toContain('<script>alert');
    }
    expect((await get(ctx.app, '/tidak-ada')).body).toContain('Alamat yang dibuka');
  });

  it('never answers 500 to odd paths and query strings', async () => {
    const urls = [
      `/${'a'.repeat(6000)}`,
      `/about?${'q=1&'.repeat(500)}`,
      '/about?%zz',
      '/%zz',
      '/about//',
      '/service/%',
      '/./about',
      '/gallery?page=-1',
    ];
    for (const url of urls) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await get(ctx.app, '/about?utm_source=wa')).statusCode).toBe(200);
  });

  it('serves robots.txt and sitemap.xml; private pages stay the browser app shell', async () => {
    expect((await get(ctx.app, '/robots.txt')).body).toContain(
      'Sitemap: http://balai.test/sitemap.xml',
    );
    expect((await get(ctx.app, '/sitemap.xml')).body).toContain(
      '<loc>http://balai.test/about</loc>',
    );
    const profile = await get(ctx.app, '/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<div id="root"></div>');
  });
});
