import { CONTENT_RESOURCES, LETTER_TYPES, type ContentResource } from '@balai/domain';
import { adminPaths } from '../../lib/admin-paths.ts';
import { deskGroup } from './resolve-group.ts';

/** One entry of the admin sidebar: a page, or a group with its list (Daftar) and create (Buat). */
export interface AdminMenuItem {
  title: string;
  /** The page, or the group's list. */
  to: string;
  /** The group's create page, when the item has Daftar and Buat. */
  createTo?: string;
}

export interface AdminMenuSection {
  title: string;
  items: AdminMenuItem[];
}

const byTitle = (a: AdminMenuItem, b: AdminMenuItem) => a.title.localeCompare(b.title, 'id');

const contentItems = (section: ContentResource['menu']['section']): AdminMenuItem[] =>
  CONTENT_RESOURCES.filter((r) => r.menu.section === section)
    .map((r) => ({
      title: r.menu.title,
      to: adminPaths.list(r.group),
      createTo: adminPaths.create(r.group),
    }))
    .sort(byTitle);

/** The letter desks in the registry's order (SPEC's), each with Daftar and Buat. */
const deskItems = (): AdminMenuItem[] =>
  LETTER_TYPES.map((t) => ({
    title: t.title,
    to: adminPaths.list(deskGroup(t)),
    createTo: adminPaths.create(deskGroup(t)),
  }));

/** Who the viewer is, as far as the menu cares (from `GET /api/signing/me`). */
export interface AdminMenuViewer {
  /** The Kepala Desa or Sekretaris Desa account the settings name, or whoever can sign now. */
  signer?: boolean;
}

/**
 * The admin sidebar (SPEC section 2), from the registries: adding a content resource or a
 * letter type adds its menu item. Content items sort by title within a section, as SPEC lists
 * them; the letter desks keep the registry's order, after "Semua Layanan" (the cross-type queue).
 * A signer also gets "Tanda Tangan" (their queue, issue 15) right under the dashboard.
 */
export function adminMenu({ signer = false }: AdminMenuViewer = {}): AdminMenuSection[] {
  return [
    {
      title: 'Admin',
      items: [
        { title: 'Dashboard', to: adminPaths.root },
        ...(signer ? [{ title: 'Tanda Tangan', to: adminPaths.signing }] : []),
      ],
    },
    {
      title: 'Manajemen',
      items: [{ title: 'Pengguna', to: adminPaths.users, createTo: adminPaths.userCreate }],
    },
    { title: 'Beranda', items: contentItems('Beranda') },
    {
      title: 'Profil Desa',
      items: [
        ...contentItems('Profil Desa'),
        { title: 'Pengaturan', to: adminPaths.settings },
        { title: 'Pengaturan Tanda Tangan', to: adminPaths.signingSettings },
      ],
    },
    {
      title: 'Layanan',
      items: [{ title: 'Semua Layanan', to: adminPaths.desks }, ...deskItems()],
    },
  ];
}

/** The menu of an administrator who does not sign. */
export const ADMIN_MENU: readonly AdminMenuSection[] = adminMenu();

/** The menu items whose title contains `query`, case-insensitively, with their section. */
export function searchMenu(query: string, menu: readonly AdminMenuSection[] = ADMIN_MENU) {
  const q = query.trim().toLocaleLowerCase('id');
  if (!q) return [];
  return menu.flatMap((section) =>
    section.items
      .filter((item) => item.title.toLocaleLowerCase('id').includes(q))
      .map((item) => ({ section: section.title, item })),
  );
}

/** Every address the menu links to (for the test that each resolves to a page). */
export function menuLinks(menu: readonly AdminMenuSection[] = ADMIN_MENU): string[] {
  return menu.flatMap((s) => s.items.flatMap((i) => (i.createTo ? [i.to, i.createTo] : [i.to])));
}
