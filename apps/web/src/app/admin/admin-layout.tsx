import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import '../../admin.css';
import { Link, Outlet, useLocation } from 'react-router';
import { HomeIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { LogoutDialog } from '../../features/auth/components/logout-dialog.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useSiteName } from '../../lib/page-meta.ts';
import { adminPaths } from '../../lib/admin-paths.ts';
import { paths } from '../../lib/paths.ts';
import { governmentName, useSettings } from '../../lib/settings.ts';
import { adminMenu } from './admin-menu.ts';
import { AdminSidebarNav } from './admin-sidebar.tsx';
import { AdminUserMenu } from './admin-user-menu.tsx';
import { MenuSearch } from './menu-search.tsx';
import { useSigningMe } from '../../api/signing.ts';

/** From this width (Tailwind's lg) the sidebar sits beside the page; below it, over the page. */
export const WIDE_SCREEN = '(min-width: 1024px)';

function useWideScreen() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_SCREEN).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/**
 * The admin layout (SPEC section 2 and 9): a 270 px sidebar and a 64 px top bar with the
 * sidebar toggle, "Cari menu...", the bell and the user dropdown. On small screens the sidebar
 * is hidden, slides over the page when toggled (0.3 s) and hides again after navigation.
 */
export function AdminLayout() {
  const { user, isAdmin } = useAuth();
  const { settings } = useSettings();
  useSiteName(governmentName(settings));
  const wide = useWideScreen();
  const { pathname } = useLocation();
  // A signer's menu has their queue ("Tanda Tangan"); generated, like the rest of it.
  const { me } = useSigningMe();
  const signer = !!me && (me.can_sign || me.is_head || me.is_secretary);
  // The population register (issue 24) is for administrators only, as this whole area.
  const register = isAdmin;
  const menu = useMemo(() => adminMenu({ signer, register }), [signer, register]);
  // Wide screens show the sidebar and small ones hide it whenever the width crosses the line;
  // on small screens it also hides after each navigation. Derived while rendering (no effect).
  const [sidebar, setSidebar] = useState({ open: wide, wide, pathname });
  let open = sidebar.open;
  if (sidebar.wide !== wide || sidebar.pathname !== pathname) {
    open = sidebar.wide !== wide ? wide : wide && sidebar.open;
    setSidebar({ open, wide, pathname });
  }
  const setOpen = useCallback(
    (next: boolean | ((was: boolean) => boolean)) =>
      setSidebar((s) => ({ ...s, open: typeof next === 'function' ? next(s.open) : next })),
    [],
  );
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const overlay = open && !wide;
  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, [setOpen]);

  useEffect(() => {
    if (!overlay) return;
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, close]);

  const name = governmentName(settings);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#konten"
        className="sr-only-focusable fixed left-2 top-2 z-[80] rounded bg-white px-4 py-2 font-semibold text-brand-800 shadow"
      >
        Langsung ke konten utama
      </a>
      {overlay && (
        <div
          aria-hidden="true"
          onClick={close}
          className="fixed inset-0 z-40 bg-slate-950/50 lg:hidden"
        />
      )}
      <aside
        ref={sidebarRef}
        id="admin-sidebar"
        aria-label="Sidebar admin"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 flex w-sidebar flex-col border-r border-slate-200 bg-white transition-[transform,visibility] duration-300 ease-out motion-reduce:transition-none ${
          open ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <Link
          to={adminPaths.root}
          className="flex h-admin-bar shrink-0 items-center gap-2 border-b border-slate-200 px-5 font-bold text-brand-800"
        >
          {settings?.logo_file_id ? (
            <img
              src={settings.logo_url?.thumb ?? paths.file(settings.logo_file_id)}
              alt=""
              width={32}
              height={32}
              className="size-8 object-contain"
            />
          ) : (
            <HomeIcon className="size-7 shrink-0" />
          )}
          <span className="min-w-0 truncate text-sm leading-tight">{name}</span>
        </Link>
        <AdminSidebarNav menu={menu} />
      </aside>

      <div
        className={`flex min-h-dvh flex-col transition-[padding] duration-300 motion-reduce:transition-none ${
          open ? 'lg:pl-sidebar' : ''
        }`}
      >
        <header className="sticky top-0 z-30 flex h-admin-bar shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:gap-3 sm:px-4">
          <button
            ref={toggleRef}
            type="button"
            aria-controls="admin-sidebar"
            aria-expanded={open}
            aria-label={open ? 'Sembunyikan menu' : 'Tampilkan menu'}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
          >
            <MenuIcon />
          </button>
          <MenuSearch menu={menu} />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <NotificationBell />
            {user && (
              <AdminUserMenu
                name={user.name}
                roleName={user.roles?.[0]?.name ?? ''}
                buttonRef={userButtonRef}
                onLogout={() => setLoggingOut(true)}
              />
            )}
          </div>
        </header>
        <main id="konten" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </div>
      <LogoutDialog
        open={loggingOut}
        onClose={() => setLoggingOut(false)}
        finalFocusRef={userButtonRef}
      />
    </div>
  );
}
