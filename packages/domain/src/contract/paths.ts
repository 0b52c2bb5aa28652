/**
 * The API's paths, per area, as route patterns (`:id` marks a parameter). The server registers
 * its routes with them (`apiRoute`, inside the `/api` plugin); the web fills them (`fillPath`,
 * or the functions of `apiPaths`). Zod-free, so the web's first load may import it (ADR 0021).
 * SPEC.md section 7 fixes the auth, user, content and letter paths: keep them exactly.
 */

import { fillPath, letterPublicPaths, type PathValue } from './shell-paths.ts';

// The paths the web's first load and shell use live in shell-paths.ts (small, so that load does
// not carry every area's paths); they are part of the contract all the same.
export * from './shell-paths.ts';

/** The pattern as a route of the plugin registered under `/api` (the prefix dropped). */
export function apiRoute(pattern: string): string {
  return pattern.startsWith('/api/') ? pattern.slice(4) : pattern === '/api' ? '/' : pattern;
}

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
  /** Archive of issued letters. */
  pdfHistories: '/api/pdf-histories',
  pdfHistory: '/api/pdf-histories/:id',
  ...letterPublicPaths,
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
