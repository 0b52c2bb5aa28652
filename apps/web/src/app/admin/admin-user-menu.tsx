import { useCallback, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, type Role } from '@balai/domain';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useMenuDismiss } from '../../components/ui/use-menu-dismiss.ts';
import { paths } from '../../lib/paths.ts';

export interface AdminUserMenuProps {
  name: string;
  /** The first role's name, e.g. ADMINISTRATOR (shown as its label). */
  roleName: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onLogout: () => void;
}

export const roleLabel = (name: string) => ROLE_LABELS[name as Role] ?? name;

/** The top bar's user dropdown: the name and first role, the own profile, the site, Logout. */
export function AdminUserMenu({ name, roleName, buttonRef, onLogout }: AdminUserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useMenuDismiss(open, close, wrapperRef, buttonRef);

  const itemClass = 'block w-full px-4 py-2 text-left text-slate-900 hover:bg-brand-50';
  return (
    <div
      ref={wrapperRef}
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-11 items-center gap-2 rounded-full px-2 text-slate-800 hover:bg-slate-100"
      >
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserIcon className="size-5" />
        </span>
        <span className="hidden max-w-40 text-left leading-tight sm:block">
          <span className="block truncate text-sm font-semibold">{name}</span>
          <span className="block truncate text-xs text-slate-700">{roleLabel(roleName)}</span>
        </span>
        <span className="sr-only sm:hidden">Menu pengguna {name}</span>
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-60 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        <div className="border-b border-slate-200 px-4 py-2">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-700">{roleLabel(roleName)}</p>
        </div>
        <ul>
          <li>
            <Link to={paths.profile.root} onClick={() => setOpen(false)} className={itemClass}>
              Profil Saya
            </Link>
          </li>
          <li>
            <Link to={paths.home} onClick={() => setOpen(false)} className={itemClass}>
              Lihat Situs
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
