import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendKept } from '../lib/kept-answer.ts';
import { robotsTxt, sitemapXml } from './ssr-head.ts';
import {
  loadRenderer,
  pageBuilder,
  pageTemplate,
  withMissingAddress,
  type BuiltPage,
} from './ssr-pages.ts';

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

/** The URL's path, query left out, a trailing slash ignored. */
export function pagePath(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] || '/';
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The route whose path matches the URL's path (query left out, a trailing slash ignored). */
export function matchRoute(routes: readonly RoutePreload[], url: string): RoutePreload | null {
  const pathname = pagePath(url);
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

/** The SSR build beside the browser build (apps/web/dist-ssr). */
const ssrEntryOf = (distDir: string) =>
  path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');

/** A built page, in the encoding the browser takes, or 304 when its copy is current. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: BuiltPage) {
  const accept = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
  return sendKept(request, reply, page.encoded[encoding]);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; pages never, so a new release
 * is picked up at once. The public pages come rendered on the server (ssr-pages.ts, ADR 0025),
 * an unknown address answers 404 with the 404 page, and the browser app's other pages (sign-in,
 * profile, admin) answer index.html with the preloads of the page it opens (`htmlWithPreloads`).
 */
export default fp<{ distDir: string; ssrEntry?: string }>(async (app, opts) => {
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

  const renderer = hasWeb ? await loadRenderer(opts.ssrEntry ?? ssrEntryOf(opts.distDir)) : null;
  const ssr =
    renderer && indexHtml
      ? pageBuilder(app, {
          renderer,
          template: pageTemplate(indexHtml, opts.distDir),
          preloads: (pathname) => {
            const route = matchRoute(routes, pathname);
            return route
              ? htmlWithPreloads('</head>', { ...route, data: [] }).replace(/\s*<\/head>$/, '')
              : '';
          },
        })
      : null;
  if (renderer) {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.PUBLIC_URL)),
    );
    app.get('/sitemap.xml', async (_request, reply) => {
      const types = await app.inject({ method: 'GET', url: '/api/letter-types' });
      const codes =
        types.statusCode === 200
          ? (JSON.parse(types.body) as { data: { code: string }[] }).data.map((t) => t.code)
          : [];
      const paths = ['/', '/about', '/about/official', '/gallery', '/service'];
      return reply
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(app.config.PUBLIC_URL, [...paths, ...codes.map((c) => `/service/${c}`)]));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/files/');
    if (!isApi && plainPage && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = pagePath(url);
      if (ssr && renderer) {
        const page = await ssr.page(pathname);
        if (page) return sendPage(request, reply, page);
        // An unknown address, or a public page's pattern with nothing behind it (/service/nope).
        if (!renderer.isAppPath(pathname) || renderer.ssrPage(pathname)) {
          const missing = await ssr.page('/404');
          if (missing) {
            return reply
              .code(404)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-cache')
              .header('content-security-policy', missing.csp)
              .send(withMissingAddress(missing.body.toString(), pathname));
          }
        }
      }
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
