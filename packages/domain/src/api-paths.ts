/**
 * Every API path, in one place for the server's routes and the web's fetchers. SPEC.md section 7
 * fixes the auth, user, content and letter paths (keep them exactly); the rest are ours.
 */
type Id = number | string;
const seg = (v: Id) => encodeURIComponent(String(v));

export const apiPaths = {
  // Auth and the signed-in user's own account
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

  // Users (admin), in the spec's verb-in-path style
  users: {
    list: '/api/users/list',
    create: '/api/users/create',
    detail: (id: Id) => `/api/users/detail/${seg(id)}`,
    update: (id: Id) => `/api/users/update/${seg(id)}`,
    delete: (id: Id) => `/api/users/delete/${seg(id)}`,
  },

  // Content resources and letter types: the base comes from the registry definition
  /** GET list, POST create. */
  collection: (base: string) => base,
  /** GET detail, PUT update, DELETE (content) or cancel (letter). */
  item: (base: string, id: Id) => `${base}/${seg(id)}`,
  /** POST { status, note } on a letter request. */
  letterStatus: (base: string, id: Id) => `${base}/${seg(id)}/status`,
  /** GET the issued PDF of a completed letter request. */
  letterPdf: (base: string, id: Id) => `${base}/${seg(id)}/pdf`,
  /** GET the signed-in resident's requests of every type (letter history); admins see all. */
  letterRequests: '/api/letter-requests',

  // Archive of issued letters
  pdfHistories: '/api/pdf-histories',
  pdfHistory: (id: Id) => `/api/pdf-histories/${seg(id)}`,

  // Notifications of the signed-in user
  notifications: '/api/notifications',
  notification: (id: Id) => `/api/notifications/${seg(id)}`,
  /** POST: mark one as read. */
  notificationRead: (id: Id) => `/api/notifications/${seg(id)}/read`,
  /** POST: mark all as read. */
  notificationsReadAll: '/api/notifications/read-all',
  notificationsUnreadCount: '/api/notifications/unread-count',

  /** GET the admin dashboard figures. */
  dashboard: '/api/dashboard',
  /** GET the public village identity; PUT (admin) updates it. */
  settings: '/api/settings',
  /** POST one image (multipart, admin); answers the file id. */
  files: '/api/files',
  /** GET what proves an issued letter genuine (public). */
  verify: (token: string) => `/api/verify/${seg(token)}`,
  /** GET the letter-type registry as JSON. */
  letterTypes: '/api/letter-types',
  /** GET the content registry as JSON. */
  contentTypes: '/api/content-types',
  health: '/api/health',
  docs: '/api/docs',
} as const;

/** Paths outside /api: served files and the public verification page the QR code opens. */
export const publicPaths = {
  file: (id: Id) => `/files/${seg(id)}`,
  fileThumbnail: (id: Id) => `/files/${seg(id)}/thumb`,
  verifyPage: (token: string) => `/verify/${seg(token)}`,
} as const;
