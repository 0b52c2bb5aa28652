import type { ReactNode } from 'react';

export interface SummaryRow {
  key: string;
  label: ReactNode;
  value: string | null;
  /** A link or button at the end of the row, e.g. "Ubah". */
  action?: ReactNode;
}

/** The GOV.UK summary list: label, value and an optional action per row. */
export function SummaryList({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="divide-y divide-slate-200 border-y border-slate-200">
      {rows.map((row) => (
        <div key={row.key} className="py-3 sm:grid sm:grid-cols-[1fr_2fr_auto] sm:gap-4">
          <dt className="font-semibold text-slate-900">{row.label}</dt>
          <dd
            className={`mt-1 break-words whitespace-pre-line sm:mt-0 ${
              row.value === null ? 'italic text-slate-600' : 'text-slate-900'
            }`}
          >
            {row.value ?? 'Tidak diisi'}
          </dd>
          {row.action && <dd className="mt-1 sm:mt-0 sm:text-right">{row.action}</dd>}
        </div>
      ))}
    </dl>
  );
}
