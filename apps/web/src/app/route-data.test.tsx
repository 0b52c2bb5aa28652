import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/http-client.ts';
import { isPrivateKey, keyUrl } from '../lib/swr-config.ts';
import { createFakeServer } from '../testing/fake-server.ts';
import { renderApp } from '../testing/render-app.tsx';
import { LAYOUT_DATA, PAGE_PRELOADS } from './route-data.ts';

const TYPES = [
  {
    code: 'ku',
    title: 'Usaha',
    description: 'Keterangan usaha.',
    requirements: [{ key: 'ktp', label: 'KTP', online: 'optional' }],
  },
  { code: 'ktm', title: 'Tidak Mampu', description: 'Keterangan tidak mampu.', requirements: [] },
];

/** Whether "Memuat…" (a section's spinner) ever shows inside <main> while `run` goes on. */
function watchMainForSpinners() {
  let seen = false;
  const observer = new MutationObserver(() => {
    const main = document.getElementById('konten');
    if (main?.textContent?.includes('Memuat')) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    get seen() {
      return seen;
    },
    stop: () => observer.disconnect(),
  };
}

describe('route data', () => {
  it('renders a public page once its data is there: no spinner in between, each call once', async () => {
    const server = createFakeServer({
      'GET /api/letter-types': async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { body: { data: TYPES } };
      },
    });
    const spinners = watchMainForSpinners();
    renderApp('/service');
    const list = (await screen.findByRole('heading', { level: 2, name: 'Usaha' })).closest('ul')!;
    expect(within(list).getByRole('heading', { name: 'Tidak Mampu' })).toBeInTheDocument();
    // The top bar had the village's name from the first paint on.
    expect(
      screen.getByRole('link', { name: /Pemerintah Desa Sukamaju, ke Beranda/ }),
    ).toBeVisible();
    spinners.stop();
    expect(spinners.seen).toBe(false);
    expect(server.seen('GET /api/letter-types')).toHaveLength(1);
    expect(server.seen('GET /api/settings')).toHaveLength(1);
  });

  it('does not wait again for data it already has when navigating back', async () => {
    const server = createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: TYPES } }),
    });
    const { router } = renderApp('/service');
    await screen.findByRole('heading', { level: 2, name: 'Usaha' });
    await router.navigate('/about/official');
    await router.navigate('/service');
    // Shown from the cache at once (SWR revalidates behind it).
    expect(screen.getByRole('heading', { level: 2, name: 'Usaha' })).toBeInTheDocument();
    expect(server.seen('GET /api/settings')).toHaveLength(1);
  });

  it('lists only public data, by the very address the client requests', async () => {
    const server = createFakeServer();
    for (const page of PAGE_PRELOADS) {
      for (const key of [...LAYOUT_DATA, ...page.data]) {
        expect(isPrivateKey(key), `${page.path}: ${keyUrl(key)}`).toBe(false);
        const before = server.requests.length;
        await (typeof key === 'string' ? api.get(key) : api.get(key[0], { params: key[1] })).catch(
          () => {},
        );
        expect(server.requests[before]!.path).toBe(keyUrl(key));
      }
    }
  });

  it("names each lazy page's module as it is in src/", () => {
    for (const page of PAGE_PRELOADS.filter((p) => p.module)) {
      const file = path.join(import.meta.dirname, '..', page.module!);
      expect(fs.existsSync(file), `${page.path}: ${page.module}`).toBe(true);
    }
  });
});
