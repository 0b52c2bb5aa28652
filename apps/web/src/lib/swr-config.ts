import type { SWRConfiguration } from 'swr';
import { api } from './http-client.ts';
import { apiPaths, CONTENT_BASES } from './paths.ts';

/** A key is an API path, or [path, query parameters]. */
export type ApiKey = string | readonly [string, Record<string, string | number | undefined>];

export function apiFetcher<T>(key: ApiKey): Promise<T> {
  return typeof key === 'string' ? api.get<T>(key) : api.get<T>(key[0], { params: key[1] });
}

/** Data fetching: dedupe 2 s, focus throttle 5 s, error retry 5 s (SPEC section 9). */
export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  dedupingInterval: 2000,
  focusThrottleInterval: 5000,
  errorRetryInterval: 5000,
};

/** Data that is the same for everyone; it survives signing in and out. */
const PUBLIC_KEYS: readonly string[] = [
  apiPaths.settings,
  apiPaths.letterTypes,
  ...CONTENT_BASES.map(apiPaths.content),
];

/** True for cached data that belongs to the signed-in user (cleared on sign-out). */
export function isPrivateKey(key: unknown): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && !PUBLIC_KEYS.includes(path);
}
