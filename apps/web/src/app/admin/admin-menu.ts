import {
  CONTENT_RESOURCES,
  LETTER_TYPES,
  normalizeSearch,
  type ContentResource,
} from '@balai/domain';
import { adminPaths } from '../../lib/admin-paths.ts';
import { deskGroup } from './resolve-group.ts';

/** One entry of the admin sidebar: a page, or a group with its list (Daftar) and create (Buat). */
export interface AdminMenuItem {
  title: string;
  /** The page, or the group's list. */
  to: string;
  /** The group's create page, when the item has Daftar and Buat. */
  createTo?: string;
  /**
   * What else "Cari menu..." finds the item by: a letter type's formal name and the names
   * people call it ("surat usaha", "akta", "SKCK"), a page's long name and everyday words.
   */
  keywords?: readonly string[];
}

export interface AdminMenuSection {
  title: string;
  items: AdminMenuItem[];
}

const byTitle = (a: AdminMenuItem, b: AdminMenuItem) => a.title.localeCompare(b.title, 'id');

/**
 * Everyday words for the content groups, by group, beside their labels: what an officer types
 * when looking for where a thing is edited.
 */
const CONTENT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  'home-gallery': ['foto', 'dokumentasi', 'kegiatan'],
  'home-header': ['banner', 'slide', 'gambar utama', 'beranda'],
  'home-benefit': ['keunggulan', 'layanan unggulan', 'beranda'],
  'about-religion': ['statistik', 'data penduduk'],
  'about-official': ['perangkat desa', 'pejabat', 'struktur organisasi', 'kepala desa', 'sekdes'],
  'about-profile': ['Desa', 'profil desa', 'sejarah', 'visi', 'misi'],
  'about-village-info': ['luas wilayah', 'data desa', 'angka desa'],
  'about-job': ['mata pencaharian', 'statistik', 'data penduduk'],
  'about-population-info': ['jumlah penduduk', 'kepala keluarga', 'statistik'],
  'about-age': ['umur', 'kelompok umur', 'statistik', 'data penduduk'],
};

const contentItems = (section: ContentResource['menu']['section']): AdminMenuItem[] =>
  CONTENT_RESOURCES.filter((r) => r.menu.section === section)
    .map((r) => ({
      title: r.menu.title,
      to: adminPaths.list(r.group),
      createTo: adminPaths.create(r.group),
      keywords: [r.labels.singular, r.labels.plural, ...(CONTENT_KEYWORDS[r.group] ?? [])],
    }))
    .sort(byTitle);

/** The letter desks in the registry's order (SPEC's), each with Daftar and Buat. */
const deskItems = (): AdminMenuItem[] =>
  LETTER_TYPES.map((t) => ({
    title: t.title,
    to: adminPaths.list(deskGroup(t)),
    createTo: adminPaths.create(deskGroup(t)),
    keywords: [t.name, t.pdfTitle, ...t.aliases],
  }));

/** Who the viewer is, as far as the menu cares (from `GET /api/signing/me`). */
export interface AdminMenuViewer {
  /** The Kepala Desa or Sekretaris Desa account the settings name, or whoever can sign now. */
  signer?: boolean;
  /**
   * The viewer may open the population register (issue 24): the Kependudukan group. Off unless
   * asked for, so the menu of SPEC section 2 stays as it was where the register is not offered.
   */
  register?: boolean;
}

/**
 * The population register's screens (issue 24), with the words an officer looks for them by.
 * No "akta" or "surat" here: those find the letter desks.
 */
export const REGISTER_SECTION: AdminMenuSection = {
  title: 'Kependudukan',
  items: [
    {
      title: 'Penduduk',
      to: adminPaths.register.persons(),
      keywords: ['buku induk', 'data penduduk', 'warga', 'NIK', 'cari penduduk', 'biodata'],
    },
    {
      title: 'Keluarga',
      to: adminPaths.register.families,
      keywords: ['kartu keluarga', 'KK', 'no kk', 'kepala keluarga', 'pecah KK', 'SHDK'],
    },
    {
      title: 'Wilayah',
      to: adminPaths.register.areas,
      keywords: ['dusun', 'RW', 'RT', 'gabung wilayah', 'ganti nama dusun'],
    },
    {
      title: 'Impor Penduduk',
      to: adminPaths.register.import,
      keywords: ['impor', 'unggah', 'excel', 'xlsx', 'csv', 'OpenSID', 'templat'],
    },
    {
      title: 'Peristiwa',
      to: adminPaths.register.events,
      keywords: ['lahir', 'kelahiran', 'mati', 'meninggal', 'pindah', 'datang', 'hilang', 'mutasi'],
    },
    {
      title: 'Laporan Bulanan',
      to: adminPaths.register.report,
      keywords: ['laporan penduduk', 'rekap bulanan', 'mutasi penduduk', 'laporan desa'],
    },
  ],
};

