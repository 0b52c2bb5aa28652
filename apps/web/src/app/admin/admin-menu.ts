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

/**
 * The admin sidebar (SPEC section 2), from the registries: adding a content resource or a
 * letter type adds its menu item. Content items sort by title within a section, as SPEC lists
 * them; the letter desks keep the registry's order, after "Semua Layanan" (the cross-type queue).
 */
export const ADMIN_MENU: readonly AdminMenuSection[] = [
  { title: 'Admin', items: [{ title: 'Dashboard', to: adminPaths.root }] },
  {
    title: 'Manajemen',
    items: [{ title: 'Pengguna', to: adminPaths.users, createTo: adminPaths.userCreate }],
  },
  { title: 'Beranda', items: contentItems('Beranda') },
  {
    title: 'Profil Desa',
    items: [...contentItems('Profil Desa'), { title: 'Pengaturan', to: adminPaths.settings }],
  },
  {
    title: 'Layanan',
    items: [{ title: 'Semua Layanan', to: adminPaths.desks }, ...deskItems()],
  },
];

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
