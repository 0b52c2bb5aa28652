import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';
import type { AdminMenuItem, AdminMenuSection } from './admin-menu.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-900 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800'
  }`;

/** An item with Daftar and Buat: a disclosure, open while one of its pages is shown. */
function GroupItem({ item }: { item: AdminMenuItem & { createTo: string } }) {
  const { pathname } = useLocation();
  const inside = pathname === item.to || pathname.startsWith(`${item.to}/`);
  const [open, setOpen] = useState(inside);
  const panelId = useId();
  const expanded = open || inside;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setOpen(!expanded)}
        className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-brand-50 ${
          inside ? 'text-brand-800' : 'text-slate-800'
        }`}
      >
        {item.title}
        <ChevronDownIcon
          className={`size-4 transition-transform duration-300 motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
        />
      </button>
      <ul id={panelId} hidden={!expanded} className="ml-3 border-l border-slate-200 pl-2">
        <li>
          <NavLink to={item.to} end className={linkClass}>
            Daftar<span className="sr-only"> {item.title}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={item.createTo} end className={linkClass}>
            Buat<span className="sr-only"> {item.title}</span>
          </NavLink>
        </li>
      </ul>
    </li>
  );
}

/** The sidebar's menu: sections with their items (SPEC section 2). */
export function AdminSidebarNav({ menu }: { menu: readonly AdminMenuSection[] }) {
  return (
    <nav aria-label="Menu admin" className="flex-1 overflow-y-auto px-3 py-4">
      {menu.map((section) => (
        <div key={section.title} className="mb-4">
          <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {section.title}
          </h2>
          <ul className="space-y-0.5">
            {section.items.map((item) =>
              item.createTo ? (
                <GroupItem key={item.to} item={{ ...item, createTo: item.createTo }} />
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end className={linkClass}>
                    {item.title}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}
