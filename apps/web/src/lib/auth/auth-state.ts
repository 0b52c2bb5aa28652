import type { ApiUser } from '@balai/domain';
import { isActiveAdmin } from '@balai/domain/policy';

/** The localStorage key of the auth state (SPEC section 4 leaves the name open). */
export const AUTH_STORAGE_KEY = 'balai.auth';

/** Session lifetime: 24 hours (SPEC section 9). */
export const SESSION_LIFETIME_MS = 86_400_000;

/** After the expiry message shows, the session is cleared this much later (SPEC section 4). */
export const EXPIRY_CLEAR_DELAY_MS = 1000;

export const SESSION_EXPIRED_MESSAGE =
  'Sesi Anda telah berakhir. Silakan masuk kembali untuk melanjutkan.';

/**
 * Who is signed in, as kept in browser storage: identity only. The biodata (NIK, address …) stay
 * on the server and are fetched by the pages that show them, so localStorage never holds them.
 */
export type SessionUser = Pick<ApiUser, 'id' | 'name' | 'email' | 'roles'>;

export type AuthStatus = 'authenticated' | 'unauthenticated';

export interface AuthState {
  isLoading: boolean;
  user: SessionUser | null;
  status: AuthStatus;
  /** Epoch ms when the session ends; 0 when there is none. */
  expiredAt: number;
  /** "Ingat saya" keeps the e-mail only; the password is left to the browser (DESIGN 6). */
  remember: { email: string };
}

export const initialAuthState: AuthState = {
  isLoading: true,
  user: null,
  status: 'unauthenticated',
  expiredAt: 0,
  remember: { email: '' },
};

export function toSessionUser(user: Pick<ApiUser, 'id' | 'name' | 'email' | 'roles'>): SessionUser {
  return { id: user.id, name: user.name, email: user.email, roles: user.roles ?? [] };
}

/**
 * The admin area is for active administrators (SPEC 6): the domain policy's `isActiveAdmin`. A
 * signed-in session is an active account's (the server ends the sessions of one made inactive).
 * Imported from `@balai/domain/policy`, a zod-free module of a few lines, so the public first
 * load does not take the rest of the policy (issue 20).
 */
export function isAdministrator(user: { roles?: { name: string }[] } | null | undefined) {
  return isActiveAdmin(user ? { roles: user.roles, active: true } : null);
}

/**
 * The state on app start: loading is turned off, and without a token in sessionStorage the
 * state is unauthenticated whatever localStorage remembered (SPEC section 4).
 */
export function startupState(stored: AuthState, token: string | null): AuthState {
  const remember = {
    email: typeof stored.remember?.email === 'string' ? stored.remember.email : '',
  };
  if (!token || stored.status !== 'authenticated' || !stored.user) {
    return {
      ...stored,
      isLoading: false,
      user: null,
      status: 'unauthenticated',
      expiredAt: 0,
      remember,
    };
  }
  return { ...stored, isLoading: false, remember };
}
