import type { PublicStatistics, StatisticsRow } from '@balai/domain/contract';
import { BarListChart } from '../../../components/charts/bar-list-chart.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { asOfText } from '../../../lib/register-figures.ts';

/** The register's dimensions as the profile shows them, in this order. */
export const REGISTER_CHARTS: readonly {
  key: Exclude<keyof PublicStatistics, 'as_of' | 'total'>;
  title: string;
  head: string;
  color: string;
}[] = [
  { key: 'sex', title: 'Penduduk menurut jenis kelamin', head: 'Jenis kelamin', color: '#1d4ed8' },
  {
    key: 'age_group',
    title: 'Penduduk menurut kelompok umur',
    head: 'Kelompok umur',
    color: '#0f6b4a',
  },
  { key: 'dusun', title: 'Penduduk menurut dusun', head: 'Dusun', color: '#7c2d12' },
  { key: 'religion', title: 'Penduduk menurut agama', head: 'Agama', color: '#0f6b4a' },
  { key: 'education', title: 'Penduduk menurut pendidikan', head: 'Pendidikan', color: '#1e3a8a' },
  { key: 'occupation', title: 'Penduduk menurut pekerjaan', head: 'Pekerjaan', color: '#0f6b4a' },
  {
    key: 'marital_status',
    title: 'Penduduk menurut status perkawinan',
    head: 'Status perkawinan',
    color: '#6b21a8',
  },
];

/** A row's link for an administrator: the Penduduk list with exactly the row's filter. */
export const drillDown = (row: StatisticsRow) => adminPaths.register.persons(row.filter);

/**
 * The population charts from the register (issue 24): living people counted on `as_of`, by
 * sex, age group, dusun, religion, education, occupation and marital status. An administrator's
 * every count links to the list of the people it counts.
 */
export function RegisterCharts({
  statistics,
  admin,
}: {
  statistics: PublicStatistics;
  admin: boolean;
}) {
  const nf = new Intl.NumberFormat('id-ID');
  return (
    <div>
      <p className="mb-6 text-slate-800">
        <strong>{nf.format(statistics.total)} jiwa</strong> menurut buku induk penduduk, per tanggal{' '}
        {asOfText(statistics.as_of)}.
      </p>
      <div className="grid gap-10 lg:grid-cols-2">
        {REGISTER_CHARTS.filter((c) => statistics[c.key].length > 0).map((c) => (
          <BarListChart
            key={c.key}
            title={c.title}
            head={c.head}
            unit="jiwa"
            color={c.color}
            note={`Per tanggal ${asOfText(statistics.as_of)}`}
            rows={statistics[c.key].map((row) => ({
              label: row.label,
              value: row.count,
              href: admin ? drillDown(row) : undefined,
            }))}
          />
        ))}
      </div>
    </div>
  );
}