/**
 * The admin sidebar (SPEC section 2), from the registries: adding a content resource or a
 * letter type adds its menu item. Content items sort by title within a section, as SPEC lists
 * them; the letter desks keep the registry's order, after "Semua Layanan" (the cross-type queue).
 * A signer also gets "Tanda Tangan" (their queue, issue 15) right under the dashboard.
 */
export function adminMenu({
  signer = false,
  register = false,
}: AdminMenuViewer = {}): AdminMenuSection[] {
  return [
    {
      title: 'Admin',
      items: [
        {
          title: 'Dashboard',
          to: adminPaths.root,
          keywords: ['beranda admin', 'ringkasan', 'statistik layanan', 'grafik'],
        },
        ...(signer
          ? [
              {
                title: 'Tanda Tangan',
                to: adminPaths.signing,
                keywords: ['menunggu tanda tangan', 'setujui surat', 'terbitkan', 'antrean'],
              },
            ]
          : []),
      ],
    },
    {
      title: 'Manajemen',
      items: [
        {
          title: 'Pengguna',
          to: adminPaths.users,
          createTo: adminPaths.userCreate,
          keywords: ['akun', 'user', 'warga', 'administrator', 'verifikasi identitas', 'NIK'],
        },
      ],
    },
    ...(register ? [REGISTER_SECTION] : []),
    { title: 'Beranda', items: contentItems('Beranda') },
    { title: 'Profil Desa', items: contentItems('Profil Desa') },
    {
      title: 'Layanan',
      items: [
        {
          title: 'Semua Layanan',
          to: adminPaths.desks,
          keywords: ['semua surat', 'permohonan surat', 'antrean', 'ekspor'],
        },
        ...deskItems(),
      ],
    },
    {
      title: 'Pengaturan',
      items: [
        {
          title: 'Pengaturan Desa',
          to: adminPaths.settings,
          keywords: [
            'Pengaturan',
            'nama desa',
            'kode desa',
            'logo',
            'alamat kantor',
            'kontak',
            'media sosial',
            'kop surat',
            'nomor surat',
            'format nomor',
          ],
        },
        {
          title: 'Pengaturan Tanda Tangan',
          to: adminPaths.signingSettings,
          keywords: ['penanda tangan', 'kepala desa', 'sekretaris desa', 'persetujuan', 'cuti'],
        },
        {
          title: 'Saluran Pemberitahuan',
          to: adminPaths.noticeSettings,
          keywords: [
            'pemberitahuan',
            'WhatsApp',
            'Telegram',
            'e-mail',
            'pesan uji',
            'gagal',
            'kirim ulang',
          ],
        },
      ],
    },
  ];
}

/** The menu of an administrator who does not sign. */
export const ADMIN_MENU: readonly AdminMenuSection[] = adminMenu();

/**
 * How well an item matches the query's words (accents, case and punctuation ignored; each word
 * found somewhere, in any order): 2 when every word is in the title (anywhere, as SPEC's search
 * by title), 1 when the others begin a word of the long name or keywords ("akta", "surat
 * usaha"), 0 when some word is found nowhere.
 */
export function menuItemScore(words: readonly string[], item: AdminMenuItem): number {
  if (words.length === 0) return 0;
  const title = normalizeSearch(item.title);
  if (words.every((w) => title.includes(w))) return 2;
  const keywords = ` ${normalizeSearch((item.keywords ?? []).join(' | '))}`;
  return words.every((w) => title.includes(w) || keywords.includes(` ${w}`)) ? 1 : 0;
}

/**
 * The menu items the query finds, with their section: first those whose title holds every word
 * (as SPEC's search by title), then those found by their long name or keywords; menu order
 * within each.
 */
export function searchMenu(query: string, menu: readonly AdminMenuSection[] = ADMIN_MENU) {
  const words = normalizeSearch(query).split(' ').filter(Boolean);
  const found = menu.flatMap((section) =>
    section.items.map((item) => ({
      section: section.title,
      item,
      score: menuItemScore(words, item),
    })),
  );
  return found
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ section, item }) => ({ section, item }));
}

/** Every address the menu links to (for the test that each resolves to a page). */
export function menuLinks(menu: readonly AdminMenuSection[] = ADMIN_MENU): string[] {
  return menu.flatMap((s) => s.items.flatMap((i) => (i.createTo ? [i.to, i.createTo] : [i.to])));
}
