import { LoadState } from '../../../components/ui/load-state.tsx';
import {
  useContentList,
  type AgeGroup,
  type JobCount,
  type ReligionCount,
} from '../../../lib/content.ts';
import { AgePyramid, BarChart } from './charts.tsx';

/** The population charts of Profil Desa: its own lazy chunk, loaded below the fold. */
export default function PopulationCharts() {
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
