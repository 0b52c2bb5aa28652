import type {
  PublicStatistics,
  RegisterImportResult,
  RegisterPersonList,
} from '@balai/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';

const AREAS = {
  data: [
    { id: 1, kind: 'dusun', name: 'Krajan', parent_id: null, person_count: 3, family_count: 1 },
    { id: 2, kind: 'rw', name: '001', parent_id: 1, person_count: 3, family_count: 1 },
  ],
};

const PERSONS: RegisterPersonList = {
  data: [
    {
      id: 11,
      name: 'Sri Wahyuni',
      nik: '************0002',
      kk_number: '************0001',
      gender: 'Perempuan',
      hamlet: 'Krajan',
      rw: '001',
      rt: '002',
      dusun_id: 1,
      rw_id: 2,
      rt_id: null,
      family_id: 5,
      life_status: 'hidup',
      age: 42,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    } as RegisterPersonList['data'][number],
  ],
  meta: { page: 1, per_page: 25, total: 1, last_page: 1 },
  counts: { total: 1, male: 0, female: 1 },
};

const STATISTICS: PublicStatistics = {
  as_of: '2026-11-26',
  total: 3,
  sex: [
    { label: 'Laki-laki', count: 1, filter: { gender: '1', life_status: 'hidup' } },
    { label: 'Perempuan', count: 2, filter: { gender: '2', life_status: 'hidup' } },
  ],
  age_group: [
    {
      label: '20–24 tahun',
      count: 3,
      filter: { age_min: '20', age_max: '24', life_status: 'hidup' },
    },
  ],
  religion: [{ label: 'Islam', count: 3, filter: { religion: '1', life_status: 'hidup' } }],
  education: [],
  occupation: [],
  marital_status: [],
  dusun: [{ label: 'Krajan', count: 3, filter: { dusun_id: '1', life_status: 'hidup' } }],
};

/** The charts load when their spot nears the viewport: here it is near at once. */
class NearObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
  unobserve() {}
}

/** The figure typed into the content group "Data Kependudukan". */
const typedFigures = () => ({
  body: {
    data: [{ id: 1, label: 'Jumlah Penduduk', value: '4.918', unit: 'jiwa' }],
    meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
  },
});

const emptyContent = () => ({
  body: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } },
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Penduduk list', () => {
  it('asks the API with the filters of the address, shows them in words and the counts', async () => {
    const server = createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'GET /api/register/areas': () => ({ body: AREAS }),
      'GET /api/register/persons': () => ({ body: PERSONS }),
    });
    seedSession(ADMIN);
    renderApp('/admin/register/persons?dusun_id=1&gender=2&religion=1&life_status=hidup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Penduduk' })).toBeVisible();
    expect(await screen.findByText('1 orang')).toBeVisible();
    const row = screen.getByRole('row', { name: /Sri Wahyuni/ });
    expect(row).toHaveTextContent('************0002');
    expect(within(row).getByRole('link', { name: 'Sri Wahyuni' })).toHaveAttribute(
      'href',
      '/admin/register/persons/11',
    );
    const asked = server.seen('GET /api/register/persons').at(-1)!.path;
    expect(asked).toContain('dusun_id=1');
    expect(asked).toContain('gender=2');
    expect(asked).toContain('religion=1');
    expect(asked).toContain('life_status=hidup');
    // Each filter in words, even agama (which the form has no control for), removable.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Dusun Krajan/ })).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: /Agama: Islam/ })).toHaveAttribute(
      'href',
      '/admin/register/persons?dusun_id=1&gender=2&life_status=hidup',
    );
    // The sidebar has the Kependudukan group.
    const nav = screen.getByRole('navigation', { name: 'Menu admin' });
    expect(within(nav).getByRole('heading', { name: 'Kependudukan' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Laporan Bulanan' })).toHaveAttribute(
      'href',
      '/admin/register/report',
    );
  });
});

