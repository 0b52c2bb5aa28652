import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/ui/full-page-loader.tsx';
import { paths, safeReturnTo } from '../paths.ts';
import { useAuth } from './auth-context.ts';
import { isAdministrator } from './auth-state.ts';

/**
 * Profile (and admin) routes: once loading has ended, a signed-out visitor goes to the login
 * page with replace navigation, carrying the current address as `returnTo`.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { state, isAuthenticated } = useAuth();
  const location = useLocation();
  if (state.isLoading) return <FullPageLoader />;
  if (!isAuthenticated) {
    const here = location.pathname + location.search + location.hash;
    return <Navigate to={paths.auth.login(here)} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * Admin routes (inside RequireAuth): only when the first role name, lower-cased, is
 * "administrator"; anyone else goes home. With no user the page stays hidden.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, state } = useAuth();
  if (state.isLoading || !user) return null;
  if (!isAdministrator(user)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

/** Where a user lands after signing in: a safe `returnTo`, else /admin or /. */
export function afterLoginPath(
  returnTo: string | null,
  user: { roles?: { name: string }[] } | null,
) {
  return safeReturnTo(returnTo) ?? (isAdministrator(user) ? paths.admin.root : paths.home);
}

/** The auth pages are for signed-out visitors; a signed-in user is sent on (see afterLoginPath). */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { state, user, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  if (state.isLoading) return <FullPageLoader />;
  if (isAuthenticated)
    return <Navigate to={afterLoginPath(params.get('returnTo'), user)} replace />;
  return children ?? <Outlet />;
}
