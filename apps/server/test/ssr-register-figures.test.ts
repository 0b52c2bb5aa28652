import path from 'node:path';
import { ADMIN_ROLE } from '@balai/domain';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/content.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { importFile, opensidXlsx, people } from './register-fixtures.ts';

// Issue 24 (ADR 0023): once the register holds people, the server-rendered home page and
// profile show the register's figures, not the ones typed into the content groups.
const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const built = fs.existsSync(path.resolve(DIST, '../dist-ssr/entry-server.js'));
if (!built) throw new Error('web build missing: run npm run build first (apps/web/dist-ssr)');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { WEB_DIST_DIR: DIST } });
  await seedDemoContent(ctx.testDb.db.kysely);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

/** The markup the server rendered into `<div id="root">` (not the data script after it). */
const rendered = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body.split('<div id="root">')[1]!.split('<script type="application/json"')[0]!;
};

/** "Jumlah Dusun" and its value as FigureList renders them (dt, then dd). */
const dusunFigure = (html: string) => html.match(/Jumlah Dusun<\/dt><dd[^>]*>([^<]+)/)?.[1];

describe('the public figures follow the register', () => {
  it('shows the typed figures without a register, the register’s once it holds people', async () => {
    const before = await rendered('/');
    expect(before).toContain('4.918'); // the typed "Jumlah Penduduk" of the demo village
    expect(dusunFigure(before)).toBe('3');
    expect(before).not.toContain('buku induk');

    // Five people in two families, in dusun Krajan and Sukamaju.
    const admin = await login(ctx.app, (await makeUser(ctx.testDb.db, { role: ADMIN_ROLE })).email);
    const imp = await importFile(ctx.app, admin, await opensidXlsx(people(5)));
    expect(imp.statusCode, imp.body).toBe(200);
    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/statistics' })).json();
    expect(stats.total).toBe(5);

    for (const url of ['/', '/about']) {
      const html = await rendered(url);
      expect(html, url).toMatch(/Jumlah penduduk<\/dt><dd[^>]*>5</);
      expect(html, url).toMatch(/Menurut buku induk penduduk, per tanggal \d{1,2} \w+ \d{4}\./);
      expect(dusunFigure(html), url).toBe('2');
      expect(html, url).not.toContain('4.918');
    }
  });
});
