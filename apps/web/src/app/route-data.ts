import { contentListKey } from '../lib/content.ts';
import { apiPaths } from '../lib/paths.ts';
import { prefetch, type ApiKey } from '../lib/swr-config.ts';

/**
 * What the public pages need before they can show, by route path. Two readers:
 *
 * - the route loaders (`pageLoader`): they start the page's requests in parallel with its lazy
 *   chunk, and the router renders the page once both are there — complete, instead of spinners
 *   whose content later pushes the page about (layout shift);
 * - the build (`vite.config.ts`): it writes `dist/route-preloads.json`, from which the server puts
 *   `<link rel="modulepreload">` for the page's chunks and `<link rel="preload" as="fetch">` for
 *   its data into the HTML of a deep link, so the browser fetches them while it is still
 *   downloading the entry script.
 *
 * Only public data belongs here (the same for every visitor: the HTML asks for it without the
 * session). Every key must be one the page reads with `useSWR` at once; a key nobody reads is a
 * wasted request. No React in this module: the build imports it in Node.
 */
export interface PagePreload {
  /** The route's full path as the router writes it ("/service/:type"). */
  path: string;
  /** The page's module under `src/`, when the page is a lazy chunk. */
  module?: string;
  /** The public data the page reads first. */
  data: readonly ApiKey[];
}

/** Every public page shows the village's name and address in the top bar and footer. */
export const LAYOUT_DATA: readonly ApiKey[] = [apiPaths.settings];

/**
 * The layout's own chunks every page loads before it shows (main-layout.tsx `loadFooter`: the
 * footer is in the server's HTML and hydrated as it is), preloaded beside the page's.
 */
export const LAYOUT_MODULES: readonly string[] = ['app/layouts/footer.tsx'];

/** The data of each public page, for its loader. */
export const PAGE_DATA = {
  home: [
    contentListKey('homepage-headers', { active: 'true' }),
    contentListKey('homepage-benefits'),
    apiPaths.letterTypes,
    contentListKey('population-infos'),
    contentListKey('village-infos'),
    contentListKey('homepage-galleries', { per_page: 6 }),
    // "Desa dalam angka" shows the register's figures when it holds people (ADR 0023).
    '/statistics',
  ],
  about: [
    contentListKey('village-infos'),
    contentListKey('village-profiles'),
    contentListKey('population-infos'),
    // The register's statistics (api/register.ts `registerApi.statistics`): the Penduduk
    // section's figures come from them when the register holds people (ADR 0023).
    '/statistics',
  ],
  officials: [contentListKey('village-structures')],
  gallery: [contentListKey('homepage-galleries')],
  service: [apiPaths.letterTypes],
  serviceType: [apiPaths.letterTypes],
} satisfies Record<string, readonly ApiKey[]>;

/** For the build only (the app itself leaves this table out). */
export const PAGE_PRELOADS: readonly PagePreload[] = [
  { path: '/', data: PAGE_DATA.home },
  { path: '/about', module: 'features/about/components/about-page.tsx', data: PAGE_DATA.about },
  {
    path: '/about/official',
    module: 'features/about/components/officials-page.tsx',
    data: PAGE_DATA.officials,
  },
  {
    path: '/gallery',
    module: 'features/gallery/components/gallery-page.tsx',
    data: PAGE_DATA.gallery,
  },
  {
    path: '/service',
    module: 'features/service/components/service-list-page.tsx',
    data: PAGE_DATA.service,
  },
  {
    path: '/service/:type',
    module: 'features/service/components/service-type-page.tsx',
    data: PAGE_DATA.serviceType,
  },
  { path: '/verify/:token', module: 'features/verify/components/verify-page.tsx', data: [] },
];

/** A route loader that fetches `keys` (see above) and resolves to null, the loader's value. */
export function pageLoader(keys: readonly ApiKey[]): () => Promise<null> {
  return async () => {
    await prefetch(keys);
    return null;
  };
}
