import type { PublicStatistics } from '@balai/domain/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const list = (data: unknown[]) => () => ({
  body: { data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } },
});

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

afterEach(() => vi.unstubAllGlobals());

describe('about page', () => {
  it('shows the profile sections as rich text, the facts and, lazily, the charts', async () => {
    vi.stubGlobal('IntersectionObserver', NearObserver);
    createFakeServer({
      'GET /api/village-profiles': list([
        { id: 1, title: 'Sejarah Desa', content: '<p>Berdiri pada <strong>1912</strong>.</p>' },
      ]),
      'GET /api/village-infos': list([
        { id: 1, label: 'Luas Wilayah', value: '487,35', unit: 'ha' },
      ]),
      'GET /api/population-infos': list([
        { id: 1, label: 'Jumlah Penduduk', value: '4.918', unit: 'jiwa' },
      ]),
      'GET /api/population-ages': list([
        { id: 1, label: '0–4 tahun', age_from: 0, age_to: 4, male_count: 10, female_count: 12 },
      ]),
      'GET /api/population-religions': list([
        { id: 1, religion: 'Islam', male_count: 5, female_count: 6 },
      ]),
      'GET /api/population-jobs': list([
        { id: 1, job: 'Petani/Pekebun', male_count: 3, female_count: 1 },
      ]),
    });
    renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profil Desa Sukamaju' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sejarah Desa' })).toBeVisible();
    expect(screen.getByText('1912').tagName).toBe('STRONG');
    expect(await screen.findByText('487,35')).toBeInTheDocument();
    expect(await screen.findByText('4.918')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Piramida penduduk menurut kelompok umur/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Penduduk menurut agama: 1 kategori/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Penduduk menurut pekerjaan: 1 kategori/ }),
    ).toBeInTheDocument();
  });

  it('takes every population figure, the dusun count too, from the register when it holds people', async () => {
    const statistics: PublicStatistics = {
      as_of: '2026-11-26',
      total: 7,
      sex: [
        { label: 'Laki-laki', count: 3, filter: { gender: '1', life_status: 'hidup' } },
        { label: 'Perempuan', count: 4, filter: { gender: '2', life_status: 'hidup' } },
      ],
      age_group: [],
      religion: [],
      education: [],
      occupation: [],
      marital_status: [],
      dusun: [{ label: 'Krajan', count: 7, filter: { dusun_id: '1', life_status: 'hidup' } }],
    };
    createFakeServer({
      'GET /api/village-profiles': list([]),
      'GET /api/village-infos': list([
        { id: 1, label: 'Luas Wilayah', value: '487,35', unit: 'ha' },
        { id: 2, label: 'Jumlah Dusun', value: '3', unit: null },
      ]),
      'GET /api/population-infos': list([
        { id: 1, label: 'Jumlah Penduduk', value: '4.918', unit: 'jiwa' },
      ]),
      'GET /api/statistics': () => ({ body: statistics }),
    });
    renderApp('/about');
    const facts = (await screen.findByRole('heading', { level: 2, name: 'Data desa' })).closest(
      'section',
    )!;
    await within(facts).findByText('487,35');
    expect(facts.textContent).toContain('Jumlah Dusun1');
    expect(facts.textContent).not.toContain('Jumlah Dusun3');
    const people = screen.getByRole('heading', { level: 2, name: 'Penduduk' }).closest('section')!;
    expect(
      await within(people).findByText('Menurut buku induk penduduk, per tanggal 26 November 2026.'),
    ).toBeVisible();
    expect(people.textContent).toContain('Jumlah penduduk7');
    expect(people.textContent).not.toContain('4.918');
  });
});
