import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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

// findBy…/waitFor give a screen 3 s to appear (1 s by default): the lazy chunks of a page are
// compiled on first use, which on a busy two-core machine can take longer than a second.
configure({ asyncUtilTimeout: 3000 });

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
