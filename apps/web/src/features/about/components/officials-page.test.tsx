import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Official } from '../../../lib/content.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { groupByBoss } from './officials-page.tsx';

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
  it('groups the officials boss by boss along reports_to, a line only under a boss alone', () => {
    expect(
      groupByBoss(OFFICIALS).map((l) => [l.heading, l.members.map((m) => m.id), l.joined]),
    ).toEqual([
      ['Kepala Desa', [1], false],
      ['Sekretaris Desa', [2], true],
      ['Di bawah Sekretaris Desa', [3, 4], true],
      // Under one of a row of two: named, not drawn from the middle of the row.
      ['Di bawah Kasi Pemerintahan', [5, 6], false],
    ]);
  });

  it('keeps the Kepala Dusun under their own boss, apart from others at the same depth (issue 25)', () => {
    // The demo village: the Kaur and Kasi under the Sekretaris Desa, the Kepala Dusun under the
    // Kasi Pemerintahan; the Kasi Pelayanan, last of the row, leads no one.
    const village = [
      person(1, 'Kepala Desa', null),
      person(2, 'Sekretaris Desa', 1),
      person(3, 'Kaur Keuangan', 2),
      person(4, 'Kasi Pemerintahan', 2),
      person(5, 'Kasi Pelayanan', 2),
      person(6, 'Kepala Dusun Babakan', 4),
      person(7, 'Staf Kaur Keuangan', 3),
    ];
    expect(
      groupByBoss(village).map((l) => [l.heading, l.boss?.id ?? null, l.members.map((m) => m.id)]),
    ).toEqual([
      ['Kepala Desa', null, [1]],
      ['Sekretaris Desa', 1, [2]],
      ['Di bawah Sekretaris Desa', 2, [3, 4, 5]],
      ['Staf Kaur Keuangan', 3, [7]],
      ['Kepala Dusun Babakan', 4, [6]],
    ]);
    expect(groupByBoss(village).find((g) => g.boss?.id === 4)!.joined).toBe(false);
  });

  it('puts someone whose superior is missing (or a loop) at the top instead of failing', () => {
    const levels = groupByBoss([person(8, 'A', 9), person(9, 'B', 8), person(10, 'C', 99)]);
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
    // No line from the middle of the row above (the Kaur and the Kasi) down to them.
    expect(level.closest('li')).toHaveAttribute('data-joined', 'false');
    expect(
      (await screen.findByRole('heading', { name: 'Sekretaris Desa' })).closest('li'),
    ).toHaveAttribute('data-joined', 'true');
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
