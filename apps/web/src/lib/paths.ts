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
  service: '/service',
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
} as const;
