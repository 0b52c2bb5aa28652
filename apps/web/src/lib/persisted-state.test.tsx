import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePersistedState } from './persisted-state.ts';

const KEY = 'test.prefs';
const initial = { theme: 'light', size: 14, remember: { email: '' } };
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;

describe('usePersistedState', () => {
  it('starts from the initial value and writes it under the key', () => {
    const { result } = renderHook(() => usePersistedState(KEY, initial));
    expect(result.current[0]).toEqual(initial);
    expect(stored()).toEqual(initial);
  });

  it('merges stored values over the initial ones on load', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ theme: 'dark', old: true }));
    const { result } = renderHook(() => usePersistedState(KEY, initial));
    // The stored field wins, a field added since keeps its default, extra fields survive.
    expect(result.current[0]).toEqual({ ...initial, theme: 'dark', old: true });
  });

  it('ignores unreadable stored values', () => {
    window.localStorage.setItem(KEY, '{not json');
    const { result } = renderHook(() => usePersistedState(KEY, initial));
    expect(result.current[0]).toEqual(initial);
  });

  it('updates with a partial object or a function, and persists', () => {
    const { result } = renderHook(() => usePersistedState(KEY, initial));
    act(() => result.current[1]({ theme: 'dark' }));
    expect(result.current[0]).toEqual({ ...initial, theme: 'dark' });
    act(() => result.current[1]((current) => ({ size: current.size + 2 })));
    expect(result.current[0].size).toBe(16);
    expect(stored()).toEqual({ ...initial, theme: 'dark', size: 16 });
  });

  it('resets to the initial value', () => {
    const { result } = renderHook(() => usePersistedState(KEY, initial));
    act(() => result.current[1]({ theme: 'dark', size: 20 }));
    act(() => result.current[2]());
    expect(result.current[0]).toEqual(initial);
    expect(stored()).toEqual(initial);
  });

  it('lets the caller adjust the loaded value before the first render', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ size: 99 }));
    const { result } = renderHook(() =>
      usePersistedState(KEY, initial, { onLoad: (v) => ({ ...v, size: Math.min(v.size, 30) }) }),
    );
    expect(result.current[0].size).toBe(30);
  });

  it('keeps separate keys separate', () => {
    const a = renderHook(() => usePersistedState('a', { n: 1 }));
    const b = renderHook(() => usePersistedState('b', { n: 1 }));
    act(() => a.result.current[1]({ n: 5 }));
    expect(b.result.current[0].n).toBe(1);
    expect(JSON.parse(window.localStorage.getItem('a')!)).toEqual({ n: 5 });
  });
});
