import { LETTER_STATUS_MEANINGS } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { seedSession } from '../../../testing/session.ts';
import { COMPLETE_RESIDENT, kuRequest } from '../testing.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

function serve(request: LetterRequestDetail | null) {
  seedSession(COMPLETE_RESIDENT);
  return createFakeServer({
    'GET /api/business-certificate/42': () =>
      request
        ? { body: { data: request } }
        : { status: 404, body: { message: 'Permohonan surat tidak ditemukan.' } },
  });
}

const NEEDS_REVISION = kuRequest({
  status: 'needs_revision',
  status_label: 'Perlu Dilengkapi',
  note: 'Foto tempat usaha belum terlihat jelas.',
  events: [
    ...kuRequest().events,
    {
      id: 2,
      from_status: 'submitted',
      to_status: 'needs_revision',
      to_label: 'Perlu Dilengkapi',
      note: 'Foto tempat usaha belum terlihat jelas.',
      changes: null,
      actor_name: null,
      actor_role: 'ADMINISTRATOR',
      created_at: '2026-11-21T03:15:00.000Z',
    },
  ],
});

describe('/service/{type}/{id}', () => {
  it('shows the status as a tag, the office note and the timeline newest first', async () => {
    serve(NEEDS_REVISION);
    renderApp('/service/ku/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Permohonan KU-000042' }),
    ).toBeVisible();
    expect(screen.getAllByText('Perlu Dilengkapi')[0]!.tagName).toBe('STRONG');
    expect(
      screen.getByRole('heading', { name: 'Perlu dilengkapi' }).parentElement,
    ).toHaveTextContent('Foto tempat usaha belum terlihat jelas.');
    const timeline = within(screen.getByRole('region', { name: 'Riwayat status' })).getAllByRole(
      'listitem',
    );
    expect(timeline.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Perlu Dilengkapi',
      'Diajukan',
    ]);
    expect(timeline[0]).toHaveTextContent('21 November 2026, 10.15 WIB · Petugas desa');
    expect(timeline[1]).toHaveTextContent('Anda');
    expect(screen.getByText('1 Maret 2020')).toBeInTheDocument();
  });

  it('lets the resident correct and resubmit a request that needs revision', async () => {
    const server = serve(NEEDS_REVISION);
    server.on('PUT /api/business-certificate/42', (request) => ({
      body: { data: { ...NEEDS_REVISION, status: 'submitted', fields: request.body } },
    }));
    const { user } = renderApp('/service/ku/42');
    await user.click(await screen.findByRole('button', { name: 'Perbaiki dan kirim ulang' }));
    const name = screen.getByLabelText('Nama Usaha');
    expect(name).toHaveValue('Warung Bu Siti');
    await user.clear(name);
    await user.type(name, 'Warung Sembako Bu Siti');
    await user.click(screen.getByRole('button', { name: 'Kirim ulang permohonan' }));
    expect(
      await screen.findByText('Permohonan dikirim ulang ke petugas desa.'),
    ).toBeInTheDocument();
    const [put] = server.seen('PUT /api/business-certificate/42');
    expect(put!.body).toMatchObject({ business_name: 'Warung Sembako Bu Siti', employee_count: 2 });
    // The detail is fetched again after the save.
    await waitFor(() =>
      expect(server.seen('GET /api/business-certificate/42').length).toBeGreaterThan(1),
    );
  });

  it('cancels only after the confirmation', async () => {
    const server = serve(kuRequest());
    server.on('POST /api/business-certificate/42/status', () => ({
      body: { data: kuRequest({ status: 'cancelled' }) },
    }));
    const { user } = renderApp('/service/ku/42');
    await user.click(await screen.findByRole('button', { name: 'Batalkan permohonan' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Batalkan permohonan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Jangan batalkan' }));
    expect(server.seen('POST /api/business-certificate/42/status')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Batalkan permohonan' }));
    await user.click(screen.getByRole('button', { name: 'Ya, batalkan' }));
    expect(await screen.findByText('Permohonan dibatalkan.')).toBeInTheDocument();
    expect(server.seen('POST /api/business-certificate/42/status')[0]!.body).toEqual({
      status: 'cancelled',
      note: null,
    });
  });

  it('offers no edit or cancel once the office is processing', async () => {
    serve(kuRequest({ status: 'processing', editable: false, actions: [] }));
    renderApp('/service/ku/42');
    expect(await screen.findByText(/sedang memproses surat Anda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah permohonan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batalkan permohonan' })).toBeNull();
  });

  it('says what "Menunggu Tanda Tangan" means, with no edit or cancel (issue 15)', async () => {
    serve(
      kuRequest({
        status: 'awaiting_signature',
        status_label: 'Menunggu Tanda Tangan',
        editable: false,
        actions: [],
      }),
    );
    renderApp('/service/ku/42');
    expect(await screen.findByText(LETTER_STATUS_MEANINGS.awaiting_signature)).toBeInTheDocument();
    const tag = screen.getAllByText('Menunggu Tanda Tangan').find((e) => e.tagName === 'STRONG')!;
    expect(tag.className).toContain('violet');
    expect(screen.queryByRole('button', { name: 'Ubah permohonan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batalkan permohonan' })).toBeNull();
  });

  it('downloads the issued PDF through the session and links the verification page', async () => {
    const server = serve(
      kuRequest({
        status: 'completed',
        editable: false,
        actions: [],
        number: '500/001/3203/XI/2026',
        issued_at: '2026-11-22T01:00:00.000Z',
        pdf: { history_id: 5, sha256: 'ab'.repeat(32), url: '/api/business-certificate/42/pdf' },
        verify_url: 'http://localhost:3000/verify/tok_abc',
      }),
    );
    server.on('GET /api/business-certificate/42/pdf', () => ({ body: '%PDF-1.7 …' }));
    const created = vi.fn(() => 'blob:surat');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/service/ku/42');

    const number = await screen.findByTestId('nomor-surat');
    expect(number).toHaveTextContent(/^500\/001\/3203\/XI\/2026$/);
    // It wraps only after a slash, never inside a part (issue 25).
    expect(number.querySelectorAll('wbr')).toHaveLength(4);
    expect(
      [...number.querySelectorAll('span')].map((part) => [part.textContent, part.className]),
    ).toEqual(['500/', '001/', '3203/', 'XI/', '2026'].map((part) => [part, 'whitespace-nowrap']));
    expect(screen.getByRole('link', { name: 'Cek keaslian surat' })).toHaveAttribute(
      'href',
      '/verify/tok_abc',
    );
    await user.click(screen.getByRole('button', { name: 'Unduh surat (PDF)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [download] = server.seen('GET /api/business-certificate/42/pdf');
    expect(download!.headers.authorization).toBe('Bearer token-abc');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('says a request of someone else (a 404) is not found', async () => {
    serve(null);
    renderApp('/service/ku/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Permohonan tidak ditemukan' }),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Kembali ke layanan Surat Keterangan Usaha' }),
    ).toHaveAttribute('href', '/service/ku');
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    createFakeServer();
    const { router } = renderApp('/service/ku/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fservice%2Fku%2F42');
  });
});
