import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '../../components/toast/toast-context.ts';
import { api, errorMessage, httpStatus } from '../http-client.ts';
import { apiPaths } from '../paths.ts';
import { usePersistedState } from '../persisted-state.ts';
import { isPrivateCacheKey, isPrivateKey, resetPrefetch } from '../swr-config.ts';
import { clearDrafts, clearTabStorage } from '../drafts.ts';
import { clearSessionToken, readSessionToken, storeSessionToken } from '../session-token.ts';
import { AuthContext, type AuthApi } from './auth-context.ts';
import {
  AUTH_STORAGE_KEY,
  EXPIRY_CLEAR_DELAY_MS,
  SESSION_EXPIRED_MESSAGE,
  SESSION_LIFETIME_MS,
  initialAuthState,
  isAdministrator,
  startupState,
  toSessionUser,
} from './auth-state.ts';

/**
 * Who the server renders a public page for: nobody signed in (it has no session, ADR 0025).
 * While React hydrates such a page the app shows this too, so its first render is the server's
 * HTML; right after, it shows the stored session (a signed-in top bar).
 */
const SERVER_STATE = startupState(initialAuthState, null);

const subscribeNothing = () => () => undefined;

/** False while React hydrates the server's HTML (and on the server); true in any other render. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** The auth store of SPEC section 4, persisted in localStorage under `balai.auth`. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const { mutate, cache } = useSWRConfig();
  const [state, update] = usePersistedState(AUTH_STORAGE_KEY, initialAuthState, {
    onLoad: (stored) => {
      const token = readSessionToken();
      api.setToken(token);
      return startupState(stored, token);
    },
  });

  const expiring = useRef(false);
  const expiryToast = useRef<number | null>(null);
  const clearTimer = useRef<number | null>(null);

  /**
   * Forget everything user-specific the app holds in memory and in this tab (issue 18.7): SWR's
   * cached answers, the answers route loaders fetched ahead, the signer's viewed marks; so the
   * next user of the browser never sees them.
   */
  const clearCache = useCallback(() => {
    resetPrefetch();
    clearTabStorage();
    void mutate(isPrivateKey, undefined, { revalidate: false });
    // Entries no hook has read (written by `mutate` alone) are not matched above: gone too.
    for (const key of [...cache.keys()]) if (isPrivateCacheKey(key)) cache.delete(key);
  }, [mutate, cache]);

  const signOutLocally = useCallback(() => {
    clearSessionToken();
    // Form drafts are personal data on a possibly shared phone (kept through an expired session,
    // so signing in again finds the form as it was, but never past signing out).
    clearDrafts();
    update({ user: null, status: 'unauthenticated', expiredAt: 0 });
    clearCache();
  }, [update, clearCache]);

  const expire = useCallback(() => {
    if (expiring.current) return;
    expiring.current = true;
    expiryToast.current = toast.info(SESSION_EXPIRED_MESSAGE, { persistent: true });
    clearTimer.current = window.setTimeout(() => {
      clearTimer.current = null;
      expiring.current = false;
      update({ user: null, status: 'unauthenticated', expiredAt: 0 });
      clearSessionToken();
      clearCache();
    }, EXPIRY_CLEAR_DELAY_MS);
  }, [toast, update, clearCache]);

  useEffect(
    () => () => {
      if (clearTimer.current !== null) window.clearTimeout(clearTimer.current);
    },
    [],
  );

  // The expiry timer: runs until expiredAt, or acts at once when that has passed.
  const { status, expiredAt } = state;
  useEffect(() => {
    if (status !== 'authenticated' || expiredAt <= 0) return;
    const timer = window.setTimeout(expire, Math.max(0, expiredAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [status, expiredAt, expire]);

  // Any 401 to an authenticated call ends the session exactly like expiry.
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  useEffect(() => {
    api.setUnauthorizedHandler(() => {
      if (statusRef.current === 'authenticated') expire();
    });
    return () => api.setUnauthorizedHandler(null);
  }, [expire]);

  // A failure is thrown for the login page to show once, in its error summary: no toast besides.
  const login = useCallback<AuthApi['login']>(
    async ({ email, password, remember }) => {
      // The login's steps load when someone signs in: most visits never do.
      const { runLoginSteps } = await import('./login-steps.ts');
      const { token, user } = await runLoginSteps(api, { email, password });
      storeSessionToken(token);
      const sessionUser = toSessionUser(user);
      if (expiryToast.current !== null) toast.dismiss(expiryToast.current);
      clearCache();
      update({
        user: sessionUser,
        status: 'authenticated',
        expiredAt: Date.now() + SESSION_LIFETIME_MS,
        remember: { email: remember ? email : '' },
      });
      return sessionUser;
    },
    [toast, update, clearCache],
  );

  const logout = useCallback(async () => {
    try {
      await api.post(apiPaths.logout, undefined, { ignoreUnauthorized: true });
    } catch (error) {
      // A 401 means the server already ended this session: signing out here is all that is left.
      if (httpStatus(error) !== 401) {
        toast.error(errorMessage(error));
        throw error;
      }
    }
    signOutLocally();
  }, [toast, signOutLocally]);

  const updateUser = useCallback<AuthApi['updateUser']>(
    (change) => update((current) => (current.user ? { user: { ...current.user, ...change } } : {})),
    [update],
  );

  const replaceToken = useCallback((token: string) => storeSessionToken(token), []);

  const hydrated = useHydrated();
  const value = useMemo<AuthApi>(() => {
    const shown = hydrated ? state : SERVER_STATE;
    return {
      state: shown,
      user: shown.user,
      isAuthenticated: shown.status === 'authenticated' && shown.user !== null,
      isAdmin: shown.status === 'authenticated' && isAdministrator(shown.user),
      login,
      logout,
      expire,
      updateUser,
      replaceToken,
    };
  }, [hydrated, state, login, logout, expire, updateUser, replaceToken]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
