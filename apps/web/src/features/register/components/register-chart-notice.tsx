import { Link } from 'react-router';
import { useStatistics } from '../../../api/register.ts';
import { adminPaths } from '../../../lib/admin-paths.ts';

/**
 * The content resources whose figures and charts on Profil Desa the register's statistics
 * replace (ADR 0023). The home page still shows the typed population figures.
 */
export const CHART_RESOURCE_KEYS: readonly string[] = [
  'population-infos',
  'population-ages',
  'population-religions',
  'population-jobs',
];

/**
 * Above a population group's admin list (Data Kependudukan, Usia, Agama, Pekerjaan): while the
 * register holds people, the profile's figures and charts are counted from it, so this group's
 * figures are not shown there (ADR 0023).
 */
export function RegisterChartNotice() {
  const { statistics } = useStatistics();
  if (!statistics || statistics.total === 0) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
      <div
        role="note"
        className="rounded-md border-l-4 border-sky-700 bg-sky-50 p-4 text-slate-900"
      >
        <p className="font-semibold">Angka di sini tidak ditampilkan di Profil Desa.</p>
        <p className="mt-1">
          Buku induk penduduk sudah berisi data, jadi angka dan grafik penduduk di Profil Desa
          dihitung dari buku induk. Angka kelompok ini hanya dipakai lagi bila buku induk kosong.{' '}
          <Link
            to={adminPaths.register.persons()}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Buka buku induk
          </Link>
        </p>
      </div>
    </div>
  );
}
