import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { HomeIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { LogoutDialog } from '../../features/auth/components/logout-dialog.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { paths } from '../../lib/paths.ts';
import { governmentName, type VillageSettings } from '../../lib/settings.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

/** How far the page scrolls before the top bar turns translucent. */
const SCROLL_THRESHOLD = 8;

/** The 70 px top bar: solid at the top of the page, translucent with blur after scrolling. */
export function TopBar({ settings }: { settings: VillageSettings | null }) {
  const { user, isAuthenticated } = useAuth();
  const [scrolled, setScrolled] = useState(() => window.scrollY > SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  /** Which control opened the logout dialog, so focus can go back to it. */
  const [logoutFrom, setLogoutFrom] = useState<'user-menu' | 'side-menu' | null>(null);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const name = governmentName(settings);

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
          <span className="truncate text-sm leading-tight xs:text-base">{name}</span>
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
            <>
              <NotificationBell />
              <span className="hidden max-w-32 truncate px-1 font-medium text-slate-800 md:inline lg:max-w-48">
                {user.name}
              </span>
              <div className="hidden md:block">
                <UserMenu
                  userName={user.name}
                  buttonRef={userButtonRef}
                  onLogout={() => setLogoutFrom('user-menu')}
                />
              </div>
            </>
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
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>

      <MobileMenu
        id="menu-samping"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onLogout={() => {
          setMenuOpen(false);
          setLogoutFrom('side-menu');
        }}
      />
      <LogoutDialog
        open={logoutFrom !== null}
        onClose={() => setLogoutFrom(null)}
        finalFocusRef={logoutFrom === 'side-menu' ? menuButtonRef : userButtonRef}
      />
    </header>
  );
}
