import { StrictMode } from 'react';
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

const container = document.getElementById('root')!;
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
  // The footer is in the server's HTML too: its chunk is loaded first, so it hydrates as it is.
  void Promise.all([resolveLazy(routes), loadFooter()]).then(() => {
    const router = createAppRouter(routes, state.router);
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider swr={{ provider: cacheFrom(state.swr) }}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
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
