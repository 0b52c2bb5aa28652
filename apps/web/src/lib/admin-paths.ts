import { paths } from './paths.ts';

const seg = (v: number | string) => encodeURIComponent(String(v));

/** The admin area's page addresses; imported by admin chunks only, never by the first load. */
export const adminPaths = {
  root: paths.admin.root,
  settings: '/admin/settings',
  users: '/admin/user',
  /** The cross-type queue of the letter desks ("Semua Layanan"). */
  desks: '/admin/service',
  userCreate: '/admin/user/create',
  userEdit: (id: number | string) => `/admin/user/${seg(id)}/edit`,
  /** A group's list: a content resource ('about-age') or a letter desk ('service-ku'). */
  list: (group: string) => `/admin/${seg(group)}`,
  create: (group: string) => `/admin/${seg(group)}/create`,
  detail: (group: string, id: number | string) => `/admin/${seg(group)}/${seg(id)}`,
  edit: (group: string, id: number | string) => `/admin/${seg(group)}/${seg(id)}/edit`,
} as const;

/** API addresses only the admin area calls, relative to the HTTP client's base (`/api`). */
export const adminApiPaths = {
  /** GET: the dashboard's figures. */
  dashboard: '/dashboard',
} as const;
