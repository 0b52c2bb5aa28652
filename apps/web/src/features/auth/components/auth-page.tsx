import type { ReactNode } from 'react';

/** The narrow single column of the auth pages, with the page's one h1. */
export function AuthPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {lead && <div className="mt-3 text-lg text-slate-700">{lead}</div>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
