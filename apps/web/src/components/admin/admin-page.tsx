import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { adminPaths } from '../../lib/admin-paths.ts';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

export interface AdminPageProps {
  /** The page's <h1> and <title>. */
  title: string;
  /** The trail above the heading, after "Admin" (which links to the dashboard). */
  breadcrumbs?: Crumb[];
  /** Buttons beside the heading (e.g. "Buat"). */
  actions?: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** Every admin page: its <title>, breadcrumbs (GOV.UK pattern) and heading, then the content. */
export function AdminPage({ title, breadcrumbs = [], actions, lead, children }: AdminPageProps) {
  usePageMeta(title);
  const trail: Crumb[] = [{ label: 'Admin', to: adminPaths.root }, ...breadcrumbs];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-700">
          {trail.map((crumb, i) => (
            <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
              {i > 0 && (
                <span aria-hidden="true" className="text-slate-500">
                  ›
                </span>
              )}
              {crumb.to && i < trail.length - 1 ? (
                <Link to={crumb.to} className="text-brand-800 underline underline-offset-2">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={i === trail.length - 1 ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {lead && <p className="mt-1 text-slate-700">{lead}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
