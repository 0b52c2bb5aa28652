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
      [
        'Profil Desa',
        [
          'Agama',
          'Aparat',
          'Desa',
          'Info Desa',
          'Pekerjaan',
          'Penduduk',
          'Usia',
          'Pengaturan',
          'Pengaturan Tanda Tangan',
        ],
      ],
      ['Layanan', ['Semua Layanan', ...SPEC_LAYANAN]],
    ]);
  });

  it('gives every letter type a desk with a list (Daftar) and a create page (Buat)', () => {
    const layanan = ADMIN_MENU.find((s) => s.title === 'Layanan')!;
    expect(layanan.items[0]).toEqual({ title: 'Semua Layanan', to: '/admin/service' });
    expect(layanan.items.slice(1)).toEqual(
      LETTER_TYPES.map((t) => ({
        title: t.title,
        to: `/admin/service-${t.code}`,
        createTo: `/admin/service-${t.code}/create`,
      })),
    );
    for (const t of LETTER_TYPES) {
      expect(resolveGroup(`service-${t.code}`)).toEqual({ kind: 'desk', type: t });
    }
  });

  it('gives every content group a list (Daftar) and a create page (Buat)', () => {
    for (const r of CONTENT_RESOURCES) {
      const item = ADMIN_MENU.flatMap((s) => s.items).find((i) => i.title === r.menu.title);
      expect(item, r.key).toEqual({
        title: r.menu.title,
        to: `/admin/${r.group}`,
        createTo: `/admin/${r.group}/create`,
      });
      expect(resolveGroup(r.group)).toEqual({ kind: 'content', resource: r });
    }
    expect(menuLinks()).toHaveLength(
      1 + 2 + CONTENT_RESOURCES.length * 2 + 2 + 1 + LETTER_TYPES.length * 2,
    );
  });

  it.each([
    ['gal', ['Galeri', 'Domisili Tempat Tinggal', 'Tempat Tinggal Sementara']],
    ['GALERI', ['Galeri']],
    ['  desa ', ['Desa', 'Info Desa']],
    [
      'pen',
      [
        'Pengguna',
        'Penduduk',
        'Pengaturan',
        'Pengaturan Tanda Tangan',
        'Penghasilan',
        'Pengantar Kehilangan',
        'Pengantar Perkawinan',
        'Pengantar SKCK',
      ],
    ],
    ['skck', ['Pengantar SKCK']],
    ['zzz', []],
    ['', []],
  ])('searching "%s" finds %j, by title, case-insensitively', (query, titles) => {
    expect(searchMenu(query).map((m) => m.item.title)).toEqual(titles);
  });

  it('gives a signer "Tanda Tangan" (their queue) under the dashboard, and no one else', () => {
    const admin = (menu: readonly { title: string; items: { title: string; to: string }[] }[]) =>
      menu.find((s) => s.title === 'Admin')!.items;
    expect(admin(adminMenu({ signer: true }))).toEqual([
      { title: 'Dashboard', to: '/admin' },
      { title: 'Tanda Tangan', to: '/admin/signing' },
    ]);
    expect(admin(adminMenu({ signer: false }))).toEqual([{ title: 'Dashboard', to: '/admin' }]);
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
