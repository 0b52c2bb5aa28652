import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider.tsx';
import { createFakeServer, type FakeServer } from '../../testing/fake-server.ts';
import { TEST_SWR } from '../../testing/render-app.tsx';
import { ADMIN, RESIDENT, seedSession, storedAuth } from '../../testing/session.ts';
import { api } from '../http-client.ts';
import { useAuth } from './auth-context.ts';
import { AUTH_STORAGE_KEY, SESSION_EXPIRED_MESSAGE, SESSION_LIFETIME_MS } from './auth-state.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProvider swr={TEST_SWR}>{children}</AppProvider>
);

function serveLogin(user = RESIDENT): FakeServer {
  return createFakeServer({
    'POST /api/login': () => ({ body: { data: { token: 'tok-1', expires_at: 'x', user } } }),
    'GET /api/profile': () => ({ body: { data: user } }),
    'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
    'POST /api/logout': () => ({ status: 204 }),
  });
}

describe('auth store', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  describe('on app start', () => {
    it('turns loading off and is unauthenticated without a token in sessionStorage', () => {
      seedSession(RESIDENT);
      window.sessionStorage.clear(); // a new tab: localStorage remembers, the session does not
      const { result } = renderHook(() => useAuth(), { wrapper });
      expect(result.current.state).toMatchObject({
        isLoading: false,
        user: null,
        status: 'unauthenticated',
        expiredAt: 0,
      });
      expect(api.getToken()).toBeNull();
    });

    it('keeps a stored session whose token is still in sessionStorage, and sets the header', () => {
      seedSession(RESIDENT, { remember: { email: 'siti@contoh.id' } });
      const { result } = renderHook(() => useAuth(), { wrapper });
      expect(result.current.state.status).toBe('authenticated');
      expect(result.current.user?.name).toBe('Siti Aminah');
      expect(result.current.state.remember.email).toBe('siti@contoh.id');
      expect(api.getToken()).toBe('token-abc');
    });
  });

  describe('login', () => {
    it('stores the token, sets the header, the user, the status and a 24-hour expiry', async () => {
      const server = serveLogin();
      const { result } = renderHook(() => useAuth(), { wrapper });
      const before = Date.now();
      await act(() =>
        result.current.login({ email: 'siti@contoh.id', password: 'rahasia123', remember: false }),
      );
      expect(window.sessionStorage.getItem('access_token')).toBe('tok-1');
      expect(api.getToken()).toBe('tok-1');
      const state = result.current.state;
      expect(state.status).toBe('authenticated');
      expect(state.user).toEqual({
        id: 7,
        name: 'Siti Aminah',
        email: 'siti@contoh.id',
        roles: [{ name: 'WARGA' }],
      });
      expect(state.expiredAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
      expect(state.expiredAt).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
      expect(storedAuth().status).toBe('authenticated');
      // Later calls carry the header.
      await api.get('/profile');
      expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer tok-1');
    });

    it('remembers the e-mail only, never the password, and forgets it when unticked', async () => {
      serveLogin();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(() =>
        result.current.login({ email: 'siti@contoh.id', password: 'rahasia123', remember: true }),
      );
      expect(result.current.state.remember).toEqual({ email: 'siti@contoh.id' });
      expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('rahasia123');
      expect(window.sessionStorage.getItem('access_token')).not.toContain('rahasia123');

      await act(() =>
        result.current.login({ email: 'siti@contoh.id', password: 'rahasia123', remember: false }),
      );
      expect(result.current.state.remember).toEqual({ email: '' });
    });

    it('keeps only identity fields in localStorage, not the biodata', async () => {
      serveLogin();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(() => result.current.login({ email: 'a@b.id', password: 'x', remember: false }));
      expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain(RESIDENT.nik!);
    });

    it('on failure rethrows for the page to show, without a toast of its own', async () => {
      createFakeServer({
        'POST /api/login': () => ({
          status: 401,
          body: { message: 'E-mail atau kata sandi salah.' },
        }),
      });
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await expect(
          result.current.login({ email: 'a@b.id', password: 'x', remember: false }),
        ).rejects.toEqual({ message: 'E-mail atau kata sandi salah.' });
      });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(result.current.state.status).toBe('unauthenticated');
      expect(window.sessionStorage.getItem('access_token')).toBeNull();
    });
  });

  describe('logout', () => {
    it('calls the API, then removes token and header, clears the user and the expiry', async () => {
      seedSession(RESIDENT);
      const server = serveLogin();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(() => result.current.logout());
      const call = server.seen('POST /api/logout');
      expect(call).toHaveLength(1);
      expect(call[0]!.headers.authorization).toBe('Bearer token-abc');
      expect(result.current.state).toMatchObject({
        user: null,
        status: 'unauthenticated',
        expiredAt: 0,
      });
      expect(window.sessionStorage.getItem('access_token')).toBeNull();
      expect(api.getToken()).toBeNull();
    });

    it('forgets every form draft on this device (personal data on a shared phone)', async () => {
      seedSession(RESIDENT);
      serveLogin();
      window.localStorage.setItem('balai.draft.2.ku', '{"raw":{}}');
      window.localStorage.setItem('balai.draft.9.irr', '{"raw":{}}');
      window.localStorage.setItem('balai.other', 'kept');
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(() => result.current.logout());
      expect(window.localStorage.getItem('balai.draft.2.ku')).toBeNull();
      expect(window.localStorage.getItem('balai.draft.9.irr')).toBeNull();
      expect(window.localStorage.getItem('balai.other')).toBe('kept');
    });

    it('forgets the cached answers and the tab’s marks, keeps what is the same for everyone', async () => {
      seedSession(ADMIN);
      serveLogin(ADMIN);
      window.sessionStorage.setItem('balai.signing.viewed', '[12,13]');
      const { result } = renderHook(() => ({ auth: useAuth(), swr: useSWRConfig() }), {
        wrapper,
      });
      const profile = { data: { ...RESIDENT, nik: '3201014506900002' } };
      const settings = { data: { village_name: 'Sukamaju' } };
      const list = { data: [{ id: 12, applicant: { nik: '3201014506900002' } }] };
      await act(async () => {
        await result.current.swr.mutate('/profile', profile, false);
        await result.current.swr.mutate('/settings', settings, false);
        await result.current.swr.mutate(['/letter-requests', { per_page: 100 }], list, false);
      });
      const cached = (key: Parameters<typeof unstable_serialize>[0]) =>
        result.current.swr.cache.get(unstable_serialize(key))?.data;
      expect(cached('/profile')).toEqual(profile);
      await act(() => result.current.auth.logout());
      expect(cached('/profile')).toBeUndefined();
      expect(cached(['/letter-requests', { per_page: 100 }])).toBeUndefined();
      expect(cached('/settings')).toEqual(settings);
      expect(window.sessionStorage.getItem('balai.signing.viewed')).toBeNull();
    });

    it('on failure keeps the session, shows an error toast and rethrows', async () => {
      seedSession(RESIDENT);
      createFakeServer({
        'POST /api/logout': () => ({ status: 503, body: { message: 'Server sibuk.' } }),
      });
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await expect(result.current.logout()).rejects.toEqual({ message: 'Server sibuk.' });
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('Server sibuk.');
      expect(result.current.state.status).toBe('authenticated');
      expect(window.sessionStorage.getItem('access_token')).toBe('token-abc');
    });
  });

  describe('expiry', () => {
    it('at expiredAt shows the persistent message, then clears everything 1 s later', () => {
      vi.useFakeTimers();
      createFakeServer();
      seedSession(RESIDENT, { expiredAt: Date.now() + 10_000 });
      const { result } = renderHook(() => useAuth(), { wrapper });

      act(() => vi.advanceTimersByTime(9_999));
      expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();

      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
      expect(result.current.state.status).toBe('authenticated');

      act(() => vi.advanceTimersByTime(999));
      expect(result.current.user).not.toBeNull();

      act(() => vi.advanceTimersByTime(1));
      expect(result.current.state).toMatchObject({ user: null, status: 'unauthenticated' });
      expect(window.sessionStorage.getItem('access_token')).toBeNull();

      // Persistent: still there long after the usual 4 s.
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    });

    it('acts at once when expiredAt has already passed', () => {
      vi.useFakeTimers();
      createFakeServer();
      seedSession(RESIDENT, { expiredAt: Date.now() - 1 });
      const { result } = renderHook(() => useAuth(), { wrapper });
      act(() => vi.advanceTimersByTime(0));
      expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(result.current.state.status).toBe('unauthenticated');
    });

    it('ends the session the same way on any 401 from the API', async () => {
      seedSession(RESIDENT);
      createFakeServer({
        'GET /api/profile': () => ({ status: 401, body: { message: 'Sesi habis.' } }),
      });
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(() => api.get('/profile').catch(() => {}));
      expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
      await waitFor(() => expect(result.current.state.status).toBe('unauthenticated'), {
        timeout: 2000,
      });
      expect(window.sessionStorage.getItem('access_token')).toBeNull();
    });
  });
});
