import { FigureList } from '../../../components/ui/figure-list.tsx';
import { LoadingBlock, LoadState } from '../../../components/ui/load-state.tsx';
import { useContentList, type Figure } from '../../../lib/content.ts';
import { asOfLine, registerFigures, useRegisterStatistics } from '../../../lib/register-figures.ts';

/**
 * The figure cards of Profil Desa's Penduduk section (ADR 0023): when the register holds living
 * people (`GET /api/statistics`, total > 0) they are the register's — total, men, women, dusun —
 * counted on the day shown, and the figures typed into the content group "Data Kependudukan"
 * are not shown beside them (two sources of one number disagree); otherwise the typed figures as
 * before. The server renders the page with the statistics, so the first paint is already right.
 */
export function PopulationFigures() {
  const { statistics, pending } = useRegisterStatistics();
  if (statistics) {
    return (
      <>
        <FigureList items={registerFigures(statistics)} look="card" />
        <p className="mt-3 text-sm text-slate-700">{asOfLine(statistics)}</p>
      </>
    );
  }
  if (pending) return <LoadingBlock label="Memuat data kependudukan…" />;
  return <TypedFigures />;
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
