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

// findBy…/waitFor give a screen 10 s to appear (1 s by default): the lazy chunks of a page are
// compiled on first use, which on a loaded two-core machine took more than 3 s (issue 25: 16
// of 524 tests failed once with 3 s while eight other jobs ran). A test that passes waits only
// as long as the screen takes; one that fails still fails, later.
configure({ asyncUtilTimeout: 10_000 });

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