describe('Impor', () => {
  it('checks the file first (dry run), shows the summary with rows, then saves', async () => {
    const result: RegisterImportResult = {
      dry_run: true,
      committed: false,
      sheet: 'Data Penduduk',
      format: 'opensid',
      rows: 4,
      valid_rows: 3,
      error_rows: 1,
      added: 3,
      updated: 0,
      families: 1,
      areas_created: 3,
      error_count: 1,
      warning_count: 1,
      errors: [{ row: 5, column: 'nik', message: 'NIK harus 16 digit angka.' }],
      warnings: [{ row: 3, column: 'nik', message: 'Kode wilayah NIK bukan kecamatan desa ini.' }],
    };
    const server = createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'POST /api/register/import': (r) =>
        r.path.includes('dry_run=1')
          ? { body: result }
          : { body: { ...result, dry_run: false, committed: true } },
    });
    seedSession(ADMIN);
    const { user } = renderApp('/admin/register/import');
    const input = await screen.findByLabelText('Berkas data penduduk');
    await user.upload(input, new File(['x'.repeat(2048)], 'penduduk.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Periksa berkas' }));
    expect(await screen.findByRole('heading', { name: '2. Ringkasan pemeriksaan' })).toBeVisible();
    expect(server.seen('POST /api/register/import')[0]!.path).toContain('dry_run=1');
    const errors = screen.getByRole('table', { name: /Kesalahan, 1 dari 1/ });
    expect(
      within(errors).getByRole('row', { name: /5 NIK NIK harus 16 digit angka/ }),
    ).toBeVisible();
    expect(screen.getByRole('table', { name: /Peringatan, 1 dari 1/ })).toHaveTextContent(
      'Kode wilayah NIK',
    );
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Data penduduk disimpan.')).toBeVisible();
    expect(server.seen('POST /api/register/import')[1]!.path).toContain('dry_run=0');
  });
});

describe('profile charts from the register', () => {
  it('show the register’s counts per date; an administrator’s counts open their list', async () => {
    vi.stubGlobal('IntersectionObserver', NearObserver);
    createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'GET /api/village-profiles': emptyContent,
      'GET /api/village-infos': emptyContent,
      'GET /api/population-infos': typedFigures,
      'GET /api/statistics': () => ({ body: STATISTICS }),
    });
    seedSession(ADMIN);
    renderApp('/about');
    expect(await screen.findByText(/per\s+tanggal 26 November 2026/)).toBeVisible();
    // The Penduduk cards are the register's; the typed figure is not shown beside them.
    const cards = screen.getByText('Jumlah penduduk').closest('dl')!;
    expect(cards).toHaveTextContent('Jumlah penduduk3jiwaLaki-laki1jiwaPerempuan2jiwaDusun1');
    expect(
      screen.getByText(/^Menurut buku induk penduduk, per tanggal 26 November 2026/),
    ).toBeVisible();
    expect(screen.queryByText('4.918')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: /^Penduduk menurut jenis kelamin: 2 baris, jumlah 3/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^2 — daftar penduduk menurut jenis kelamin: Perempuan/ }),
    ).toHaveAttribute('href', '/admin/register/persons?gender=2&life_status=hidup');
    expect(
      screen.getByRole('link', { name: /^3 — daftar penduduk menurut kelompok umur/ }),
    ).toHaveAttribute('href', '/admin/register/persons?age_min=20&age_max=24&life_status=hidup');
  });

  it('keep the content groups when the register is empty, and give visitors no links', async () => {
    vi.stubGlobal('IntersectionObserver', NearObserver);
    createFakeServer({
      'GET /api/village-profiles': emptyContent,
      'GET /api/village-infos': emptyContent,
      'GET /api/population-infos': typedFigures,
      'GET /api/population-ages': emptyContent,
      'GET /api/population-religions': () => ({
        body: {
          data: [{ id: 1, religion: 'Islam', male_count: 5, female_count: 6 }],
          meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
        },
      }),
      'GET /api/population-jobs': emptyContent,
      'GET /api/statistics': () => ({ body: { ...STATISTICS, total: 0 } }),
    });
    renderApp('/about');
    expect(
      await screen.findByRole('img', { name: /^Penduduk menurut agama: 1 kategori/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/per\s+tanggal/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /daftar penduduk/ })).not.toBeInTheDocument();
    expect(screen.getByText('4.918')).toBeVisible();
    expect(screen.queryByText('Jumlah penduduk')).not.toBeInTheDocument();
  });
});

describe('chart groups while the register is in use', () => {
  it('say on Usia that the profile shows the register instead, and nothing on Galeri', async () => {
    const empty = () => ({
      body: { data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } },
    });
    createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'GET /api/population-ages': empty,
      'GET /api/homepage-galleries': empty,
      'GET /api/statistics': () => ({ body: STATISTICS }),
    });
    seedSession(ADMIN);
    const { router } = renderApp('/admin/about-age');
    expect(
      await screen.findByText('Angka di sini tidak ditampilkan di Profil Desa.'),
    ).toBeVisible();
    await router.navigate('/admin/home-gallery');
    await screen.findByRole('heading', { level: 1, name: /Galeri/ });
    expect(screen.queryByText('Angka di sini tidak ditampilkan di Profil Desa.')).toBeNull();
  });
});
