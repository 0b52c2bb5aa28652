import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { focusableIn, trapTab } from '../../components/ui/focusable.ts';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { lockScroll } from '../../components/ui/scroll-lock.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { paths } from '../../lib/paths.ts';
import { NAV_ITEMS, USER_ITEMS } from './nav-items.ts';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The side menu of small screens: slides in from the right in 0.3 s, a modal dialog while open
 * (focus kept inside, Escape and the backdrop close it, page scroll locked). Rendered in
 * <body> because the blurred top bar would otherwise become its containing block.
 */
export function MobileMenu({ id, open, onClose, onLogout }: MobileMenuProps) {
  const { user, isAuthenticated } = useAuth();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) (focusableIn(panel)[0] ?? panel).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    const unlock = lockScroll();
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlock();
      const active = document.activeElement;
      if (!active || active === document.body || panel?.contains(active)) opener?.focus();
    };
  }, [open, onClose]);

  const linkClass = 'block rounded-md px-3 py-3 text-lg font-medium hover:bg-brand-50';

  return createPortal(
    <div className={`md:hidden ${open ? '' : 'pointer-events-none'}`} inert={!open}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-0 z-40 bg-slate-950/50 transition-opacity duration-300 motion-reduce:transition-none ${
          open ? 'opacity-100' : 'opacity-0'
        }`}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        onKeyDown={(event) => panelRef.current && trapTab(event, panelRef.current)}
        className={`fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-[transform,visibility] duration-300 ease-out motion-reduce:transition-none ${
          open ? 'visible translate-x-0' : 'invisible translate-x-full'
        }`}
      >
        <div className="flex h-header items-center justify-between border-b border-slate-200 px-4">
          <span className="font-bold text-brand-800">Menu</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Tutup menu"
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Menu samping" className="flex-1 overflow-y-auto p-3">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.home}
                  onClick={onClose}
                  className={({ isActive }) =>
                    `${linkClass} ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-900'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {isAuthenticated && user ? (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <p className="truncate px-3 pb-2 text-sm text-slate-700">{user.name}</p>
              <ul>
                <li>
                  <Link
                    to={paths.notification}
                    onClick={onClose}
                    className={`${linkClass} text-slate-900`}
                  >
                    Notifikasi
                  </Link>
                </li>
                {USER_ITEMS.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} onClick={onClose} className={`${linkClass} text-slate-900`}>
                      {item.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={onLogout}
                    className={`${linkClass} w-full text-left text-slate-900`}
                  >
                    Logout
                  </button>
                </li>
              </ul>
            </div>
          ) : (
            <div className="mt-4 px-3">
              <Button href={paths.auth.login()} block onClick={onClose}>
                Masuk
              </Button>
            </div>
          )}
        </nav>
      </div>
    </div>,
    document.body,
  );
}
