/**
 * The API's paths, per area, as route patterns (`:id` marks a parameter). The server registers
 * its routes with them (`apiRoute`, inside the `/api` plugin); the web fills them (`fillPath`,
 * or the functions of `apiPaths`). Zod-free, so the web's first load may import it (ADR 0021).
 * SPEC.md section 7 fixes the auth, user, content and letter paths: keep them exactly.
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

/** The pattern as a route of the plugin registered under `/api` (the prefix dropped). */
export function apiRoute(pattern: string): string {
  return pattern.startsWith('/api/') ? pattern.slice(4) : pattern === '/api' ? '/' : pattern;
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

/** A registry resource's paths (a content resource or a letter type) under its base. */
export const resourcePaths = {
  /** GET list, POST create. */
  collection: (base: string) => base,
  /** GET detail, PUT update, DELETE (content) or cancel (letter). */
  item: (base: string) => `${base}/:id`,
} as const;

/** A letter type's paths under its registry base (`/api/<base>`), and the letter service's own. */
export const letterPaths = {
  ...resourcePaths,
  /** POST { status, note } on a letter request. */
  status: (base: string) => `${base}/:id/status`,
  /** GET the issued PDF of a completed letter request. */
  pdf: (base: string) => `${base}/:id/pdf`,
  /** GET the PDF as it would be issued now (office). */
  preview: (base: string) => `${base}/:id/preview`,
  /** POST a staged photo of a requirement; GET the staged ones. */
  stagedAttachments: (base: string) => `${base}/attachments`,
  stagedAttachment: (base: string) => `${base}/attachments/:aid`,
  stagedAttachmentThumb: (base: string) => `${base}/attachments/:aid/thumb`,
  /** The photos of a filed request. */
  attachments: (base: string) => `${base}/:id/attachments`,
  attachment: (base: string) => `${base}/:id/attachments/:aid`,
  attachmentThumb: (base: string) => `${base}/:id/attachments/:aid/thumb`,
  /** GET the signed-in resident's requests of every type (letter history); admins see all. */
  requests: '/api/letter-requests',
  /** GET the office's spreadsheet of requests. */
  export: '/api/letter-requests/export',
  /** GET the register of issued letters (spreadsheet). */
  register: '/api/letter-register',
  /** GET the letter-type registry as JSON. */
  types: '/api/letter-types',
  /** Archive of issued letters. */
  pdfHistories: '/api/pdf-histories',
  pdfHistory: '/api/pdf-histories/:id',
  /** GET what proves an issued letter genuine (public). */
  verify: '/api/verify/:token',
} as const;

export const signingPaths = {
  /** GET/PUT who signs, the Kepala Desa's away dates, approval per type (admin). */
  settings: '/api/settings/signing',
  me: '/api/signing/me',
  queue: '/api/signing/queue',
  approve: '/api/signing/approve',
  return: '/api/signing/requests/:id/return',
  pin: '/api/signing/pin',
  delegation: '/api/signing/delegation',
  signature: '/api/signing/signature',
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

export const contentPaths = {
  /** POST one image (multipart, admin); answers the file id. */
  files: '/api/files',
  /** GET the content registry as JSON. */
  types: '/api/content-types',
} as const;

export const dashboardPaths = { dashboard: '/api/dashboard' } as const;
export const healthPaths = { health: '/api/health', docs: '/api/docs' } as const;

/** Paths outside /api: served files and the public verification page the QR code opens. */
export const publicRoutes = {
  file: '/files/:id',
  fileThumbnail: '/files/:id/thumb',
  verifyPage: '/verify/:token',
} as const;

/** `publicRoutes` filled in. */
export const publicPaths = {
  file: (id: PathValue) => fillPath(publicRoutes.file, { id }),
  fileThumbnail: (id: PathValue) => fillPath(publicRoutes.fileThumbnail, { id }),
  verifyPage: (token: string) => fillPath(publicRoutes.verifyPage, { token }),
} as const;
