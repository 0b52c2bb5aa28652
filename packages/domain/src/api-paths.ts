/**
 * Every API path as the web's fetchers call it: functions over the contract's route patterns
 * (`contract/paths.ts`, one place for the server's routes and the web). Zod-free.
 */
import {
  authPaths,
  contentPaths,
  dashboardPaths,
  fillPath,
  healthPaths,
  letterPaths,
  notificationPaths,
  settingsPaths,
  userPaths,
  type PathValue as Id,
} from './contract/paths.ts';

export { publicPaths } from './contract/paths.ts';

const byId = (pattern: string) => (id: Id) => fillPath(pattern, { id });
const underBase = (pattern: (base: string) => string) => (base: string, id: Id) =>
  fillPath(pattern(base), { id });

export const apiPaths = {
  // Auth and the signed-in user's own account
  ...authPaths,

  // Users (admin), in the spec's verb-in-path style
  users: {
    list: userPaths.list,
    create: userPaths.create,
    detail: byId(userPaths.detail),
    update: byId(userPaths.update),
    delete: byId(userPaths.delete),
  },

  // Content resources and letter types: the base comes from the registry definition
  /** GET list, POST create. */
  collection: letterPaths.collection,
  /** GET detail, PUT update, DELETE (content) or cancel (letter). */
  item: underBase(letterPaths.item),
  /** POST { status, note } on a letter request. */
  letterStatus: underBase(letterPaths.status),
  /** GET the issued PDF of a completed letter request. */
  letterPdf: underBase(letterPaths.pdf),
  /** GET the signed-in resident's requests of every type (letter history); admins see all. */
  letterRequests: letterPaths.requests,

  // Archive of issued letters
  pdfHistories: letterPaths.pdfHistories,
  pdfHistory: byId(letterPaths.pdfHistory),

  // Notifications of the signed-in user
  notifications: notificationPaths.list,
  notification: byId(notificationPaths.item),
  /** POST: mark one as read. */
  notificationRead: byId(notificationPaths.read),
  /** POST: mark all as read. */
  notificationsReadAll: notificationPaths.readAll,
  notificationsUnreadCount: notificationPaths.unreadCount,

  /** GET the admin dashboard figures. */
  dashboard: dashboardPaths.dashboard,
  /** GET the public village identity; PUT (admin) updates it. */
  settings: settingsPaths.settings,
  /** POST one image (multipart, admin); answers the file id. */
  files: contentPaths.files,
  /** GET what proves an issued letter genuine (public). */
  verify: (token: string) => fillPath(letterPaths.verify, { token }),
  /** GET the letter-type registry as JSON. */
  letterTypes: letterPaths.types,
  /** GET the content registry as JSON. */
  contentTypes: contentPaths.types,
  health: healthPaths.health,
  docs: healthPaths.docs,
} as const;
