/**
 * The contract's paths that the web's first load and its shell use (sign-in, the signed-in
 * user, the village settings, the unread count, the letter types, a letter's verification), in a
 * module of their own so that load does not carry every area's paths (issue 20: importing all of
 * `paths.ts` there cost 0.7 KiB gzip). `paths.ts` re-exports them: one contract.
 */

/** A path parameter's value: an id, or a token. */
export type PathValue = number | string;

/** `pattern` with each `:name` replaced by its value, encoded as one path segment. */
export function fillPath(pattern: string, values: Record<string, PathValue>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`path ${pattern} needs :${name}`);
    return encodeURIComponent(String(v));
  });
}

export const authPaths = {
  login: '/api/login',
  logout: '/api/logout',
  /** GET the signed-in user; PUT updates their profile. */
  profile: '/api/profile',
  /** PUT { current_password, password, password_confirmation } */
  profilePassword: '/api/profile/password',
  /** POST { email }: always answers the same, whether or not the e-mail is known. */
  forgotPassword: '/api/forgot-password',
  /** POST { token, password, password_confirmation } */
  resetPassword: '/api/reset-password',
} as const;

/** Users (admin), in the spec's verb-in-path style. */
export const userPaths = {
  list: '/api/users/list',
  create: '/api/users/create',
  detail: '/api/users/detail/:id',
  update: '/api/users/update/:id',
  delete: '/api/users/delete/:id',
} as const;

export const settingsPaths = {
  /** GET the public village identity; PUT (admin) updates it. */
  settings: '/api/settings',
  /** GET the settings only the office sees. */
  admin: '/api/settings/admin',
  /** PUT the address the QR codes point to. */
  qrAddress: '/api/settings/qr-address',
  /** GET how a letter number would look with a format. */
  letterNumberPreview: '/api/settings/letter-number-preview',
} as const;

export const notificationPaths = {
  list: '/api/notifications',
  item: '/api/notifications/:id',
  /** POST: mark one as read. */
  read: '/api/notifications/:id/read',
  /** POST: mark all as read. */
  readAll: '/api/notifications/read-all',
  unreadCount: '/api/notifications/unread-count',
} as const;

/** The letter service's public paths (part of `letterPaths`). */
export const letterPublicPaths = {
  /** GET the letter-type registry as JSON. */
  types: '/api/letter-types',
  /** GET what proves an issued letter genuine (public). */
  verify: '/api/verify/:token',
} as const;
