import { useStatistics } from '../../../api/register.ts';
import { LoadingBlock, LoadState } from '../../../components/ui/load-state.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import {
  useContentList,
  type AgeGroup,
  type JobCount,
  type ReligionCount,
} from '../../../lib/content.ts';
import { AgePyramid, BarChart } from './charts.tsx';
import { RegisterCharts } from './register-charts.tsx';

/**
 * The population charts of Profil Desa: its own lazy chunk, loaded below the fold. When the
 * register holds people (`GET /api/statistics`, total > 0) the charts are the register's, counted
 * on the day shown; otherwise, or when the statistics cannot be had, the content groups the
 * office types in (Usia, Agama, Pekerjaan) as before (ADR 0023).
 */
export default function PopulationCharts() {
  const { statistics, error, isLoading } = useStatistics();
  const { isAdmin } = useAuth();
  if (isLoading && !statistics && !error) return <LoadingBlock label="Memuat grafik…" />;
  if (statistics && statistics.total > 0) {
    return <RegisterCharts statistics={statistics} admin={isAdmin} />;
  }
  return <ContentCharts />;
}

/** The charts from the content groups (Usia, Agama, Pekerjaan). */
function ContentCharts() {
  const ages = useContentList<AgeGroup>('population-ages');
  const religions = useContentList<ReligionCount>('population-religions');
  const jobs = useContentList<JobCount>('population-jobs');

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="lg:col-span-2 lg:max-w-3xl">
        <LoadState
          data={ages.items}
          error={ages.error}
          isLoading={ages.isLoading}
          onRetry={ages.retry}
          empty="Belum ada data penduduk menurut umur."
        >
          {(items) => <AgePyramid groups={items} title="Penduduk menurut kelompok umur" />}
        </LoadState>
      </div>
      <LoadState
        data={religions.items}
        error={religions.error}
        isLoading={religions.isLoading}
        onRetry={religions.retry}
        empty="Belum ada data penduduk menurut agama."
      >
        {(items) => (
          <BarChart
            title="Penduduk menurut agama"
            head="Agama"
            rows={items.map((r) => ({
              label: r.religion,
              male: r.male_count,
              female: r.female_count,
            }))}
          />
        )}
      </LoadState>
      <LoadState
        data={jobs.items}
        error={jobs.error}
        isLoading={jobs.isLoading}
        onRetry={jobs.retry}
        empty="Belum ada data penduduk menurut pekerjaan."
      >
        {(items) => (
          <BarChart
            title="Penduduk menurut pekerjaan"
            head="Pekerjaan"
            rows={items.map((r) => ({ label: r.job, male: r.male_count, female: r.female_count }))}
          />
        )}
      </LoadState>
    </div>
  );
}
