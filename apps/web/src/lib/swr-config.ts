import { unstable_serialize, type Cache, type Middleware, type SWRConfiguration } from 'swr';
import { API_BASE, api, requestUrl } from './http-client.ts';
import { apiPaths, CONTENT_BASES } from './paths.ts';

/** A key is an API path, or [path, query parameters]. */
export type ApiKey = string | readonly [string, Record<string, string | number | undefined>];

/**
 * The address a key is fetched from, as the browser sees it ("/api/village-infos?per_page=100").
 * It names a key in the prefetch table below and in the route preloads the server writes into
 * the HTML (`<link rel="preload" as="fetch">`), so it must be exactly what the client requests.
 */
export function keyUrl(key: ApiKey): string {
  const url =
    typeof key === 'string'
      ? requestUrl(API_BASE, key, {}, 'http://x')
      : requestUrl(API_BASE, key[0], key[1], 'http://x');
  return url.pathname + url.search;
}

/** How long a request started ahead waits for its hook before it counts as stale. */
const AHEAD_TTL_MS = 10_000;

interface Ahead {
  promise: Promise<unknown>;
  at: number;
  /** Set once the request has succeeded. */
  settled?: { value: unknown };
}

/** Requests started ahead of the hook that will read them (route loaders), by address. */
const ahead = new Map<string, Ahead>();
/** Addresses fetched successfully at least once: SWR's cache has them from then on. */
const fetched = new Set<string>();

function request<T>(key: ApiKey): Promise<T> {
  return typeof key === 'string' ? api.get<T>(key) : api.get<T>(key[0], { params: key[1] });
}

/** The key as an `ApiKey`, or null for keys of another shape. */
function asApiKey(key: unknown): ApiKey | null {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && key.length === 2 && typeof key[0] === 'string') {
    const params: unknown = key[1];
    if (typeof params === 'object' && params !== null) return key as unknown as ApiKey;
  }
  return null;
}

function freshAhead(id: string): Ahead | undefined {
  const entry = ahead.get(id);
  if (entry && Date.now() - entry.at >= AHEAD_TTL_MS) {
    ahead.delete(id);
    return undefined;
  }
  return entry;
}

/**
 * SWR's fetcher. It takes over a request a route loader started for the same key (so the data
 * is fetched once), and remembers which keys have been fetched.
 */
export function apiFetcher<T>(key: ApiKey): Promise<T> {
  const id = keyUrl(key);
  const early = freshAhead(id);
  ahead.delete(id);
  const promise = early ? (early.promise as Promise<T>) : request<T>(key);
  return promise.then((data) => {
    fetched.add(id);
    return data;
  });
}

/**
 * Starts the requests a page is about to make with `useSWR`, for a route loader: the data is
 * fetched in parallel with the page's code, and the page renders once, complete, instead of
 * spinners that later push the content about. Keys fetched before are skipped (SWR shows its
 * cached data at once and revalidates). Resolves when every started request has settled, or
 * after `maxWaitMs`, whichever comes first; it never rejects (a failure shows on the page).
 */
export function prefetch(keys: readonly ApiKey[], maxWaitMs = 4000): Promise<void> {
  const started: Promise<unknown>[] = [];
  for (const key of keys) {
    const id = keyUrl(key);
    if (fetched.has(id)) continue;
    let entry = freshAhead(id);
    if (!entry) {
      const promise = request(key);
      const created: Ahead = { promise, at: Date.now() };
      promise.then(
        (value) => {
          created.settled = { value };
        },
        // Handled here; the hook that takes the request over shows the failure.
        () => {},
      );
      entry = created;
      ahead.set(id, entry);
    }
    started.push(entry.promise);
  }
  if (started.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.allSettled(started),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    }),
  ]).then(() => clearTimeout(timer));
}

/**
 * SWR middleware: the first render of a key whose route loader has fetched it finds the data in
 * the cache, so the page paints complete. (Otherwise SWR renders without data and takes the
 * loader's request over in an effect, and the browser paints the spinners in between.) The
 * request stays in the table, so the revalidation SWR runs on mount takes it over: no second
 * request.
 */
export const withPrefetched: Middleware = (useSWRNext) => (key, fetcher, config) => {
  if (ahead.size > 0) {
    const apiKey = asApiKey(key);
    const settled = apiKey && freshAhead(keyUrl(apiKey))?.settled;
    if (settled) {
      // SWR hands middleware its whole configuration, the cache in use included.
      const { cache } = config as typeof config & { cache: Cache };
      const id = unstable_serialize(key);
      if (cache.get(id)?.data === undefined) {
        cache.set(id, {
          data: settled.value,
          error: undefined,
          isValidating: false,
          isLoading: false,
        });
      }
    }
  }
  return useSWRNext(key, fetcher, config);
};

/** Forgets the prefetch state (tests start from a fresh SWR cache). */
export function resetPrefetch() {
  ahead.clear();
  fetched.clear();
}

/** Data fetching: dedupe 2 s, focus throttle 5 s, error retry 5 s (SPEC section 9). */
export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  use: [withPrefetched],
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
};

/** Data that is the same for everyone; it survives signing in and out. */
const PUBLIC_KEYS: readonly string[] = [
  apiPaths.settings,
  apiPaths.letterTypes,
  ...CONTENT_BASES.map(apiPaths.content),
  // The register's public statistics (counts only; Profil Desa reads them, ADR 0023).
  '/statistics',
];

/** True for cached data that belongs to the signed-in user (cleared on sign-out). */
export function isPrivateKey(key: unknown): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && !PUBLIC_KEYS.includes(path);
}

/**
 * The same for a key as SWR's cache stores it (`unstable_serialize`: "/api/profile", or
 * '@"/api/letter-requests",#per_page:100,$' for a path with parameters; "$inf$…" and "$sub$…"
 * before either), so entries written by `mutate` alone, without a hook, are found too.
 */
export function isPrivateCacheKey(serialized: string): boolean {
  const key = serialized.replace(/^\$(inf|sub)\$/, '');
  const quoted = /^@"((?:[^"\\]|\\.)*)"/.exec(key);
  return isPrivateKey(quoted ? (JSON.parse(`"${quoted[1]}"`) as string) : key);
}

/**
 * SWR's cache holding the answers a server-rendered page was rendered from (entry-server.tsx and
 * main.tsx): read as loaded data (not `fallback`, which SWR still reports as loading), so the
 * server's render and the browser's first render show the same complete page.
 */
export function cacheFrom(entries: Record<string, unknown>): () => Cache {
  return () =>
    new Map(
      Object.entries(entries).map(([key, data]) => [
        key,
        { data, error: undefined, isValidating: false, isLoading: false },
      ]),
    ) as Cache;
}
