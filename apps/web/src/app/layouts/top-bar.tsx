import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { HomeIcon, MenuIcon } from '../../components/ui/icon.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { paths } from '../../lib/paths.ts';
import { governmentName, type VillageSettings } from '../../lib/settings.ts';
import { NAV_ITEMS } from './nav-items.ts';

// The side menu loads on first use, the signed-in controls and the logout dialog (with the
// modal) only for signed-in users: most visits never need them, and leaving them out keeps the
// first load small on cheap phones.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));
const SignedInControls = lazy(async () => ({
  default: (await import('./signed-in-controls.tsx')).SignedInControls,
}));
const LogoutDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/logout-dialog.tsx')).LogoutDialog,
}));

/** How far the page scrolls before the top bar turns translucent. */
const SCROLL_THRESHOLD = 8;

/** The 70 px top bar: solid at the top of the page, translucent with blur after scrolling. */
export function TopBar({ settings }: { settings: VillageSettings | null }) {
  const { user, isAuthenticated } = useAuth();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  /** Whether the side menu has been opened once (its code is loaded from then on). */
  const [menuUsed, setMenuUsed] = useState(false);
  /** Which control opened the logout dialog, so focus can go back to it. */
  const [logoutFrom, setLogoutFrom] = useState<'user-menu' | 'side-menu' | null>(null);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    // Solid in the first render (the server's HTML has no scroll position); a scroll before this
    // listener (a slow phone, a restored position) would otherwise leave it solid until the next.
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const name = governmentName(settings);
  const village = settings?.village_name;

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-30 h-header border-b transition-colors duration-300 ${
        scrolled
          ? 'border-slate-200/80 bg-white/80 shadow-sm backdrop-blur-md'
          : 'border-transparent bg-white'
      }`}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="flex min-w-0 items-center gap-2 font-bold text-brand-800"
          aria-label={`${name}, ke Beranda`}
        >
          {settings?.logo_file_id ? (
            <img
              src={settings.logo_url?.thumb ?? paths.file(settings.logo_file_id)}
              alt=""
              width={40}
              height={40}
              className="size-10 object-contain"
            />
          ) : (
            <HomeIcon className="size-8 shrink-0" />
          )}
          {/* Two lines, so a phone shows the village's name whole rather than "Pemerintah De…". */}
          <span className="min-w-0 truncate text-sm leading-tight">
            Pemerintah Desa
            {village && (
              <>
                {' '}
                <span className="block truncate text-lg">{village}</span>
              </>
            )}
          </span>
        </Link>

        <nav aria-label="Utama" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.home}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-900 ${
                      isActive
                        ? 'text-brand-800 underline decoration-2 underline-offset-8'
                        : 'text-slate-800'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:ml-2">
          {isAuthenticated && user ? (
            // The placeholder holds the bell's place so the bar does not shift when it arrives.
            <Suspense fallback={<span aria-hidden="true" className="inline-block size-11" />}>
              <SignedInControls
                userName={user.name}
                buttonRef={userButtonRef}
                onLogout={() => setLogoutFrom('user-menu')}
              />
            </Suspense>
          ) : (
            <Button href={paths.auth.login()} size="sm">
              Masuk
            </Button>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
            aria-label="Buka menu"
            aria-expanded={menuOpen}
            aria-controls="menu-samping"
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
          </button>
        </div>
      </div>

      <Suspense fallback={null}>
        {menuUsed && (
          <MobileMenu
            id="menu-samping"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onLogout={() => {
              setMenuOpen(false);
              setLogoutFrom('side-menu');
            }}
          />
        )}
        {isAuthenticated && (
          <LogoutDialog
            open={logoutFrom !== null}
            onClose={() => setLogoutFrom(null)}
            finalFocusRef={logoutFrom === 'side-menu' ? menuButtonRef : userButtonRef}
          />
        )}
      </Suspense>
    </header>
  );
}
