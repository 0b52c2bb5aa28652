import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import web, { htmlWithPreloads, matchRoute, type RoutePreload } from './web.ts';

const INDEX = `<!doctype html>
<html lang="id">
  <head>
    <title>Pemerintah Desa</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const ROUTES: RoutePreload[] = [
  {
    path: '/',
    modules: [],
    data: ['/api/settings', '/api/homepage-headers?per_page=100&active=true'],
  },
  {
    path: '/about',
    modules: ['/assets/about-page-1.js', '/assets/page-header-2.js'],
    data: ['/api/settings', '/api/village-infos?per_page=100'],
  },
  {
    path: '/service/:type',
    modules: ['/assets/service-type-page-3.js'],
    data: ['/api/letter-types'],
  },
];

describe('route preloads in the HTML', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ routes: ROUTES }));
    app = Fastify();
    await app.register(web, { distDir: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.body;
  };

  it("puts a deep link's chunks and data into its HTML, before </head>", async () => {
    const html = await page('/about');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/about-page-1.js">');
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/page-header-2.js">',
    );
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/settings">');
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/village-infos?per_page=100">',
    );
    // The page's own script stays first.
    expect(head.indexOf('index-abc.js')).toBeLessThan(head.indexOf('about-page-1.js'));
  });

  it('gives the home page its data, with the query string escaped for HTML', async () => {
    const html = await page('/');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/homepage-headers?per_page=100&amp;active=true">',
    );
    expect(html).not.toContain('modulepreload');
  });

  it('matches a parameter segment, ignores the query and a trailing slash', async () => {
    expect(await page('/service/kp')).toContain('/assets/service-type-page-3.js');
    expect(await page('/about/?utm=x')).toContain('/assets/about-page-1.js');
    // /service/kp/12 is another route (a request's detail): nothing of /service/:type.
    expect(await page('/service/kp/12')).not.toContain('service-type-page');
  });

  it('sends the plain index.html for any other page, and JSON 404s for the API', async () => {
    const html = await page('/gallery');
    expect(html).toBe(INDEX);
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Alamat API tidak ditemukan.' });
  });
});

describe('htmlWithPreloads and matchRoute', () => {
  it('leaves the HTML alone when the route has nothing to preload', () => {
    expect(htmlWithPreloads(INDEX, { path: '/x', modules: [], data: [] })).toBe(INDEX);
  });

  it('needs every segment to match, a parameter to be non-empty', () => {
    expect(matchRoute(ROUTES, '/service/')?.path).toBeUndefined();
    expect(matchRoute(ROUTES, '/service/ktp')?.path).toBe('/service/:type');
    expect(matchRoute(ROUTES, '/')?.path).toBe('/');
    expect(matchRoute(ROUTES, '/?a=1')?.path).toBe('/');
    expect(matchRoute(ROUTES, '/aboutx')).toBeNull();
  });
});
