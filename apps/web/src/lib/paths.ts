/** The web app's page addresses, and the few API addresses the first load and the shell use. */
import {
  authPaths,
  fillPath,
  letterPublicPaths,
  notificationPaths,
  settingsPaths,
  userPaths,
} from '@balai/domain/shell-paths';

/** Where a signed-in user may be sent back to: same-origin paths only ("/x", never "//x"). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

export const paths = {
  home: '/',
  about: '/about',
  officials: '/about/official',
  service: '/service',
  serviceType: (code: string) => `/service/${encodeURIComponent(code)}`,
  /** One letter request of the signed-in resident. */
  serviceRequest: (code: string, id: number | string) =>
    `/service/${encodeURIComponent(code)}/${encodeURIComponent(String(id))}`,
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
  gallery: '/gallery',
  notification: '/notification',
  notificationDetail: (id: number | string) => `/notification/${encodeURIComponent(String(id))}`,
  notFound: '/404',
  auth: {
    login: (returnTo?: string | null) => {
      const safe = safeReturnTo(returnTo);
      return safe ? `/auth/login?returnTo=${encodeURIComponent(safe)}` : '/auth/login';
    },
    forgotPassword: '/auth/forgot-password',
    forgotPasswordEmail: '/auth/forgot-password/email',
    resetPassword: '/auth/reset-password',
    /** A resident's own account from the register (issue 21). */
    activate: '/auth/activate',
  },
  profile: {
    root: '/profile',
    changePassword: '/profile/change-password',
    letterHistory: '/profile/letter-history',
    /** One issued letter of the archive (a pdf-histories id). */
    letterHistoryDetail: (id: number | string) =>
      `/profile/letter-history/${encodeURIComponent(String(id))}`,
  },
  /** The admin area; its other addresses are in admin-paths.ts (admin chunks only). */
  admin: { root: '/admin' },

  /** An uploaded file (image or PDF) served by the API process. */
  file: (id: number | string) => `/files/${id}`,
} as const;

/** An API path as the server writes it ("/api/…"), relative to the client's base address. */
export const stripApi = (path: string) => path.replace(/^\/api(?=\/)/, '');

/** A contract path ("/api/…") relative to the HTTP client's base (`/api`). */
const api = (path: string) => stripApi(path);

/**
 * The API addresses the public first load and the shell ask, relative to the HTTP client's base
 * (`/api`), from the contract's small module of the shell's paths
 * (`@balai/domain/shell-paths`); every other API address is the contract's
 * (`@balai/domain/paths`, through src/api). Importing all of `@balai/domain/paths` here put every
 * area's paths into the first load, +0.7 KiB gzip (issue 20).
 */
export const apiPaths = {
  login: api(authPaths.login),
  logout: api(authPaths.logout),
  profile: api(authPaths.profile),
  userDetail: (id: number | string) => api(fillPath(userPaths.detail, { id })),
  settings: api(settingsPaths.settings),
  notificationsUnreadCount: api(notificationPaths.unreadCount),
  letterTypes: api(letterPublicPaths.types),
  verify: (token: string) => api(fillPath(letterPublicPaths.verify, { token })),
  /** A public content resource's list, e.g. `content('homepage-headers')`. */
  content: (base: ContentBase) => `/${base}`,
} as const;

/** The public content resources the site reads (GET /api/content-types lists them all). */
export const CONTENT_BASES = [
  'homepage-headers',
  'homepage-benefits',
  'homepage-galleries',
  'village-profiles',
  'village-structures',
  'village-infos',
  'population-infos',
  'population-ages',
  'population-jobs',
  'population-religions',
] as const;
export type ContentBase = (typeof CONTENT_BASES)[number];
