import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@balai/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/http-client.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import {
  LetterRegisterExport,
  QueueExportLinks,
  queueExportPath,
  registerPath,
} from './export-links.tsx';

let created: ReturnType<typeof vi.fn>;
let saved: string[];

beforeEach(() => {
  api.setToken('token-admin');
  created = vi.fn(() => 'blob:berkas');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => api.setToken(null));

describe('queueExportPath / registerPath', () => {
  it('carry the list filters, never the page', () => {
    expect(
      queueExportPath('csv', 'ku', {
        status: 'submitted,processing',
        from: '2026-11-01',
        to: '',
        search: 'siti rahma',
        sort: 'created_at',
      }),
    ).toBe(
      '/letter-requests/export?format=csv&type=ku&status=submitted%2Cprocessing&from=2026-11-01&search=siti+rahma&sort=created_at',
    );
    expect(queueExportPath('xlsx', undefined, {})).toBe('/letter-requests/export?format=xlsx');
    expect(registerPath('pdf', '2026-11-01', '2026-11-30')).toBe(
      '/letter-register?from=2026-11-01&to=2026-11-30&format=pdf',
    );
  });
});

describe('QueueExportLinks', () => {
  it('downloads the filtered queue as CSV and as Excel with the session token', async () => {
    const server = createFakeServer({
      'GET /api/letter-requests/export': () => ({ body: 'No.;Referensi\r\n' }),
    });
    const user = userEvent.setup();
    render(<QueueExportLinks type="ku" filters={{ status: 'submitted', search: 'siti' }} />);
    await user.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const seen = server.seen('GET /api/letter-requests/export');
    expect(seen.map((r) => r.path)).toEqual([
      '/api/letter-requests/export?format=csv&type=ku&status=submitted&search=siti',
      '/api/letter-requests/export?format=xlsx&type=ku&status=submitted&search=siti',
    ]);
    expect(seen.every((r) => r.headers.authorization === 'Bearer token-admin')).toBe(true);
    // Without a Content-Disposition name the file is named by type and date.
    expect(saved).toEqual([
      `permohonan-surat-ku-${todayIso()}.csv`,
      `permohonan-surat-ku-${todayIso()}.xlsx`,
    ]);
    expect(created).toHaveBeenCalledTimes(2);
    expect(screen.getByText(`permohonan-surat-ku-${todayIso()}.xlsx diunduh.`)).toBeVisible();
  });

  it("shows the server's refusal (too many rows) and saves nothing", async () => {
    const message =
      'Ekspor paling banyak 100.000 baris, sedangkan filter ini cocok dengan lebih dari itu. Persempit filter: jenis surat, status, rentang tanggal atau pencarian.';
    createFakeServer({
      'GET /api/letter-requests/export': () => ({ status: 422, body: { message } }),
    });
    const user = userEvent.setup();
    render(<QueueExportLinks filters={{}} />);
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Unduh CSV' })).toBeEnabled();
  });
});

describe('LetterRegisterExport', () => {
  it('downloads the register of the chosen period as PDF and Excel', async () => {
    const server = createFakeServer({
      'GET /api/letter-register': () => ({ body: '%PDF-1.7' }),
    });
    const user = userEvent.setup();
    render(<LetterRegisterExport />);
    expect(screen.getByRole('heading', { name: 'Buku Agenda Surat Keluar' })).toBeVisible();
    // This month so far, unless changed.
    expect(screen.getByLabelText('Dari tanggal')).toHaveValue(`${todayIso().slice(0, 8)}01`);
    expect(screen.getByLabelText('Sampai tanggal')).toHaveValue(todayIso());
    await user.clear(screen.getByLabelText('Dari tanggal'));
    await user.type(screen.getByLabelText('Dari tanggal'), '2026-01-01');
    await user.clear(screen.getByLabelText('Sampai tanggal'));
    await user.type(screen.getByLabelText('Sampai tanggal'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Unduh PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(server.seen('GET /api/letter-register').map((r) => r.path)).toEqual([
      '/api/letter-register?from=2026-01-01&to=2026-03-31&format=pdf',
      '/api/letter-register?from=2026-01-01&to=2026-03-31&format=xlsx',
    ]);
    expect(saved).toEqual([
      'buku-agenda-surat-keluar-2026-01-01-sd-2026-03-31.pdf',
      'buku-agenda-surat-keluar-2026-01-01-sd-2026-03-31.xlsx',
    ]);
  });

  it('says what is wrong with the period, before asking and from the server', async () => {
    const server = createFakeServer({
      'GET /api/letter-register': () => ({
        status: 422,
        body: {
          message: 'Periode paling panjang satu tahun (366 hari). Pilih periode yang lebih pendek.',
          errors: {
            to: ['Periode paling panjang satu tahun (366 hari). Pilih periode yang lebih pendek.'],
          },
        },
      }),
    });
    const user = userEvent.setup();
    render(<LetterRegisterExport />);
    await user.clear(screen.getByLabelText('Dari tanggal'));
    await user.type(screen.getByLabelText('Dari tanggal'), '2026-05-01');
    await user.clear(screen.getByLabelText('Sampai tanggal'));
    await user.type(screen.getByLabelText('Sampai tanggal'), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Unduh PDF' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tanggal akhir tidak boleh sebelum tanggal awal.',
    );
    expect(server.seen('GET /api/letter-register')).toEqual([]);

    await user.clear(screen.getByLabelText('Dari tanggal'));
    await user.type(screen.getByLabelText('Dari tanggal'), '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Periode paling panjang satu tahun (366 hari).',
    );
    expect(saved).toEqual([]);
  });
});
