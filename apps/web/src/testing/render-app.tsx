import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { appRoutes, patchAdminRoutes } from '../app/router.tsx';

/** A fresh SWR cache per test, and no retry timers left running. */
export const TEST_SWR = {
  provider: () => new Map(),
  dedupingInterval: 0,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
};

/** Renders the real app (or the given routes) at `path` with all providers. */
export function renderApp(
  path: string,
  {
    routes = appRoutes(),
    userOptions,
  }: { routes?: RouteObject[]; userOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchAdminRoutes,
  });
  const user = userEvent.setup(userOptions);
  const result = render(
    <AppProvider swr={TEST_SWR}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}
