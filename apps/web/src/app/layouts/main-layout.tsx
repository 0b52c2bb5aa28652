import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { useSiteName } from '../../lib/page-meta.ts';
import { governmentName, useSettings, type VillageSettings } from '../../lib/settings.ts';
import { TopBar } from './top-bar.tsx';

// The footer is always below the fold (see <main>), so it is its own small chunk, fetched while
// the page renders rather than in the first load. Should that fetch fail, the page goes on
// without a footer instead of failing whole.
const Footer = lazy<ComponentType<{ settings: VillageSettings | null }>>(() =>
  import('./footer.tsx').then(
    (m) => ({ default: m.Footer }),
    () => ({ default: () => null }),
  ),
);

/** The public layout: top bar, the page, footer. */
export function MainLayout() {
  const { settings } = useSettings();
  useSiteName(governmentName(settings));

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#konten"
        className="sr-only-focusable fixed left-2 top-2 z-[80] rounded bg-white px-4 py-2 font-semibold text-brand-800 shadow"
      >
        Langsung ke konten utama
      </a>
      <TopBar settings={settings} />
      {/* At least a screen high, so the footer starts below the fold and never jumps in view
          while a page's content arrives (layout shift). */}
      <main
        id="konten"
        tabIndex={-1}
        className="min-h-[calc(100lvh-var(--spacing-header))] flex-1 outline-none"
      >
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer settings={settings} />
      </Suspense>
    </div>
  );
}
