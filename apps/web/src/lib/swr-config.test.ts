import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../testing/fake-server.ts';
import { apiFetcher, isPrivateKey, keyUrl, prefetch } from './swr-config.ts';

describe('isPrivateKey', () => {
  it('keeps the public site data across sign-out and clears the rest', () => {
    expect(isPrivateKey('/settings')).toBe(false);
    expect(isPrivateKey('/letter-types')).toBe(false);
    expect(isPrivateKey(['/homepage-headers', { per_page: 100 }])).toBe(false);
    expect(isPrivateKey('/profile')).toBe(true);
    expect(isPrivateKey('/notifications/unread-count')).toBe(true);
  });
});

describe('prefetch', () => {
  it('fetches once: the fetcher takes over the request a loader started', async () => {
    const server = createFakeServer({
      'GET /api/village-infos': () => ({ body: { data: [] } }),
    });
    const key = ['/village-infos', { per_page: 100 }] as const;
    await prefetch([key]);
    await apiFetcher(key);
    expect(server.seen('GET /api/village-infos')).toHaveLength(1);
    // Fetched once, a later loader does not wait for it again; SWR's cache has it.
    await prefetch([key]);
    expect(server.seen('GET /api/village-infos')).toHaveLength(1);
  });

  it('never rejects, and leaves the failure to the hook', async () => {
    createFakeServer({
      'GET /api/letter-types': () => ({ status: 500, body: { message: 'Rusak.' } }),
    });
    await expect(prefetch(['/letter-types'])).resolves.toBeUndefined();
    await expect(apiFetcher('/letter-types')).rejects.toEqual({ message: 'Rusak.' });
  });

  it('stops waiting after maxWaitMs', async () => {
    createFakeServer({
      'GET /api/settings': () => new Promise(() => {}),
    });
    const started = Date.now();
    await prefetch(['/settings'], 20);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('does not hand out a request started long ago', async () => {
    const server = createFakeServer();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    await prefetch(['/settings']);
    now.mockReturnValue(1_000_000 + 60_000);
    await apiFetcher('/settings');
    expect(server.seen('GET /api/settings')).toHaveLength(2);
  });
});

describe('keyUrl', () => {
  it('is the address the client asks for, parameters in order, empty ones left out', () => {
    expect(keyUrl('/settings')).toBe('/api/settings');
    expect(keyUrl(['/homepage-headers', { per_page: 100, active: 'true', q: undefined }])).toBe(
      '/api/homepage-headers?per_page=100&active=true',
    );
  });
});
