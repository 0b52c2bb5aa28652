import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

/**
 * The admin area's routes (ADMIN.md): a few static, lazy routes. `:group` covers the content
 * groups and the letter desks (`service-{type}`) through resolve-group.ts, because React Router cannot
 * match `service-:code`. The router adds this table, behind its guards, when an /admin address
 * is first opened (router.tsx, patchAdminRoutes); the layout and each page are lazy chunks.
 */
export function adminRoutes(): RouteObject[] {
  return [
    {
      lazy: async () => ({ Component: (await import('./admin-layout.tsx')).AdminLayout }),
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('./dashboard-route.tsx')).DashboardRoute,
          }),
        },
        {
          path: 'signing',
          lazy: async () => ({
            Component: (await import('../../features/signing/components/signing-queue-page.tsx'))
              .SigningQueuePage,
          }),
        },
        {
          path: 'signing/:id',
          lazy: async () => ({
            Component: (await import('../../features/signing/components/signing-detail-page.tsx'))
              .SigningDetailPage,
          }),
        },
        {
          path: 'user',
          lazy: async () => ({
            Component: (await import('../../features/admin-users/components/user-routes.tsx'))
              .UserListRoute,
          }),
        },
        {
          path: 'user/create',
          lazy: async () => ({
            Component: (await import('../../features/admin-users/components/user-routes.tsx'))
              .UserCreateRoute,
          }),
        },
        {
          path: 'user/:id/edit',
          lazy: async () => ({
            Component: (await import('../../features/admin-users/components/user-routes.tsx'))
              .UserEditRoute,
          }),
        },
        {
          path: 'settings',
          lazy: async () => ({
            Component: (await import('../../features/admin-settings/components/settings-page.tsx'))
              .SettingsPage,
          }),
        },
        {
          path: 'settings/signing',
          lazy: async () => ({
            Component: (await import('../../features/signing/components/signing-settings-page.tsx'))
              .SigningSettingsPage,
          }),
        },
        {
          path: 'settings/notices',
          lazy: async () => ({
            Component: (
              await import('../../features/admin-settings/components/notice-channels-page.tsx')
            ).NoticeChannelsPage,
          }),
        },
        {
          // The population register (issue 24): its own screens, one lazy chunk of routes.
          path: 'register/*',
          lazy: async () => ({
            Component: (await import('../../features/register/components/register-routes.tsx'))
              .RegisterRoutes,
          }),
        },
        {
          path: ':group',
          lazy: async () => ({ Component: (await import('./group-routes.tsx')).GroupListRoute }),
        },
        {
          path: ':group/create',
          lazy: async () => ({ Component: (await import('./group-routes.tsx')).GroupCreateRoute }),
        },
        {
          path: ':group/:id',
          lazy: async () => ({ Component: (await import('./group-routes.tsx')).GroupDetailRoute }),
        },
        {
          path: ':group/:id/edit',
          lazy: async () => ({ Component: (await import('./group-routes.tsx')).GroupEditRoute }),
        },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}
