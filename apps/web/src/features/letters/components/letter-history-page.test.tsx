import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { seedSession } from '../../../testing/session.ts';
import { COMPLETE_RESIDENT, EMPTY_PAGE, kuRequest } from '../testing.ts';

const ISSUED = kuRequest({
  status: 'completed',
  status_label: 'Selesai',
  number: '500/001/3203/XI/2026',
  pdf: { history_id: 5, sha256: 'ab'.repeat(32), url: '/api/business-certificate/42/pdf' },
});

describe('/profile/letter-history', () => {
  it('lists every request across types and filters by type and status in the address', async () => {
    seedSession(COMPLETE_RESIDENT);
    const server = createFakeServer({
      'GET /api/letter-requests': (request) => ({
        body: request.path.includes('status=rejected')
          ? EMPTY_PAGE
          : { data: [ISSUED], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } },
      }),
    });
    const { user, router } = renderApp('/profile/letter-history');
    const link = await screen.findByRole('link', { name: 'Surat Keterangan Usaha · KU-000042' });
    expect(link).toHaveAttribute('href', '/service/ku/42');
    expect(screen.getByRole('link', { name: 'Surat terbit 500/001/3203/XI/2026' })).toHaveAttribute(
      'href',
      '/profile/letter-history/5',
    );
    // The PDF straight from the list, named for screen readers by its letter and reference.
    server.on('GET /api/business-certificate/42/pdf', () => ({ body: '%PDF-1.7 …' }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:surat');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(
      screen.getByRole('button', { name: 'Unduh PDF Surat Keterangan Usaha KU-000042' }),
    );
    await waitFor(() =>
      expect(server.seen('GET /api/business-certificate/42/pdf')).toHaveLength(1),
    );
    expect(server.seen('GET /api/business-certificate/42/pdf')[0]!.headers.authorization).toMatch(
      /^Bearer /,
    );
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(clicked).toHaveBeenCalledTimes(1);
    for (const spy of [created, revoked, clicked]) spy.mockRestore();

    await user.selectOptions(screen.getByLabelText('Jenis surat'), 'ku');
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    expect(
      await screen.findByText('Tidak ada permohonan yang cocok dengan saringan ini.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=ku&status=rejected');
    const last = server.seen('GET /api/letter-requests').at(-1)!;
    expect(last.path).toContain('type=ku');
    expect(last.path).toContain('status=rejected');
  });

  it('shows one issued letter with its download and proof', async () => {
    seedSession(COMPLETE_RESIDENT);
    createFakeServer({
      'GET /api/pdf-histories/5': () => ({
        body: {
          data: {
            id: 5,
            letter_request_id: 42,
            type: 'ku',
            type_title: 'Usaha',
            letter_title: 'Surat Keterangan Usaha',
            number: '500/001/3203/XI/2026',
            applicant_name: 'Siti Aminah',
            sha256: 'ab'.repeat(32),
            size: 30000,
            file_name: 'surat-keterangan-usaha-500-001.pdf',
            issued_at: '2026-11-22T01:00:00.000Z',
            issued_by_name: null,
            download_url: '/api/business-certificate/42/pdf',
            request_link: '/service/ku/42',
            verify_url: 'http://localhost:3000/verify/tok_abc',
          },
        },
      }),
    });
    renderApp('/profile/letter-history/5');
    // The letter's name is the heading, not its number (which would break mid-way at 375 px).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Surat Keterangan Usaha' }),
    ).toBeVisible();
    const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Nomor surat')).toHaveTextContent('500/001/3203/XI/2026');
    expect(row('Sidik jari dokumen (SHA-256)')).toHaveTextContent('ab'.repeat(32));
    expect(row('Diterbitkan')).toHaveTextContent('22 November 2026, 08.00 WIB');
    expect(row('Permohonan')).toHaveTextContent('KU-000042');
    expect(row('Atas nama')).toHaveTextContent('Siti Aminah');
    expect(screen.getByRole('button', { name: 'Unduh surat (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat permohonan' })).toHaveAttribute(
      'href',
      '/service/ku/42',
    );
  });

  it('says an entry that is not the resident’s is not found', async () => {
    seedSession(COMPLETE_RESIDENT);
    createFakeServer({
      'GET /api/pdf-histories/9': () => ({
        status: 404,
        body: { message: 'Riwayat surat tidak ditemukan.' },
      }),
    });
    renderApp('/profile/letter-history/9');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Surat tidak ditemukan'),
    );
  });
});
