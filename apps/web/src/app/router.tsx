import {
  Navigate,
  createBrowserRouter,
  type HydrationState,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { FullPageLoader } from '../components/ui/full-page-loader.tsx';
import { GuestOnly, RequireAdmin, RequireAuth } from '../lib/auth/guards.tsx';
import { apiPaths, paths } from '../lib/paths.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { RouteError } from './routes/route-error.tsx';
import { LAYOUT_DATA, PAGE_DATA, pageLoader } from './route-data.ts';

/**
 * The route tree. The home page is in the first load (it is where most visits start, and a
 * lazy chunk would cost a second round trip before anything shows); every other screen is a
 * lazy chunk behind the full-page loader. The admin area's routes join when an /admin address is
 * first opened (patchAdminRoutes), so not even their route table is in the first load.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          Component: MainLayout,
          // The public pages' loaders fetch their data alongside their code (route-data.ts).
          loader: pageLoader(LAYOUT_DATA),
          children: [
            { index: true, Component: HomeRoute, loader: pageLoader(PAGE_DATA.home) },
            {
              path: 'about',
              loader: pageLoader(PAGE_DATA.about),
              lazy: async () => ({
                Component: (await import('../features/about/components/about-page.tsx')).AboutPage,
              }),
            },
            {
              path: 'about/official',
              loader: pageLoader(PAGE_DATA.officials),
              lazy: async () => ({
                Component: (await import('../features/about/components/officials-page.tsx'))
                  .OfficialsPage,
              }),
            },
            {
              path: 'gallery',
              loader: pageLoader(PAGE_DATA.gallery),
              lazy: async () => ({
                Component: (await import('../features/gallery/components/gallery-page.tsx'))
                  .GalleryPage,
              }),
            },
            {
              path: 'service',
              loader: pageLoader(PAGE_DATA.service),
              lazy: async () => ({
                Component: (await import('../features/service/components/service-list-page.tsx'))
                  .ServiceListPage,
              }),
            },
            {
              // /service/{type}/periksa: the request's check-your-answers step, its own address.
              path: 'service/:type/periksa?',
              loader: pageLoader(PAGE_DATA.serviceType),
              lazy: async () => ({
                Component: (await import('./routes/service-type.tsx')).ServiceTypeRoute,
              }),
            },
            {
              // The resident's own pages: signed in only, back here after signing in.
              Component: RequireAuth,
              children: [
                {
                  path: 'notification',
                  lazy: async () => ({
                    Component: (
                      await import('../features/notifications/components/notification-list-page.tsx')
                    ).NotificationListPage,
                  }),
                },
                {
                  path: 'notification/:id',
                  lazy: async () => ({
                    Component: (
                      await import('../features/notifications/components/notification-detail-page.tsx')
                    ).NotificationDetailPage,
                  }),
                },
                {
                  path: 'service/:type/:id',
                  lazy: async () => ({
                    Component: (
                      await import('../features/letters/components/request-detail-page.tsx')
                    ).RequestDetailPage,
                  }),
                },
              ],
            },
            {
              path: 'verify/:token',
              loader: ({ params }) => pageLoader([apiPaths.verify(params.token ?? '')])(),
              lazy: async () => ({
                Component: (await import('../features/verify/components/verify-page.tsx'))
                  .VerifyPage,
              }),
            },
            {
              path: 'auth',
              Component: GuestOnly,
              children: [
                { index: true, element: <Navigate to={paths.auth.login()} replace /> },
                {
                  path: 'login',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/login-page.tsx'))
                      .LoginPage,
                  }),
                },
                {
                  path: 'forgot-password',
                  lazy: async () => ({
                    Component: (
                      await import('../features/auth/components/forgot-password-page.tsx')
                    ).ForgotPasswordPage,
                  }),
                },
                {
                  path: 'forgot-password/email',
                  lazy: async () => ({
                    Component: (
                      await import('../features/auth/components/forgot-password-email-page.tsx')
                    ).ForgotPasswordEmailPage,
                  }),
                },
                {
                  path: 'activate',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/activate-page.tsx'))
                      .ActivatePage,
                  }),
                },
                {
                  path: 'reset-password',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/reset-password-page.tsx'))
                      .ResetPasswordPage,
                  }),
                },
              ],
            },
            {
              path: 'profile',
              Component: RequireAuth,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/profile/components/profile-page.tsx'))
                      .ProfilePage,
                  }),
                },
                {
                  path: 'letter-history',
                  lazy: async () => ({
                    Component: (
                      await import('../features/letters/components/letter-history-page.tsx')
                    ).LetterHistoryPage,
                  }),
                },
                {
                  path: 'letter-history/:id',
                  lazy: async () => ({
                    Component: (
                      await import('../features/letters/components/letter-history-detail-page.tsx')
                    ).LetterHistoryDetailPage,
                  }),
                },
                {
                  path: 'change-password',
                  lazy: async () => ({
                    Component: (
                      await import('../features/profile/components/change-password-page.tsx')
                    ).ChangePasswordPage,
                  }),
                },
              ],
            },
            {
              path: '404',
              lazy: async () => ({
                Component: (await import('./routes/not-found.tsx')).NotFoundPage,
              }),
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}

export const ROOT_ROUTE_ID = 'root';

/**
 * React Router asks here when an address matches nothing but the catch-all: for /admin… the
 * admin area's routes are fetched and added under the root (React Router drops repeats).
 */
export const patchAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!/^\/admin(?:\/|$)/.test(path)) return;
  const { adminRoutes } = await import('./admin/admin-routes.tsx');
  patch(ROOT_ROUTE_ID, [
    {
      path: 'admin',
      Component: RequireAuth,
      children: [{ Component: RequireAdmin, children: adminRoutes() }],
    },
  ]);
};

/**
 * The browser's router; `routes` and `hydrationData` when the page came rendered by the server
 * (main.tsx: its lazy routes already resolved, the server's router state).
 */
export function createAppRouter(
  routes: RouteObject[] = appRoutes(),
  hydrationData?: HydrationState,
) {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchAdminRoutes, hydrationData });
}
