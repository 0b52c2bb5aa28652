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
  /** The signer's queue, "Menunggu tanda tangan Anda" (docs/signing.md). */
  signing: '/admin/signing',
  /** One letter awaiting signature (the notifications link here). */
  signingLetter: (id: number | string) => `/admin/signing/${seg(id)}`,
  /** Who signs, delegation, approval per type; the signer's PIN and signature image. */
  signingSettings: '/admin/settings/signing',
  /** Each notice channel's state, a test message, failed notices and their retry (issue 22). */
  noticeSettings: '/admin/settings/notices',
  userEdit: (id: number | string) => `/admin/user/${seg(id)}/edit`,
  /** A group's list: a content resource ('about-age') or a letter desk ('service-ku'). */
  list: (group: string) => `/admin/${seg(group)}`,
  create: (group: string) => `/admin/${seg(group)}/create`,
  detail: (group: string, id: number | string) => `/admin/${seg(group)}/${seg(id)}`,
  edit: (group: string, id: number | string) => `/admin/${seg(group)}/${seg(id)}/edit`,
  /** The population register's screens (issue 24, docs/register.md): the Kependudukan group. */
  register: {
    /** Penduduk; `query` is the list's filters as the address carries them (a chart's count). */
    persons: (query?: Record<string, string | number | undefined>) =>
      withQuery('/admin/register/persons', query),
    person: (id: number | string) => `/admin/register/persons/${seg(id)}`,
    personEdit: (id: number | string) => `/admin/register/persons/${seg(id)}/edit`,
    families: '/admin/register/families',
    family: (id: number | string) => `/admin/register/families/${seg(id)}`,
    areas: '/admin/register/areas',
    import: '/admin/register/import',
    events: '/admin/register/events',
    report: '/admin/register/report',
  },
} as const;

/** `path?a=1&b=2`, empty values left out. */
function withQuery(path: string, query: Record<string, string | number | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
