import { CONTENT_RESOURCES, LETTER_TYPES } from '@balai/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, adminMenu, menuLinks, searchMenu } from './admin-menu.ts';
import { resolveGroup } from './resolve-group.ts';

/** SPEC section 2's Layanan items, in its order: the registry's titles must read exactly so. */
const SPEC_LAYANAN = [
  'Surat Izin Rame Rame',
  'Surat Keterangan',
  'Beda Nama BPKB dan STNK',
  'Beda Nama KTP dan KK',
  'Domisili Tempat Tinggal',
  'Kelahiran',
  'Kematian',
  'KTP Sementara',
  'Penghasilan',
  'Tidak Mampu',
  'Tempat Tinggal Sementara',
  'Usaha',
  'Pengantar Kehilangan',
  'Pengantar Perkawinan',
  'Pengantar SKCK',
];

describe('admin menu', () => {
  it('has the sections and items SPEC section 2 names, in its order', () => {
    expect(ADMIN_MENU.map((s) => [s.title, s.items.map((i) => i.title)])).toEqual([
      ['Admin', ['Dashboard']],
      ['Manajemen', ['Pengguna']],
      ['Beranda', ['Galeri', 'Header', 'Manfaat']],
      // SPEC's "Desa" says what it holds (issue 25): the profile's pages.
      [
        'Profil Desa',
        ['Agama', 'Aparat', 'Halaman Profil', 'Info Desa', 'Pekerjaan', 'Penduduk', 'Usia'],
      ],
      ['Layanan', ['Semua Layanan', ...SPEC_LAYANAN]],
      // The settings are not content of the village profile: a section of their own.
      ['Pengaturan', ['Pengaturan Desa', 'Pengaturan Tanda Tangan', 'Saluran Pemberitahuan']],
    ]);
  });

  it('gives every letter type a desk with a list (Daftar) and a create page (Buat)', () => {
    const layanan = ADMIN_MENU.find((s) => s.title === 'Layanan')!;
    expect(layanan.items[0]).toMatchObject({ title: 'Semua Layanan', to: '/admin/service' });
    expect(layanan.items.slice(1)).toEqual(
      LETTER_TYPES.map((t) => ({
        title: t.title,
        to: `/admin/service-${t.code}`,
        createTo: `/admin/service-${t.code}/create`,
        keywords: [t.name, t.pdfTitle, ...t.aliases],
      })),
    );
    for (const t of LETTER_TYPES) {
      expect(resolveGroup(`service-${t.code}`)).toEqual({ kind: 'desk', type: t });
    }
  });

  it('gives every content group a list (Daftar) and a create page (Buat)', () => {
    for (const r of CONTENT_RESOURCES) {
      const item = ADMIN_MENU.flatMap((s) => s.items).find((i) => i.title === r.menu.title);
      expect(item, r.key).toMatchObject({
        title: r.menu.title,
        to: `/admin/${r.group}`,
        createTo: `/admin/${r.group}/create`,
      });
      expect(item!.keywords).toEqual(expect.arrayContaining([r.labels.plural]));
      expect(resolveGroup(r.group)).toEqual({ kind: 'content', resource: r });
    }
    expect(menuLinks()).toHaveLength(
      1 + 2 + CONTENT_RESOURCES.length * 2 + 3 + 1 + LETTER_TYPES.length * 2,
    );
  });

  it.each([
    ['gal', ['Galeri', 'Domisili Tempat Tinggal', 'Tempat Tinggal Sementara']],
    ['GALERI', ['Galeri']],
    [
      '  desa ',
      [
        'Info Desa',
        'Pengaturan Desa',
        'Aparat',
        'Halaman Profil',
        'Surat Keterangan',
        'Pengaturan Tanda Tangan',
      ],
    ],
    [
      'pen',
      [
        // By title first (SPEC's search), in menu order…
        'Pengguna',
        'Penduduk',
        'Penghasilan',
        'Pengantar Kehilangan',
        'Pengantar Perkawinan',
        'Pengantar SKCK',
        'Pengaturan Desa',
        'Pengaturan Tanda Tangan',
        // …then where a word of the long name or keywords begins so ("data penduduk").
        'Agama',
        'Pekerjaan',
        'Usia',
        'Surat Izin Rame Rame',
        'Tempat Tinggal Sementara',
      ],
    ],
    ['skck', ['Pengantar SKCK']],
    ['SKCK', ['Pengantar SKCK']],
    ['surat usaha', ['Usaha']],
    ['Surat  Keterangan-Usaha', ['Usaha']],
    ['usaha surat', ['Usaha']],
    ['akta', ['Kelahiran', 'Kematian']],
    ['AKTA kelahiran', ['Kelahiran']],
    ['sktm', ['Tidak Mampu']],
    ['izin keramaian', ['Surat Izin Rame Rame']],
    ['pengantar nikah', ['Pengantar Perkawinan']],
    ['kop surat', ['Pengaturan Desa']],
    ['sejarah', ['Halaman Profil']],
    ['perangkat', ['Aparat']],
    ['kepala desa', ['Aparat', 'Pengaturan Tanda Tangan']],
    ['Pengaturan', ['Pengaturan Desa', 'Pengaturan Tanda Tangan']],
    ['kélahiran', ['Kelahiran']],
    ['zzz', []],
    ['surat zzz', []],
    ['', []],
    ['  - ', []],
  ])('searching "%s" finds %j: every word somewhere, titles first', (query, titles) => {
    expect(searchMenu(query).map((m) => m.item.title)).toEqual(titles);
  });

  it('gives a signer "Tanda Tangan" (their queue) under the dashboard, and no one else', () => {
    const admin = (menu: readonly { title: string; items: { title: string; to: string }[] }[]) =>
      menu.find((s) => s.title === 'Admin')!.items;
    expect(admin(adminMenu({ signer: true }))).toEqual([
      expect.objectContaining({ title: 'Dashboard', to: '/admin' }),
      expect.objectContaining({ title: 'Tanda Tangan', to: '/admin/signing' }),
    ]);
    expect(admin(adminMenu({ signer: false }))).toEqual([
      expect.objectContaining({ title: 'Dashboard', to: '/admin' }),
    ]);
    expect(searchMenu('tanda', adminMenu({ signer: true })).map((m) => m.item.to)).toEqual([
      '/admin/signing',
      '/admin/settings/signing',
    ]);
  });

  it('resolves no unknown group', () => {
    for (const slug of [
      '',
      'user',
      'about',
      'service-xx',
      'service-',
      'service-KU',
      'service',
      'home-headers',
      undefined,
    ]) {
      expect(resolveGroup(slug)).toBeNull();
    }
  });
});
