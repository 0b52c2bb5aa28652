import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { loadFooter } from './app/layouts/main-layout.tsx';
import { appRoutes, createAppRouter } from './app/router.tsx';
import { cacheFrom } from './lib/swr-config.ts';
import './index.css';

/** What the server put beside a page it rendered (entry-server.tsx): router state, SWR data. */
interface ServerState {
  router: HydrationState;
  swr: Record<string, unknown>;
}

declare global {
  interface Window {
    /** Set once the server's page is hydrated (the loader of ssr-pages.ts stops holding taps). */
    __balaiHydrated?: boolean;
    /** A button tapped before then, held by that loader. */
    __balaiClick?: HTMLElement | null;
  }
}

const container = document.getElementById('root')!;

/** How long a page marked as being left waits before it takes itself as staying. */
const LEAVING_GRACE_MS = 5000;

/**
 * Runs once hydration has committed: the loader stops holding taps, and a button tapped while
 * the scripts were on their way is pressed now (it is the same element: hydration keeps the
 * server's DOM). No element of its own, so the markup is the server's.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    window.__balaiHydrated = true;
    const held = window.__balaiClick;
    window.__balaiClick = null;
    if (held?.isConnected) held.click();
  }, []);
  return children;
}
const stateTag = document.getElementById('balai-state');

/**
 * A lazy route must be resolved before hydrating, or the router's first render is its loading
 * state instead of the page the server sent.
 */
async function resolveLazy(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

if (stateTag?.textContent) {
  const state = JSON.parse(stateTag.textContent) as ServerState;
  const routes = appRoutes();
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    const router = createAppRouter(routes, state.router);
    // In a transition, hydration works in slices and gives the main thread back between them
    // (a plain hydrateRoot is one long task: on a slow phone it blocks a tap on the page the
    // server already painted; Lighthouse counts it as blocking time, issue 23).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <Hydrated>
            <AppProvider swr={{ provider: cacheFrom(state.swr) }}>
              <RouterProvider router={router} />
            </AppProvider>
          </Hydrated>
        </StrictMode>,
      );
    });
  };
  // The footer is in the server's HTML too: its chunk is loaded first, so it hydrates as it is.
  void Promise.all([resolveLazy(routes), loadFooter()]).then(() => {
    // The visitor followed a link while the scripts were on their way (ssr-pages.ts marks the
    // page): the router's first write to the history would cancel that navigation. The page is
    // hydrated if the browser brings it back from its cache, or if it is still here after
    // LEAVING_GRACE_MS (the navigation did not happen: a download, a cancelled load).
    const root = document.documentElement;
    if (root.hasAttribute('data-leaving')) {
      const stay = () => {
        root.removeAttribute('data-leaving');
        hydrate();
      };
      window.addEventListener('pageshow', (event) => event.persisted && stay(), { once: true });
      window.setTimeout(stay, LEAVING_GRACE_MS);
      return;
    }
    hydrate();
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
      </AppProvider>
    </StrictMode>,
  );
}
