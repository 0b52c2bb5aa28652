import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Official } from '../../../lib/content.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { groupByLevel } from './officials-page.tsx';

const person = (id: number, position_title: string, reports_to: number | null): Official => ({
  id,
  name: `Orang ${id}`,
  position_title,
  nip: null,
  period: null,
  reports_to,
  photo_url: {
    original: `/files/${id}`,
    thumb: `/files/${id}/thumb`,
    width: 400,
    height: 500,
    thumb_width: 400,
    thumb_height: 500,
  },
});

const OFFICIALS = [
  person(1, 'Kepala Desa', null),
  person(2, 'Sekretaris Desa', 1),
  person(3, 'Kaur Keuangan', 2),
  person(4, 'Kasi Pemerintahan', 2),
  person(5, 'Kepala Dusun Babakan', 4),
  person(6, 'Kepala Dusun Sirnagalih', 4),
];

describe('officials', () => {
  it('groups the officials level by level along reports_to', () => {
    expect(groupByLevel(OFFICIALS).map((l) => [l.heading, l.members.map((m) => m.id)])).toEqual([
      ['Kepala Desa', [1]],
      ['Sekretaris Desa', [2]],
      ['Di bawah Sekretaris Desa', [3, 4]],
      ['Di bawah Kasi Pemerintahan', [5, 6]],
    ]);
  });

  it('puts someone whose superior is missing (or a loop) at the top instead of failing', () => {
    const levels = groupByLevel([person(8, 'A', 9), person(9, 'B', 8), person(10, 'C', 99)]);
    expect(
      levels
        .flatMap((l) => l.members)
        .map((m) => m.id)
        .sort(),
    ).toEqual([10, 8, 9]);
  });

  it('shows each official with photo, name and position', async () => {
    createFakeServer({
      'GET /api/village-structures': () => ({
        body: { data: OFFICIALS, meta: { page: 1, per_page: 100, total: 6, last_page: 1 } },
      }),
    });
    renderApp('/about/official');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aparat Desa' })).toBeVisible();
    const level = (await screen.findByRole('heading', { name: 'Di bawah Kasi Pemerintahan' }))
      .parentElement!;
    expect(within(level).getByRole('img', { name: 'Foto Orang 5' })).toHaveAttribute(
      'src',
      '/files/5/thumb',
    );
    expect(within(level).getByText('Kepala Dusun Babakan')).toBeInTheDocument();
    expect(within(level).getAllByText('Bertanggung jawab kepada Kasi Pemerintahan')).toHaveLength(
      2,
    );
  });

  it('says so when no officials are published', async () => {
    createFakeServer({
      'GET /api/village-structures': () => ({
        body: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } },
      }),
    });
    renderApp('/about/official');
    expect(await screen.findByText('Data aparat desa belum diisi.')).toBeInTheDocument();
  });
});
