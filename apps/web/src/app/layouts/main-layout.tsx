import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { useSiteName } from '../../lib/page-meta.ts';
import { governmentName, useSettings, type VillageSettings } from '../../lib/settings.ts';
import { TopBar } from './top-bar.tsx';

type FooterModule = { default: ComponentType<{ settings: VillageSettings | null }> };

let footerModule: FooterModule | null = null;
let footerLoad: Promise<FooterModule> | null = null;

/**
 * The footer is always below the fold (see <main>), so it is its own small chunk, not in the
 * first load. A page the server rendered has it in its HTML: the server and the browser both
 * load it before rendering (entry-server.tsx, main.tsx), so the lazy component below renders at
 * once instead of suspending (a suspended footer would be client-rendered, not hydrated). Should
 * the chunk fail to load, the page goes on without a footer instead of failing whole.
 */
export function loadFooter(): Promise<FooterModule> {
  footerLoad ??= import('./footer.tsx').then(
    (m) => (footerModule = { default: m.Footer }),
    () => (footerModule = { default: () => null }),
  );
  return footerLoad;
}

// Once loaded, a thenable that answers at once: React.lazy then renders without suspending.
const Footer = lazy(
  () =>
    (footerModule
      ? { then: (resolve: (m: FooterModule) => void) => resolve(footerModule!) }
      : loadFooter()) as Promise<FooterModule>,
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
