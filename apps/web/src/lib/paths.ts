/** Every address the web app uses, in one place: pages first, then the API. */

/** Where a signed-in user may be sent back to: same-origin paths only ("/x", never "//x"). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

const seg = (v: number | string) => encodeURIComponent(String(v));

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
  /** GET: own notifications, newest first, paginated; `unread=true` for the unread only. */
  notifications: '/notifications',
  notification: (id: number | string) => `/notifications/${seg(id)}`,
  /** PUT: marks one as read. */
  notificationRead: (id: number | string) => `/notifications/${seg(id)}/read`,
  /** POST: marks all as read. */
  notificationsReadAll: '/notifications/read-all',
  letterTypes: '/letter-types',
  /** A letter type's requests: its API base (e.g. "/api/business-certificate") without /api. */
  letterCollection: (base: string) => stripApi(base),
  letterItem: (base: string, id: number | string) => `${stripApi(base)}/${seg(id)}`,
  letterStatus: (base: string, id: number | string) => `${stripApi(base)}/${seg(id)}/status`,
  letterPdf: (base: string, id: number | string) => `${stripApi(base)}/${seg(id)}/pdf`,
  letterRequests: '/letter-requests',
  pdfHistories: '/pdf-histories',
  pdfHistory: (id: number | string) => `/pdf-histories/${seg(id)}`,
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
