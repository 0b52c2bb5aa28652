import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AgePyramid, BarChart } from './charts.tsx';

const AGES = [
  { id: 2, label: '5–9 tahun', age_from: 5, age_to: 9, male_count: 195, female_count: 186 },
  { id: 1, label: '0–4 tahun', age_from: 0, age_to: 4, male_count: 199, female_count: 178 },
];

describe('population charts', () => {
  it('names the age pyramid and keeps its figures in a table behind a toggle', async () => {
    const user = userEvent.setup();
    render(<AgePyramid groups={AGES} title="Penduduk menurut kelompok umur" />);
    const chart = screen.getByRole('img');
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleName(
      'Piramida penduduk menurut kelompok umur, 2 kelompok, 758 jiwa; laki-laki di kiri, perempuan di kanan. Kelompok terbesar: 5–9 tahun.',
    );
    await user.click(screen.getByText('Tampilkan tabel data'));
    const table = screen.getByRole('table', { name: 'Penduduk menurut kelompok umur' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Kelompok umurLaki-lakiPerempuanJumlah',
      '0–4 tahun199178377',
      '5–9 tahun195186381',
    ]);
  });

  it('draws men to the left of the middle and women to the right', () => {
    const { container } = render(<AgePyramid groups={AGES} title="Umur" />);
    const bars = [...container.querySelectorAll('rect')];
    const [male, female] = bars;
    const maleEnd = Number(male!.getAttribute('x')) + Number(male!.getAttribute('width'));
    expect(maleEnd).toBeLessThanOrEqual(Number(female!.getAttribute('x')));
  });

  it('names a bar chart with its total and largest category, largest first in the table', () => {
    render(
      <BarChart
        title="Penduduk menurut agama"
        head="Agama"
        rows={[
          { label: 'Kristen', male: 29, female: 31 },
          { label: 'Islam', male: 2431, female: 2374 },
        ]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Penduduk menurut agama: 2 kategori, 4.865 jiwa. Terbanyak: Islam, 4.805 jiwa.',
    );
    const table = screen.getByRole('table', { name: 'Penduduk menurut agama' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Islam', 'Kristen']);
  });
});
