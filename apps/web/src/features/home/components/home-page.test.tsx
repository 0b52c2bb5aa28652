import type { PublicStatistics } from '@balai/domain/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const list = (data: unknown[]) => () => ({
  body: { data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } },
});

/** Two dusun in the register; the office typed three and a population of 4.918. */
const STATISTICS: PublicStatistics = {
  as_of: '2026-11-26',
  total: 1234,
  sex: [
    { label: 'Laki-laki', count: 600, filter: { gender: '1', life_status: 'hidup' } },
    { label: 'Perempuan', count: 634, filter: { gender: '2', life_status: 'hidup' } },
  ],
  age_group: [],
  religion: [],
  education: [],
  occupation: [],
  marital_status: [],
  dusun: [
    { label: 'Krajan', count: 1000, filter: { dusun_id: '1', life_status: 'hidup' } },
    { label: 'Sukasari', count: 230, filter: { dusun_id: '2', life_status: 'hidup' } },
    { label: 'Tanpa dusun', count: 4, filter: { dusun_id: '0', life_status: 'hidup' } },
  ],
};

const typed = {
  'GET /api/population-infos': list([
    { id: 1, label: 'Jumlah Penduduk', value: '4.918', unit: 'jiwa' },
  ]),
  'GET /api/village-infos': list([
    { id: 1, label: 'Luas Wilayah', value: '487,35', unit: 'ha' },
    { id: 2, label: 'Jumlah Dusun', value: '3', unit: null },
  ]),
};

/** The "Desa dalam angka" section of the home page, once its figures are in. */
async function keyFigures() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Desa dalam angka' });
  const section = heading.closest('section')!;
  await within(section).findByText('487,35');
  return section;
}

describe('home page key figures', () => {
  it('shows the register figures and its dusun count, as of their day, when it holds people', async () => {
    createFakeServer({ ...typed, 'GET /api/statistics': () => ({ body: STATISTICS }) });
    renderApp('/');
    const section = await keyFigures();
    const text = section.textContent ?? '';
    expect(text).toContain('Jumlah penduduk1.234');
    expect(text).toContain('Laki-laki600');
    expect(text).toContain('Perempuan634');
    expect(text).toContain('Jumlah Dusun2');
    expect(text).not.toContain('4.918');
    expect(text).not.toContain('Jumlah Dusun3');
    expect(
      within(section).getByText('Menurut buku induk penduduk, per tanggal 26 November 2026.'),
    ).toBeVisible();
  });

  it('shows the typed figures for a village without a register', async () => {
    createFakeServer({
      ...typed,
      'GET /api/statistics': () => ({ body: { ...STATISTICS, total: 0, sex: [], dusun: [] } }),
    });
    renderApp('/');
    const section = await keyFigures();
    expect(await within(section).findByText('4.918')).toBeVisible();
    expect(section.textContent).toContain('Jumlah Dusun3');
    expect(section.textContent).not.toContain('buku induk');
  });
});
