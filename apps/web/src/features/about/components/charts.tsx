import type { AgeGroup } from '../../../lib/content.ts';

/**
 * Hand-written SVG charts. Each is an image with a spoken summary (role="img" + aria-label) and
 * its numbers in a real table behind a "Tampilkan tabel data" toggle, for screen readers and for
 * anyone who wants the exact figures.
 */

const MALE = '#1d4ed8';
const FEMALE = '#be185d';
const nf = new Intl.NumberFormat('id-ID');

function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { label: string; male: number; female: number }[];
}) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-4">
        Tampilkan tabel data
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">
                {head}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Laki-laki
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Perempuan
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
                <td className="py-1.5 pr-3 text-right">{nf.format(row.male)}</td>
                <td className="py-1.5 pr-3 text-right">{nf.format(row.female)}</td>
                <td className="py-1.5 text-right">{nf.format(row.male + row.female)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Legend() {
  return (
    <ul className="mt-2 flex gap-4 text-sm text-slate-800" aria-hidden="true">
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm" style={{ background: MALE }} /> Laki-laki
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm" style={{ background: FEMALE }} /> Perempuan
      </li>
    </ul>
  );
}

function total(rows: { male: number; female: number }[]) {
  return rows.reduce((sum, r) => sum + r.male + r.female, 0);
}

/** Age groups as a pyramid: the youngest at the bottom, men to the left, women to the right. */
export function AgePyramid({ groups, title }: { groups: AgeGroup[]; title: string }) {
  const rows = [...groups]
    .sort((a, b) => a.age_from - b.age_from)
    .map((g) => ({ label: g.label, male: g.male_count, female: g.female_count }));
  const max = Math.max(1, ...rows.flatMap((r) => [r.male, r.female]));
  // A narrow drawing keeps the labels legible at 375 px; it scales up on wider screens.
  const width = 360;
  const labelWidth = 104;
  const half = (width - labelWidth) / 2;
  const rowHeight = 22;
  const height = rows.length * rowHeight + 4;
  const largest = rows.reduce<(typeof rows)[number] | undefined>(
    (a, b) => (!a || b.male + b.female > a.male + a.female ? b : a),
    undefined,
  );
  const summary =
    `Piramida penduduk menurut kelompok umur, ${rows.length} kelompok, ` +
    `${nf.format(total(rows))} jiwa; laki-laki di kiri, perempuan di kanan.` +
    (largest ? ` Kelompok terbesar: ${largest.label}.` : '');

  return (
    <figure>
      <figcaption className="text-lg font-semibold text-slate-900">{title}</figcaption>
      <Legend />
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-auto w-full max-w-xl"
      >
        {[...rows].reverse().map((row, i) => {
          const y = i * rowHeight + 2;
          const male = (row.male / max) * (half - 4);
          const female = (row.female / max) * (half - 4);
          return (
            <g key={row.label}>
              <rect x={half - male} y={y} width={male} height={rowHeight - 5} fill={MALE} />
              <text
                x={half + labelWidth / 2}
                y={y + rowHeight / 2 + 1}
                textAnchor="middle"
                fontSize="11"
                fill="#0f172a"
              >
                {row.label}
              </text>
              <rect
                x={half + labelWidth}
                y={y}
                width={female}
                height={rowHeight - 5}
                fill={FEMALE}
              />
            </g>
          );
        })}
      </svg>
      <DataTable caption={title} head="Kelompok umur" rows={rows} />
    </figure>
  );
}

export interface BarRow {
  label: string;
  male: number;
  female: number;
}

/** Horizontal stacked bars (men, then women), largest first. */
export function BarChart({ rows, title, head }: { rows: BarRow[]; title: string; head: string }) {
  const sorted = [...rows].sort((a, b) => b.male + b.female - (a.male + a.female));
  const max = Math.max(1, ...sorted.map((r) => r.male + r.female));
  // Each row: the label on its own line, the bar under it, so long labels never clip.
  const width = 360;
  const valueWidth = 48;
  const barSpace = width - valueWidth;
  const rowHeight = 36;
  const height = sorted.length * rowHeight + 4;
  const top = sorted[0];
  const summary =
    `${title}: ${sorted.length} kategori, ${nf.format(total(sorted))} jiwa.` +
    (top ? ` Terbanyak: ${top.label}, ${nf.format(top.male + top.female)} jiwa.` : '');

  return (
    <figure>
      <figcaption className="text-lg font-semibold text-slate-900">{title}</figcaption>
      <Legend />
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-auto w-full max-w-xl"
      >
        {sorted.map((row, i) => {
          const y = i * rowHeight + 2;
          const male = (row.male / max) * barSpace;
          const female = (row.female / max) * barSpace;
          return (
            <g key={row.label}>
              <text x={0} y={y + 11} fontSize="11" fill="#0f172a">
                {row.label}
              </text>
              <rect x={0} y={y + 15} width={male} height={14} fill={MALE} />
              <rect x={male} y={y + 15} width={female} height={14} fill={FEMALE} />
              <text x={male + female + 4} y={y + 26} fontSize="11" fill="#0f172a">
                {nf.format(row.male + row.female)}
              </text>
            </g>
          );
        })}
      </svg>
      <DataTable caption={title} head={head} rows={sorted} />
    </figure>
  );
}
