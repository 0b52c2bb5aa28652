import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/http-client.ts';
import { resetPrefetch } from '../lib/swr-config.ts';

// happy-dom lacks HTMLSelectElement.size (0 in browsers); react-hook-form reads it to decide
// whether a select was edited before the form was ready, and would skip its default value.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  api.setToken(null);
  api.setUnauthorizedHandler(null);
  resetPrefetch();
  document.body.removeAttribute('style');
  document.title = '';
});
