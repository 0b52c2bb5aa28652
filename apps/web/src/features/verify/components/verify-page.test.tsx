import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';

describe('verify page', () => {
  it('says a genuine letter is genuine and shows what identifies it', async () => {
    createFakeServer({
      'GET /api/verify/abc123': () => ({
        body: {
          data: {
            number: '470/012/Ds-SKM/XI/2026',
            type: { code: 'ku', title: 'Usaha' },
            issued_at: '2026-11-20T03:00:00.000Z',
            holder: 'S*** R*********',
            sha256: 'f'.repeat(64),
          },
        },
      }),
    });
    renderApp('/verify/abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Surat ini asli' })).toBeVisible();
    expect(screen.getByText('470/012/Ds-SKM/XI/2026')).toBeInTheDocument();
    expect(screen.getByText('Usaha')).toBeInTheDocument();
    expect(screen.getByText('20 November 2026, 10.00 WIB')).toBeInTheDocument();
    expect(screen.getByText('S*** R*********')).toBeInTheDocument();
    expect(screen.getByText('f'.repeat(64))).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Surat asli | Pemerintah Desa Sukamaju'));
  });

  it('names who signed, their position, "a.n. Kepala Desa" when delegated, and when', async () => {
    const letter = (signature: unknown) => ({
      body: {
        data: {
          number: '470/014/Ds-SKM/XI/2026',
          type: { code: 'ku', title: 'Usaha' },
          issued_at: '2026-11-23T07:05:00.000Z',
          holder: 'S*** R*********',
          sha256: 'a'.repeat(64),
          signature,
        },
      },
    });
    createFakeServer({
      'GET /api/verify/kades': () =>
        letter({
          name: 'H. Ahmad Suryadi',
          position: 'kepala_desa',
          position_label: 'Kepala Desa',
          on_behalf: false,
          on_behalf_label: null,
          signed_at: '2026-11-23T07:05:00.000Z',
        }),
      'GET /api/verify/sekdes': () =>
        letter({
          name: 'Dewi Lestari',
          position: 'sekretaris_desa',
          position_label: 'Sekretaris Desa',
          on_behalf: true,
          on_behalf_label: 'a.n. Kepala Desa',
          signed_at: '2026-11-24T01:30:00.000Z',
        }),
      'GET /api/verify/lama': () => letter(null),
    });
    const first = renderApp('/verify/kades');
    const signer = await first.findByText('Ditandatangani oleh');
    expect(signer.nextElementSibling).toHaveTextContent('H. Ahmad Suryadi');
    expect(first.getByText('Jabatan').nextElementSibling).toHaveTextContent(/^Kepala Desa$/);
    expect(first.getByText('Waktu tanda tangan').nextElementSibling).toHaveTextContent(
      '23 November 2026, 14.05 WIB',
    );
    first.unmount();

    const second = renderApp('/verify/sekdes');
    expect((await second.findByText('Ditandatangani oleh')).nextElementSibling).toHaveTextContent(
      'Dewi Lestari',
    );
    expect(second.getByText('Jabatan').nextElementSibling).toHaveTextContent(
      'Sekretaris Desa, a.n. Kepala Desa',
    );
    expect(second.getByText(/ditandatangani secara elektronik oleh/)).toHaveTextContent(
      'Dewi Lestari (Sekretaris Desa, a.n. Kepala Desa) pada 24 November 2026, 08.30 WIB.',
    );
    second.unmount();

    // A letter issued before signing existed: no signer block.
    const third = renderApp('/verify/lama');
    expect(await third.findByText('470/014/Ds-SKM/XI/2026')).toBeInTheDocument();
    expect(third.queryByText('Ditandatangani oleh')).toBeNull();
  });

  it("shows the issue date in village time, whatever the device's time zone", async () => {
    // 02.25 WIB on 24 November is still 23 November in New York and in UTC.
    createFakeServer({
      'GET /api/verify/pagi': () => ({
        body: {
          data: {
            number: '470/013/Ds-SKM/XI/2026',
            type: { code: 'ku', title: 'Surat Keterangan Usaha' },
            issued_at: '2026-11-23T19:25:00.000Z',
            holder: 'S*** R*********',
            sha256: 'e'.repeat(64),
          },
        },
      }),
    });
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date('2026-11-23T19:25:00.000Z').getDate()).toBe(23);
      renderApp('/verify/pagi');
      expect(await screen.findByText('24 November 2026, 02.25 WIB')).toBeInTheDocument();
    } finally {
      process.env.TZ = zone;
    }
  });

  it('explains an unknown letter after a 404, without retrying', async () => {
    const server = createFakeServer({
      'GET /api/verify/palsu': () => ({ status: 404, body: { message: 'Data tidak ditemukan.' } }),
    });
    renderApp('/verify/palsu');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Surat tidak ditemukan' }),
    ).toBeVisible();
    expect(screen.getByText(/Surat tersebut mungkin tidak asli/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
    expect(server.seen('GET /api/verify/palsu')).toHaveLength(1);
  });

  it('offers to try again when the check itself fails', async () => {
    createFakeServer({
      'GET /api/verify/x': () => ({ status: 500, body: { message: 'Server sedang sibuk.' } }),
    });
    renderApp('/verify/x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server sedang sibuk.');
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
