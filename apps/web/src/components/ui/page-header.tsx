import type { ReactNode } from 'react';

/** The band at the top of an inner public page: its h1 and a short lead. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-lg text-slate-800">{lead}</p>}
      </div>
    </div>
  );
}
