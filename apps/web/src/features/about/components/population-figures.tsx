import type { PublicStatistics } from '@balai/domain/contract';
import { useStatistics } from '../../../api/register.ts';
import { FigureList } from '../../../components/ui/figure-list.tsx';
import { LoadingBlock, LoadState } from '../../../components/ui/load-state.tsx';
import { useContentList, type Figure } from '../../../lib/content.ts';

const day = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-26" → "26 November 2026". */
export const asOfText = (iso: string) => day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/**
 * The figure cards of Profil Desa's Penduduk section (ADR 0023): when the register holds living
 * people (`GET /api/statistics`, total > 0) they are the register's — total, men, women, dusun —
 * counted on the day shown, and the figures typed into the content group "Data Kependudukan"
 * are not shown beside them (two sources of one number disagree); otherwise the typed figures as
 * before. The server renders the page with the statistics, so the first paint is already right.
 */
export function PopulationFigures() {
  const { statistics, error, isLoading } = useStatistics();
  if (statistics && statistics.total > 0) return <RegisterFigures statistics={statistics} />;
  if (isLoading && !statistics && !error) {
    return <LoadingBlock label="Memuat data kependudukan…" />;
  }
  return <TypedFigures />;
}

/** The register's figures as cards (the same look as the typed ones). */
export function registerFigures(statistics: PublicStatistics): Figure[] {
  const bySex = (code: string) => statistics.sex.find((r) => r.filter.gender === code)?.count ?? 0;
  const nf = new Intl.NumberFormat('id-ID');
  const dusun = statistics.dusun.filter((r) => r.filter.dusun_id !== '0').length;
  return [
    { id: 1, label: 'Jumlah penduduk', value: nf.format(statistics.total), unit: 'jiwa' },
    { id: 2, label: 'Laki-laki', value: nf.format(bySex('1')), unit: 'jiwa' },
    { id: 3, label: 'Perempuan', value: nf.format(bySex('2')), unit: 'jiwa' },
    ...(dusun > 0 ? [{ id: 4, label: 'Dusun', value: nf.format(dusun), unit: null }] : []),
  ];
}

function RegisterFigures({ statistics }: { statistics: PublicStatistics }) {
  return (
    <>
      <FigureList items={registerFigures(statistics)} look="card" />
      <p className="mt-3 text-sm text-slate-700">
        Menurut buku induk penduduk, per tanggal {asOfText(statistics.as_of)}.
      </p>
    </>
  );
}

function TypedFigures() {
  const population = useContentList<Figure>('population-infos');
  return (
    <LoadState
      data={population.items}
      error={population.error}
      isLoading={population.isLoading}
      onRetry={population.retry}
      empty="Belum ada data kependudukan."
    >
      {(items) => <FigureList items={items} look="card" />}
    </LoadState>
  );
}
