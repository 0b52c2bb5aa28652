import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingBlock, LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useContentList, type Figure, type VillageProfile } from '../../../lib/content.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { useSettings } from '../../../lib/settings.ts';
import { FigureList } from '../../../components/ui/figure-list.tsx';
import { useRegisterStatistics, villageFacts } from '../../../lib/register-figures.ts';
import { PopulationFigures } from './population-figures.tsx';

const PopulationCharts = lazy(() => import('./population-charts.tsx'));

const sectionClass = 'mx-auto max-w-7xl px-4 py-10 sm:px-6';
const headingClass = 'text-2xl font-bold text-slate-900 sm:text-3xl';

/** Profil Desa: the profile sections, the village's facts and the population in charts. */
export function AboutPage() {
  const { settings } = useSettings();
  const village = settings?.village_name;
  usePageMeta(
    'Profil Desa',
    `Profil Desa${village ? ` ${village}` : ''}: sejarah, visi dan misi, data wilayah, dan statistik penduduk.`,
  );
  const profiles = useContentList<VillageProfile>('village-profiles');
  const facts = useContentList<Figure>('village-infos');
  // The dusun count among the typed facts is the register's when it holds people (ADR 0023).
  const { statistics } = useRegisterStatistics();

  return (
    <>
      <PageHeader
        title={village ? `Profil Desa ${village}` : 'Profil Desa'}
        lead={
          <>
            Sejarah, visi dan misi, data wilayah, dan penduduk desa. Kenali juga{' '}
            <Link
              to={paths.officials}
              className="font-semibold text-brand-800 underline underline-offset-4"
            >
              aparat desa
            </Link>
            .
          </>
        }
      />

      <section aria-labelledby="data-desa" className={sectionClass}>
        <h2 id="data-desa" className={headingClass}>
          Data desa
        </h2>
        <div className="mt-6">
          <LoadState
            data={facts.items}
            error={facts.error}
            isLoading={facts.isLoading}
            onRetry={facts.retry}
            empty="Belum ada data wilayah."
          >
            {(items) => <FigureList items={villageFacts(items, statistics)} look="card" />}
          </LoadState>
        </div>
      </section>

      <div className={`${sectionClass} space-y-10`}>
        <LoadState
          data={profiles.items}
          error={profiles.error}
          isLoading={profiles.isLoading}
          onRetry={profiles.retry}
          empty="Profil desa belum diisi."
        >
          {(items) =>
            items.map((profile) => (
              <section key={profile.id} aria-labelledby={`profil-${profile.id}`}>
                <h2 id={`profil-${profile.id}`} className={headingClass}>
                  {profile.title}
                </h2>
                <div
                  className="rich-text mt-4 max-w-3xl"
                  // The server sanitises this rich text before storing it (allow-listed tags,
                  // no scripts, no event handlers), so it is rendered as HTML here and only here.
                  dangerouslySetInnerHTML={{ __html: profile.content }}
                />
              </section>
            ))
          }
        </LoadState>
      </div>

      <section aria-labelledby="penduduk" className="bg-slate-50">
        <div className={sectionClass}>
          <h2 id="penduduk" className={headingClass}>
            Penduduk
          </h2>
          <div className="mt-6">
            <PopulationFigures />
          </div>
          <div className="mt-10">
            <WhenNear>
              <Suspense fallback={<LoadingBlock label="Memuat grafik…" />}>
                <PopulationCharts />
              </Suspense>
            </WhenNear>
          </div>
        </div>
      </section>
    </>
  );
}

/** Renders its children once the spot is near the viewport, so the chart code loads only then. */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Not near on the first render, on the server as in the browser: the server's HTML and the
  // first render of hydration must be the same (issue 23); a browser without
  // IntersectionObserver shows the charts right after.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // Until then an empty space of about the charts' height, so the page does not jump.
  return <div ref={ref}>{near ? children : <div className="min-h-[40rem]" />}</div>;
}
