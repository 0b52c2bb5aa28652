import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * What a public page needs beyond index.html, as the web build writes it to
 * `route-preloads.json` (apps/web/src/app/route-data.ts): the page's chunks and the addresses of
 * the public data it reads first.
 */
export interface RoutePreload {
  /** The router's path; a `:name` segment matches any one segment. */
  path: string;
  modules: string[];
  data: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the route's preloads before `</head>`, so the browser fetches the page's chunk
 * and data while it downloads the entry script, instead of one after the other. `crossorigin`
 * makes the requests' credentials mode match the module loader's and `fetch()`'s, so the
 * preloaded responses are the ones used.
 */
export function htmlWithPreloads(indexHtml: string, route: RoutePreload): string {
  const links = [
    ...route.modules.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...route.data.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ].join('\n    ');
  if (!links || !indexHtml.includes('</head>')) return indexHtml;
  return indexHtml.replace('</head>', `  ${links}\n  </head>`);
}

/** The route whose path matches the URL's path (query left out, a trailing slash ignored). */
export function matchRoute(routes: readonly RoutePreload[], url: string): RoutePreload | null {
  let pathname = url.split(/[?#]/, 1)[0] ?? '/';
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const parts = pathname.split('/');
  return (
    routes.find((route) => {
      const pattern = route.path.split('/');
      return (
        pattern.length === parts.length &&
        pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]))
      );
    }) ?? null
  );
}

function readRoutePreloads(distDir: string): RoutePreload[] {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes?: RoutePreload[] };
  return parsed.routes ?? [];
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up at once. Any other non-API GET answers index.html (history fallback),
 * with the preloads of the page it opens (see `htmlWithPreloads`).
 */
export default fp<{ distDir: string }>(async (app, opts) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn(
      { distDir: opts.distDir },
      'web app not built: only the API is served (run npm run build)',
    );
  }
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : null;
  const routes = hasWeb ? readRoutePreloads(opts.distDir) : [];
  /** The HTML of each route, built once. */
  const pages = new Map(
    routes.map((route) => [route, Buffer.from(htmlWithPreloads(indexHtml!, route))]),
  );
  const plainPage = indexHtml === null ? null : Buffer.from(indexHtml);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/files/');
    if (!isApi && plainPage && (request.method === 'GET' || request.method === 'HEAD')) {
      const route = matchRoute(routes, url);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send((route && pages.get(route)) ?? plainPage);
    }
    return reply
      .code(404)
      .send({ message: isApi ? 'Alamat API tidak ditemukan.' : 'Halaman tidak ditemukan.' });
  });
});
