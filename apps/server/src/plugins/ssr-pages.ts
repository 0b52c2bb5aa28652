import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { etagOf, type KeptAnswer } from '../lib/kept-answer.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { escapeHtml, headTags, scriptJson } from './ssr-head.ts';

/**
 * The public pages rendered on the server (issue 23, ADR 0025): the web app's SSR build
 * (apps/web/dist-ssr/entry-server.js) renders a page from the public API answers; the HTML is
 * built once per public version and kept, with its gzip and brotli forms and an ETag.
 */

interface RenderResult {
  html: string;
  state: unknown;
  title: string;
  description: string | null;
  documentTitle: string;
  data: Record<string, unknown>;
}

/** The SSR build's exports (apps/web/src/entry-server.tsx). */
export interface Renderer {
  render(input: {
    pathname: string;
    load: (apiUrl: string) => Promise<unknown>;
  }): Promise<RenderResult | null>;
  ssrPage(pathname: string): { path: string } | null;
  isAppPath(pathname: string): boolean;
}

export async function loadRenderer(file: string): Promise<Renderer | null> {
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

export interface BuiltPage {
  /** The page's CSP: React's inline Suspense scripts in it allowed by their sha256 only. */
  csp: string;
  version: number;
  status: number;
  etag: string;
  body: Buffer;
  /** The page as sent, in each encoding a browser may take (its headers built once). */
  encoded: Record<'br' | 'gzip' | 'identity', KeptAnswer>;
}

/** index.html taken apart once: the public stylesheet inlined (its hash in the CSP). */
export interface PageTemplate {
  csp: string;
  fill(parts: { head: string; root: string; state: string | null; preloads: string }): string;
}

export function pageTemplate(indexHtml: string, distDir: string): PageTemplate {
  let html = indexHtml;
  let styleHash: string | null = null;
  const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (link) {
    const css = fs.readFileSync(path.join(distDir, link[1]!), 'utf8');
    styleHash = createHash('sha256').update(css).digest('base64');
    // A function, so `$` in the stylesheet is not read as a replacement pattern.
    html = html.replace(link[0], () => `<style>${css}</style>`);
  }
  html = html
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  const csp = styleHash
    ? CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' 'sha256-${styleHash}'`)
    : CONTENT_SECURITY_POLICY;
  const [before, after] = html.split('<div id="root"></div>') as [string, string];
  const [headStart, headEnd] = before.split('</head>') as [string, string];
  return {
    csp,
    fill({ head, root, state, preloads }) {
      const stateTag =
        state === null ? '' : `<script type="application/json" id="balai-state">${state}</script>`;
      // A rendered page paints from its HTML: the script that hydrates it (and the chunks it
      // imports) need not compete with the page's images for a slow phone's bandwidth.
      return scriptsAfterLoad(
        `${headStart}  ${head}${preloads ? `\n    ${preloads}` : ''}\n  </head>${headEnd}<div id="root">${root}</div>${stateTag}${after}`,
      );
    },
  };
}

/** How long a page waits for its `load` event before it loads its scripts all the same. */
export const SCRIPTS_AT_LATEST_MS = 2500;

/**
 * A rendered page's module script and module preloads, asked for once the page has loaded
 * (its images in) and painted, or after SCRIPTS_AT_LATEST_MS: an inline script at the end of the body adds
 * them. The page is readable and its links work from its HTML; on a slow phone the 120 KiB that
 * hydrate it would otherwise share the line with the page's header image and delay it
 * (Lighthouse's simulated LCP counted them: 2.0–2.3 s against 0.9 s for the page itself, issue
 * 23). The inline script is allowed by its hash (cspWithScripts). A visitor who follows a link
 * before the scripts have run leaves the page marked `data-leaving` (main.tsx does not start the
 * router then: its first write to the history would cancel that navigation). A button tapped
 * before hydration is held (`window.__balaiClick`, the scripts asked for at once) and pressed
 * again by main.tsx once the page is hydrated.
 */
export function scriptsAfterLoad(html: string): string {
  let entry: string | null = null;
  const modules: string[] = [];
  const out = html
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_m, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_m, href: string) => {
      modules.push(href);
      return '';
    });
  if (entry === null || !out.includes('</body>')) return html;
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  const boot =
    `(function(){var d=document,n=0,m=${json(modules)};function go(){if(n++)return;` +
    'm.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";' +
    'l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";' +
    `s.crossOrigin="";s.src=${json(entry)};d.head.appendChild(s)}` +
    'addEventListener("beforeunload",function(){d.documentElement.setAttribute("data-leaving","")});' +
    // A button tapped before the page is hydrated: kept for main.tsx to press again once it is
    // (the tap is not lost), and the scripts asked for now.
    'd.addEventListener("click",function(e){if(window.__balaiHydrated)return;' +
    'var b=e.target&&e.target.closest&&e.target.closest("button");if(!b)return;' +
    'e.preventDefault();e.stopPropagation();window.__balaiClick=b;go()},true);' +
    // After the page's first contentful paint too: a page with few images loads before it
    // paints, and scripts asked for then competed with the paint (Lighthouse counted them in
    // its FCP). Where paint timing is missing, after the next frame.
    'function painted(){var f="first-contentful-paint";try{' +
    'if(performance.getEntriesByName(f).length)return go();' +
    'new PerformanceObserver(function(l){if(l.getEntriesByName(f).length)go()})' +
    '.observe({type:"paint",buffered:true})}' +
    'catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}}' +
    'if(d.readyState==="complete")painted();else{addEventListener("load",painted);' +
    `setTimeout(go,${SCRIPTS_AT_LATEST_MS})}})()`;
  return out.replace('</body>', `<script>${boot}</script>\n  </body>`);
}

