import { useSyncExternalStore } from 'react';

/**
 * Which letters' previews the signer has opened in this tab (sessionStorage), so several letters
 * can be approved at once only after each was looked at (issue 15). The server trusts the web
 * on this; it is a safeguard for the signer, not a proof.
 */
export const VIEWED_KEY = 'balai.signing.viewed';

const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: ReadonlySet<number> } = { raw: null, ids: new Set() };

function read(): ReadonlySet<number> {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(VIEWED_KEY);
  } catch {
    raw = null;
  }
  if (raw === cache.raw) return cache.ids;
  let ids: number[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((x): x is number => Number.isInteger(x));
  } catch {
    ids = [];
  }
  cache = { raw, ids: new Set(ids) };
  return cache.ids;
}

/** Marks a letter's preview as opened. */
export function markViewed(id: number) {
  const ids = read();
  if (ids.has(id)) return;
  try {
    // The newest 200 are plenty: a queue holds at most 100 a page.
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...ids, id].slice(-200)));
  } catch {
    // Storage full or blocked: the mark lives until the page is left.
    cache = { raw: cache.raw, ids: new Set([...ids, id]) };
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the letters whose preview was opened in this tab. */
export function useViewedPreviews(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, read, read);
}
