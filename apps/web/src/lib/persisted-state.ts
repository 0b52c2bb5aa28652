import { useCallback, useEffect, useState } from 'react';

export interface PersistedStateOptions<T> {
  /** Adjusts the merged value once, on load, before the first render uses it. */
  onLoad?: (loaded: T) => T;
}

/**
 * UI state kept in localStorage under a caller-given key (SPEC section 4). On load the stored
 * values are merged over `initial`, so fields added later get their defaults; `update` merges a
 * partial change; `reset` goes back to `initial`.
 */
export function usePersistedState<T extends object>(
  key: string,
  initial: T,
  options: PersistedStateOptions<T> = {},
) {
  const [state, setState] = useState<T>(() => {
    const loaded = readStored(key, initial);
    return options.onLoad ? options.onLoad(loaded) : loaded;
  });

  useEffect(() => {
    try {
      window.localStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Storage can be full or disabled (private mode): the state still works in memory.
    }
  }, [key, state]);

  const update = useCallback((change: Partial<T> | ((current: T) => Partial<T>)) => {
    setState((current) => ({
      ...current,
      ...(typeof change === 'function' ? change(current) : change),
    }));
  }, []);

  const reset = useCallback(() => setState(initial), [initial]);

  return [state, update, reset] as const;
}

function readStored<T extends object>(key: string, initial: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return initial;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return initial;
    return { ...initial, ...(stored as Partial<T>) };
  } catch {
    return initial;
  }
}
