/** Every address the web app uses, in one place: pages first, then the API. */

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
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
  gallery: '/gallery',
  notification: '/notification',
  notFound: '/404',
  auth: {
    login: (returnTo?: string | null) => {
      const safe = safeReturnTo(returnTo);
      return safe ? `/auth/login?returnTo=${encodeURIComponent(safe)}` : '/auth/login';
    },
    forgotPassword: '/auth/forgot-password',
    forgotPasswordEmail: '/auth/forgot-password/email',
    resetPassword: '/auth/reset-password',
  },
  profile: {
    root: '/profile',
    changePassword: '/profile/change-password',
    letterHistory: '/profile/letter-history',
  },
  admin: { root: '/admin' },
  /** An uploaded file (image or PDF) served by the API process. */
  file: (id: number | string) => `/files/${id}`,
} as const;

/**
 * API paths, relative to the HTTP client's base address (`/api`). They are the shared
 * `apiPaths` of `@balai/domain` without the prefix (a test keeps them equal); they are repeated
 * here because importing the domain package would put zod into the first load.
 */
export const apiPaths = {
  login: '/login',
  logout: '/logout',
  profile: '/profile',
  profilePassword: '/profile/password',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  userDetail: (id: number | string) => `/users/detail/${id}`,
  settings: '/settings',
  notificationsUnreadCount: '/notifications/unread-count',
  letterTypes: '/letter-types',
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
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
