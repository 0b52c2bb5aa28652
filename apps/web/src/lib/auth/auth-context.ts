import { createContext, useContext } from 'react';
import type { AuthState, SessionUser } from './auth-state.ts';
import type { Credentials } from './login-steps.ts';

export interface AuthApi {
  state: AuthState;
  user: SessionUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Steps 1–6 of SPEC section 4; on failure an error toast, then the error is rethrown. */
  login: (input: Credentials & { remember: boolean }) => Promise<SessionUser>;
  /** The logout call, then the local sign-out; on failure an error toast and a rethrow. */
  logout: () => Promise<void>;
  /** Ends the session as expiry does: the persistent message, then the clear after 1 s. */
  expire: () => void;
  /** Keeps the stored identity in step with a profile edit (the name in the top bar). */
  updateUser: (change: Partial<Pick<SessionUser, 'name' | 'email'>>) => void;
  /** Replaces the session token (e.g. when the server rotates it). */
  replaceToken: (token: string) => void;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>.');
  return auth;
}
