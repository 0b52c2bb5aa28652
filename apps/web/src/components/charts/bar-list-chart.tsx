import type { ReactNode } from 'react';
import { Link } from 'react-router';

const nf = new Intl.NumberFormat('id-ID');

export interface BarListRow {
  label: string;
  value: number;
  /** Where the value leads (the list of what it counts), shown as a link in the data table. */
  href?: string;
}

/**
 * Horizontal bars with their values: an SVG image with a spoken summary and, behind
 * "Tampilkan tabel data", the same numbers as a table (the chart's text alternative).
 */
export function BarListChart({
  title,
  rows,
  head,
  unit = '',
  color = '#0f6b4a',
  note,
}: {
  title: string;
  rows: BarListRow[];
  /** The table's first column header. */
  head: string;
  /** Spoken after each value, e.g. "permohonan". */
  unit?: string;
  color?: string;
  note?: ReactNode;
}) {
  // Counts that lead to their lists are meant to be clicked: the table starts open.
  const linked = rows.some((r) => r.href);
  const max = Math.max(1, ...rows.map((r) => r.value));
  const width = 360;
  const valueWidth = 64;
  const rowHeight = 34;
  const height = rows.length * rowHeight + 4;
  const total = rows.reduce((a, r) => a + r.value, 0);
  const top = rows.reduce<BarListRow | undefined>(
    (a, r) => (!a || r.value > a.value ? r : a),
    undefined,
  );
  const summary =
    `${title}: ${rows.length} baris, jumlah ${nf.format(total)}${unit ? ` ${unit}` : ''}.` +
    (top && top.value > 0 ? ` Terbanyak: ${top.label}, ${nf.format(top.value)}.` : '');
  return (
    <figure className="min-w-0">
      <figcaption className="text-lg font-semibold text-slate-900">{title}</figcaption>
      {note && <p className="text-sm text-slate-700">{note}</p>}
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-auto w-full max-w-xl"
      >
        {rows.map((row, i) => {
          const y = i * rowHeight + 2;
          const w = (row.value / max) * (width - valueWidth);
          return (
            <g key={row.label}>
              <text x={0} y={y + 11} fontSize="11" fill="#0f172a">
                {row.label}
              </text>
              <rect
                x={0}
                y={y + 15}
                width={Math.max(w, row.value > 0 ? 2 : 0)}
                height={13}
                fill={color}
              />
              <text x={w + 4} y={y + 26} fontSize="11" fill="#0f172a">
                {nf.format(row.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2" open={linked || undefined}>
        <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-4">
          Tampilkan tabel data
        </summary>
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  {head}
                </th>
                <th scope="col" className="py-2 text-right">
                  Jumlah
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-slate-200">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {row.label}
                  </th>
                  <td className="py-1.5 text-right">
                    {row.href ? (
                      <Link
                        to={row.href}
                        className="inline-block px-2 py-1 font-semibold text-brand-800 underline underline-offset-2"
                      >
                        {nf.format(row.value)}
                        <span className="sr-only">
                          {' '}
                          — daftar {title.toLowerCase()}: {row.label}
                        </span>
                      </Link>
                    ) : (
                      nf.format(row.value)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
