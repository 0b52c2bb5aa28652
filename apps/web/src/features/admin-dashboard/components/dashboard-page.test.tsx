import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD } from '../../../testing/admin-fixtures.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import { durationText, waitingSplit } from './dashboard-page.tsx';

function showDashboard(data = DASHBOARD) {
  createFakeServer({
    'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
    'GET /api/dashboard': () => ({ body: { data } }),
  });
  seedSession(ADMIN);
  return renderApp('/admin');
}

/** The figure card with this label: its value and detail as the page shows them. */
async function card(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' });
  const box = term.parentElement!;
  return within(box)
    .getAllByRole('definition')
    .map((d) => d.textContent);
}

describe('dashboard words (issue 25)', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    [0, '0 menit'],
    [2.4, '2 menit'],
    [6, '6 menit'],
    [59, '59 menit'],
    [60, '1 jam'],
    [90, '1 jam 30 menit'],
    [1830, '30 jam 30 menit'],
    [47 * 60 + 59, '47 jam 59 menit'],
    [48 * 60, '2 hari'],
    [3.25 * 1440, '3,3 hari'],
  ])('reads a median of %s minutes as "%s"', (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });

  it('splits what waits on the office from what waits for the signature', () => {
    expect(waitingSplit(DASHBOARD.waiting)).toEqual({
      submitted: 7,
      processing: 2,
      signature: 3,
      office: 9,
    });
    // From the age buckets when the server gives no totals per status.
    const { by_status: _, ...older } = DASHBOARD.waiting;
    const byAge = older.by_age.map((b, i) => ({
      ...b,
      by_status: { submitted: i, processing: 1, awaiting_signature: i === 3 ? 2 : 0 },
    }));
    expect(
      waitingSplit({ ...older, by_age: byAge } as unknown as typeof DASHBOARD.waiting),
    ).toMatchObject({ submitted: 6, processing: 4, signature: 2 });
  });

  it('shows "Menunggu kantor" and "Menunggu tanda tangan" apart, and the median in hours and minutes', async () => {
    showDashboard();
    expect(await card('Menunggu kantor')).toEqual(['9', '7 diajukan, 2 diproses']);
    expect(await card('Menunggu tanda tangan')).toEqual(['3', 'pada Kepala Desa']);
    expect(await card('Median waktu selesai')).toEqual([
      '30 jam 30 menit',
      'diajukan sampai terbit, 12 bulan terakhir',
    ]);
  });

  it('never reads a short median as "0 jam" or "0,1 jam"', async () => {
    showDashboard({ ...DASHBOARD, median_processing_hours: 0.1, median_processing_minutes: 6 });
    expect((await card('Median waktu selesai'))[0]).toBe('6 menit');
    expect(screen.queryByText(/\b0(,1)? jam\b/)).toBeNull();
  });
});
