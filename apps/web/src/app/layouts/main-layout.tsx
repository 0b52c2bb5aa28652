import { Outlet } from 'react-router';
import { useSiteName } from '../../lib/page-meta.ts';
import { governmentName, useSettings } from '../../lib/settings.ts';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

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
      <Footer settings={settings} />
    </div>
  );
}