/** The CSP with the sha256 of each inline script of `markup` (the loader of scriptsAfterLoad). */
export function cspWithScripts(csp: string, markup: string): string {
  const hashes = [...markup.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return hashes.length
    ? csp.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`)
    : csp;
}

export function builtPage(html: string, status: number, version: number, csp = ''): BuiltPage {
  const body = Buffer.from(html);
  const etag = etagOf(body);
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    'content-security-policy': csp,
    vary: 'accept-encoding',
  };
  const as = (bytes: Buffer, encoding?: string): KeptAnswer => ({
    status,
    etag,
    headers,
    body: bytes,
    ...(encoding ? { encoding } : {}),
  });
  return {
    csp,
    version,
    status,
    etag,
    body,
    encoded: {
      identity: as(body),
      gzip: as(zlib.gzipSync(body, { level: 9 }), 'gzip'),
      br: as(
        zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
        }),
        'br',
      ),
    },
  };
}

/** The 404 page with the address the visitor opened. */
export function withMissingAddress(html: string, address: string): string {
  const shown = address.length > 200 ? `${address.slice(0, 200)}…` : address;
  return html.replace(
    '</h1>',
    () =>
      `</h1><p class="mt-4 text-lg text-slate-700">Alamat yang dibuka: <code class="break-all font-semibold">${escapeHtml(shown)}</code></p>`,
  );
}

/**
 * Builds pages one at a time (a render collects its page's title in module state), each at most
 * once per public version, from the API answers (which the public cache serves from memory).
 */
export function pageBuilder(
  app: FastifyInstance,
  opts: {
    renderer: Renderer;
    template: PageTemplate;
    preloads: (pathname: string) => string;
  },
) {
  const { renderer, template } = opts;
  const pages = new Map<string, BuiltPage>();
  const building = new Map<string, Promise<BuiltPage | null>>();
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : null;
  };

  /** The letter types' codes: they change only with a release (public-cache.ts keeps them so). */
  let typeCodes: Promise<Set<string> | null> | null = null;
  const knownType = async (pathname: string) => {
    const code = /^\/service\/([^/]+)$/.exec(pathname)?.[1];
    if (code === undefined) return true;
    typeCodes ??= load('/api/letter-types').then((types) => {
      const data = (types as { data?: { code: string }[] } | null)?.data;
      if (!data) typeCodes = null; // asked again next time
      return data ? new Set(data.map((t) => t.code)) : null;
    });
    return (await typeCodes)?.has(decodeURIComponent(code)) ?? false;
  };

  const renderPage = async (pathname: string, version: number): Promise<BuiltPage | null> => {
    const result = await opts.renderer.render({ pathname, load });
    if (!result) return null;
    const notFound = pathname === '/404';
    const head = headTags({
      pathname,
      publicUrl: app.config.PUBLIC_URL,
      documentTitle: result.documentTitle,
      title: result.title,
      description: result.description,
      data: result.data,
    });
    const html = template.fill({
      head: notFound ? `${head}\n    <meta name="robots" content="noindex">` : head,
      root: result.html,
      // The 404 page is not hydrated: the browser app takes the address over (its redirect).
      state: notFound ? null : scriptJson(result.state),
      preloads: notFound ? '' : opts.preloads(pathname),
    });
    return builtPage(html, notFound ? 404 : 200, version, cspWithScripts(template.csp, html));
  };

  /** Which paths are public pages (matching the routes compiled a pattern per call). */
  const isPage = new Map<string, boolean>();
  const ssrPath = (pathname: string) => {
    let known = isPage.get(pathname);
    if (known === undefined) {
      known = renderer.ssrPage(pathname) !== null;
      if (isPage.size >= 1000) isPage.clear();
      isPage.set(pathname, known);
    }
    return known;
  };

  /** The page at `pathname` for the current public version; null when not a public page. */
  async function page(pathname: string): Promise<BuiltPage | null> {
    if (!ssrPath(pathname) || !(await knownType(pathname))) return null;
    const version = await app.publicVersion.current();
    const kept = pages.get(pathname);
    if (kept && kept.version >= version) return kept;
    const id = `${version}:${pathname}`;
    let job = building.get(id);
    if (!job) {
      job = queue.then(() => renderPage(pathname, version));
      queue = job.catch(() => undefined);
      building.set(id, job);
      void job
        .then(
          (built) => {
            const current = pages.get(pathname);
            if (built && (!current || current.version <= built.version)) pages.set(pathname, built);
          },
          () => undefined,
        )
        .finally(() => building.delete(id));
    }
    return job;
  }

  return { page, csp: template.csp };
}
