import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';

const TABS = [
  { label: 'Profil Saya', to: paths.profile.root },
  { label: 'Ubah Kata Sandi', to: paths.profile.changePassword },
] as const;

/** The profile pages' frame: the page heading and the links between the profile pages. */
export function ProfileShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <nav aria-label="Akun saya" className="mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-6">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  `inline-block border-b-4 py-2 font-semibold ${
                    isActive
                      ? 'border-brand-800 text-brand-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900'
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
