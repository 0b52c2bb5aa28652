import { StrictMode } from 'react';
// React's web build: its Node build renders inside an AsyncLocalStorage, which on Node 20 turns
// on promise hooks for the rest of the process and slowed every answer the server keeps
// (issue 23; test/ssr-pages.test.ts fails on it).
import { prerender } from 'react-dom/static.browser';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  matchRoutes,
  StaticRouterProvider,
  type DataStrategyFunction,
} from 'react-router';
import { unstable_serialize } from 'swr';
import { loadFooter } from './app/layouts/main-layout.tsx';
import { AppProvider } from './app/provider.tsx';
import { appRoutes } from './app/router.tsx';
import { LAYOUT_DATA, PAGE_DATA } from './app/route-data.ts';
import { collectPageMeta, formatTitle } from './lib/page-meta.ts';
import { cacheFrom, keyUrl, type ApiKey } from './lib/swr-config.ts';

/**
 * The server's render of the public pages (issue 23, ADR 0025): the same route objects as the
 * browser app (app/router.tsx), through React Router's static handler, with the pages' public
 * data handed to SWR as `fallback`. The server (apps/server/src/plugins/web.ts) imports the SSR
 * build of this module, renders each page once per change of its data and serves it from memory.
 */

/** The public pages rendered on the server, and the data each reads first. */
export const SSR_PAGES: readonly { path: string; data: readonly ApiKey[] }[] = [
  { path: '/', data: PAGE_DATA.home },
  { path: '/about', data: PAGE_DATA.about },
  { path: '/about/official', data: PAGE_DATA.officials },
  { path: '/gallery', data: PAGE_DATA.gallery },
  { path: '/service', data: PAGE_DATA.service },
  { path: '/service/:type', data: PAGE_DATA.serviceType },
  { path: '/404', data: [] },
];

export interface RenderInput {
  /** The page's path ("/about"); the query is not part of a rendered page. */
  pathname: string;
  /** Reads a public API answer by its address ("/api/settings"): its JSON, or null. */
  load: (apiUrl: string) => Promise<unknown>;
}

export interface RenderResult {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** What the browser app hydrates from: the router's state and SWR's fallback. */
  state: { router: unknown; swr: Record<string, unknown> };
  /** The page's own title ("Profil Desa") and description, as its `usePageMeta` gives them. */
  title: string;
  description: string | null;
  /** The full `<title>` text ("Profil Desa | Pemerintah Desa Sukamaju"). */
  documentTitle: string;
  /** The public data the page was rendered from, by address. */
  data: Record<string, unknown>;
}

/** The SSR page whose pattern `pathname` matches, or null (a private or unknown address). */
export function ssrPage(pathname: string) {
  return SSR_PAGES.find((page) => matchPath({ path: page.path, end: true }, pathname)) ?? null;
}

const ROUTES = appRoutes();

/**
 * True when the browser app has a page at `pathname` (a private page, sign-in, the admin area
 * whose routes join later): the server answers its shell. Otherwise the address is unknown: 404.
 */
export function isAppPath(pathname: string): boolean {
  if (/^\/admin(?:\/|$)/.test(pathname)) return true;
  const matches = matchRoutes(ROUTES, pathname);
  return !!matches && matches[matches.length - 1]!.route.path !== '*';
}

/**
 * Loaders on the server only resolve the matched lazy routes: the data comes from `load`, read
 * before the render, so no loader fetches a relative `/api/…` address in Node.
 */
const resolveOnly: DataStrategyFunction = async ({ matches }) => {
  const results = await Promise.all(
    matches.map(async (match) => [match.route.id, await match.resolve(async () => null)] as const),
  );
  return Object.fromEntries(results);
};

async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Renders one public page; null when `pathname` is not one. Rendered one at a time. */
export async function render({ pathname, load }: RenderInput): Promise<RenderResult | null> {
  const page = ssrPage(pathname);
  if (!page) return null;
  const keys = [...LAYOUT_DATA, ...page.data];
  const data: Record<string, unknown> = {};
  const swr: Record<string, unknown> = {};
  await Promise.all([
    // The footer (a lazy chunk in the browser) renders in the page's HTML, not a fallback.
    loadFooter(),
    ...keys.map(async (key) => {
      const value = await load(keyUrl(key));
      if (value === null || value === undefined) return;
      data[keyUrl(key)] = value;
      swr[unstable_serialize(key)] = value;
    }),
  ]);

  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(`http://balai.local${pathname}`), {
    dataStrategy: resolveOnly,
  });
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const meta: { title?: string; description?: string } = {};
  collectPageMeta(meta);
  let html = '';
  try {
    // A lazy component that suspends makes React write an inline script to put its markup in
    // place later, which the CSP forbids (the footer is loaded above, so it does not). Should
    // one do so, rendering again once its code has loaded gives markup without scripts.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const { prelude } = await prerender(
        <StrictMode>
          <AppProvider swr={{ provider: cacheFrom(swr) }}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </StrictMode>,
        // React moves a finished Suspense boundary (the footer) out of place, hidden, with an
        // inline script to put it back, once the page before it passes this many bytes (12,800
        // by default): with JavaScript off the footer stayed hidden. One piece, in place.
        { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
      );
      html = await streamText(prelude);
      if (!html.includes('<script')) break;
    }
  } finally {
    collectPageMeta(null);
  }
  const settings = (data[keyUrl(LAYOUT_DATA[0]!)] as { data?: { village_name?: string } } | null)
    ?.data;
  const site = settings?.village_name
    ? `Pemerintah Desa ${settings.village_name}`
    : 'Pemerintah Desa';
  return {
    html,
    state: {
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: null,
      },
      swr,
    },
    title: meta.title ?? site,
    description: meta.description ?? null,
    documentTitle: formatTitle(meta.title ?? '', site),
    data,
  };
}
