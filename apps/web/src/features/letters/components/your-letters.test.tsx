import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import { COMPLETE_RESIDENT, EMPTY_PAGE, kuRequest } from '../testing.ts';

const ISSUED = kuRequest({
  status: 'completed',
  status_label: 'Selesai',
  number: '500/001/3203/XI/2026',
  pdf: { history_id: 5, sha256: 'ab'.repeat(32), url: '/api/business-certificate/42/pdf' },
});
const WAITING = kuRequest({ id: 43, status: 'processing', status_label: 'Diproses', pdf: null });

describe('"Surat Anda" on the home page', () => {
  it('shows a signed-in resident the latest requests, their status and the PDF to download', async () => {
    seedSession(COMPLETE_RESIDENT);
    const server = createFakeServer({
      'GET /api/letter-requests': () => ({
        body: { data: [WAITING, ISSUED], meta: { page: 1, per_page: 3, total: 5, last_page: 2 } },
      }),
    });
    renderApp('/');
    const mine = await screen.findByRole('region', { name: 'Surat Anda' });
    expect(await within(mine).findByRole('link', { name: /KU-000043$/ })).toHaveAttribute(
      'href',
      '/service/ku/43',
    );
    expect(within(mine).getByText('Diproses')).toBeInTheDocument();
    expect(within(mine).getByText('Selesai')).toBeInTheDocument();
    expect(
      within(mine).getByRole('button', { name: 'Unduh PDF Surat Keterangan Usaha KU-000042' }),
    ).toBeInTheDocument();
    // Only the waiting one has no download.
    expect(within(mine).getAllByRole('button', { name: /^Unduh PDF/ })).toHaveLength(1);
    expect(
      within(mine).getByRole('link', { name: 'Semua 5 permohonan di Riwayat Surat' }),
    ).toHaveAttribute('href', '/profile/letter-history');
    expect(server.seen('GET /api/letter-requests')[0]!.path).toContain('per_page=3');
  });

  it('leads a resident with no requests to the services', async () => {
    seedSession(COMPLETE_RESIDENT);
    createFakeServer({ 'GET /api/letter-requests': () => ({ body: EMPTY_PAGE }) });
    renderApp('/');
    const mine = await screen.findByRole('region', { name: 'Surat Anda' });
    expect(await within(mine).findByText('Anda belum pernah mengajukan surat.')).toBeVisible();
    expect(within(mine).getByRole('link', { name: 'Lihat Layanan Surat' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('is not there for a visitor or an administrator, and nothing private is asked for', async () => {
    const server = createFakeServer({});
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Layanan Surat' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Surat Anda' })).toBeNull();
    await waitFor(() => expect(server.seen('GET /api/letter-requests')).toHaveLength(0));
  });

  it('is not shown to an administrator', async () => {
    seedSession(ADMIN);
    const server = createFakeServer({});
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Layanan Surat' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Surat Anda' })).toBeNull();
    expect(server.seen('GET /api/letter-requests')).toHaveLength(0);
  });
});
