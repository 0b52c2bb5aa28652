import { useCallback, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useMenuDismiss } from '../../components/ui/use-menu-dismiss.ts';
import { USER_ITEMS } from './nav-items.ts';

export interface UserMenuProps {
  userName: string;
  /** The toggle button, so dialogs opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onLogout: () => void;
}

/**
 * The user icon's menu: Profil Saya, Riwayat Surat, Logout. A disclosure (button + list of
 * links), which needs no arrow-key handling to be accessible; Escape and a click outside close it.
 */
export function UserMenu({ userName, buttonRef, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useMenuDismiss(open, close, wrapperRef, buttonRef);

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
        aria-label={`Menu pengguna ${userName}`}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 items-center gap-1 rounded-full px-2 text-slate-800 hover:bg-slate-100"
      >
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserIcon className="size-5" />
        </span>
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        <p className="truncate border-b border-slate-200 px-4 py-2 text-sm text-slate-700">
          {userName}
        </p>
        <ul>
          {USER_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={() => setOpen(false)}
                className="block px-4 py-2 text-slate-900 hover:bg-brand-50"
              >
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="block w-full px-4 py-2 text-left text-slate-900 hover:bg-brand-50"
            >
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
