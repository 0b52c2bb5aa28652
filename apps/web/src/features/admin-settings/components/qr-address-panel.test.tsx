import type { AdminSettings } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';

const BASE: AdminSettings = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeber',
  kabupaten: 'Cianjur',
  provinsi: 'Jawa Barat',
  address: null,
  postal_code: null,
  phone: null,
  email: null,
  logo_file_id: null,
  logo_url: null,
  head_name: null,
  head_nip: null,
  village_code: '3203012001',
  letter_number_format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
  qr_address: { url: 'http://localhost:3000/verify/…', loopback: true },
  allow_loopback_qr: false,
  social: { whatsapp: null, youtube: null, instagram: null, twitter: null },
  updated_at: '2026-11-01T00:00:00Z',
};

function server(stored: AdminSettings) {
  let current = stored;
  return createFakeServer({
    'GET /api/settings/admin': () => ({ body: { data: current } }),
    'GET /api/settings/letter-number-preview': () => ({ status: 404, body: { message: 'x' } }),
    'PUT /api/settings/qr-address': (request) => {
      const { allow_loopback_qr } = request.body as { allow_loopback_qr: boolean };
      current = { ...current, allow_loopback_qr };
      return { body: { data: current } };
    },
  });
}

const panel = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Alamat kode QR surat' })).closest(
    'section',
  )!;

describe('the QR address on the settings page (issue 25.1)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    seedSession(ADMIN);
  });

  it('shows a loopback address with a warning and lets the administrator allow it for a demo', async () => {
    const fake = server(BASE);
    const { user } = renderApp('/admin/settings');
    const section = within(await panel());
    expect(section.getByText('http://localhost:3000/verify/…')).toBeVisible();
    expect(section.getByRole('status')).toHaveTextContent(
      /hanya terbuka di komputer server.*Atur PUBLIC_URL ke alamat publik situs desa/,
    );
    const allow = section.getByRole('checkbox', {
      name: 'Izinkan QR alamat lokal (hanya untuk demo)',
    });
    expect(allow).not.toBeChecked();
    await user.click(allow);
    await waitFor(() => expect(allow).toBeChecked());
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/settings/qr-address');
    expect(put?.body).toEqual({ allow_loopback_qr: true });
    expect(
      await screen.findByText('Surat boleh diterbitkan dengan kode QR alamat lokal.'),
    ).toBeVisible();
  });

  it('shows a public address without a warning or the demo switch', async () => {
    server({ ...BASE, qr_address: { url: 'https://sukamaju.desa.id/verify/…', loopback: false } });
    renderApp('/admin/settings');
    const section = within(await panel());
    expect(section.getByText('https://sukamaju.desa.id/verify/…')).toBeVisible();
    expect(section.queryByRole('status')).toBeNull();
    expect(section.queryByRole('checkbox')).toBeNull();
    expect(section.getByText(/memindai kode QR ini dari ponsel/)).toBeVisible();
  });
});
