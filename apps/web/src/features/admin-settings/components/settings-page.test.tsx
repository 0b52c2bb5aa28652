import { SETTINGS_FIELDS, SETTINGS_SECTIONS, todayIso, type AdminSettings } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';

const STORED: AdminSettings = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeber',
  kabupaten: 'Cianjur',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya Sukamaju No. 1',
  postal_code: '43262',
  phone: '(0263) 123-456',
  email: 'desa@sukamaju.desa.id',
  logo_file_id: 12,
  logo_url: {
    original: '/files/12',
    thumb: '/files/12/thumb',
    width: 512,
    height: 512,
    thumb_width: 480,
    thumb_height: 480,
  },
  head_name: 'H. Dedi Supriadi',
  head_nip: '19720415 199803 1 006',
  village_code: '3203012001',
  letter_number_format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
  qr_address: { url: 'https://sukamaju.desa.id/verify/…', loopback: false },
  allow_loopback_qr: false,
  social: {
    whatsapp: 'https://wa.me/6281234567890',
    youtube: 'https://www.youtube.com/@desasukamaju',
    instagram: null,
    twitter: null,
  },
  updated_at: '2026-11-01T00:00:00Z',
};

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const [YEAR, MONTH] = todayIso().split('-') as [string, string];
const MONTH_ROMAN = ROMAN[Number(MONTH) - 1]!;

/** The next sequence number the fake server gives: 7 in code 500's register, 41 in the shared one. */
function previewAnswer(request: SeenRequest) {
  const query = new URL(request.path, 'http://x').searchParams;
  const format = query.get('format') ?? '';
  const type = query.get('type') ?? '';
  const code = type === 'ku' ? '500' : '470';
  const seq = format.includes('{code}') ? (type === 'ku' ? 7 : 2) : 41;
  return {
    body: {
      data: {
        number: `${code}/${seq}`,
        seq,
        type,
        type_title: type,
        classification_code: code,
        issued_on: todayIso(),
        format,
        village_code: null,
      },
    },
  };
}

function server(put?: (request: SeenRequest) => { status?: number; body?: unknown }) {
  return createFakeServer({
    'GET /api/settings/admin': () => ({ body: { data: STORED } }),
    'GET /api/settings/letter-number-preview': previewAnswer,
    'PUT /api/settings': (request) =>
      put?.(request) ?? {
        body: { data: { ...STORED, ...(request.body as object), updated_at: 'x' } },
      },
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's control by its label, with or without " (opsional)". */
const control = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}(?: \\(opsional\\))?$`));
const preview = () => screen.getByTestId('letter-number-preview');

describe('admin settings page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    seedSession(ADMIN);
  });

  it('shows every section and every label of the settings definitions, filled from GET', async () => {
    server();
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pengaturan' })).toBeVisible();
    await screen.findByRole('group', { name: 'Identitas desa' });
    for (const section of SETTINGS_SECTIONS) {
      const group = screen.getByRole('group', { name: section.legend });
      expect(within(group).getByRole('heading', { level: 2, name: section.legend })).toBeVisible();
    }
    for (const f of SETTINGS_FIELDS) {
      const label = f.required ? f.label : `${f.label} (opsional)`;
      if (f.kind === 'image') {
        expect(screen.getByText(f.label)).toBeVisible();
        continue;
      }
      const input = screen.getByLabelText(label);
      const stored = f.name
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], STORED);
      expect(input, f.name).toHaveValue(stored == null ? '' : String(stored));
    }
    // The stored logo is shown.
    expect(document.querySelector('img[src="/files/12/thumb"]')).not.toBeNull();
    expect(document.title).toMatch(/^Pengaturan/);
  });

  it(
    'previews the next number as the format and the village code are typed',
    { timeout: 20_000 },
    async () => {
      server();
      const { user } = renderApp('/admin/settings');
      await screen.findByRole('group', { name: 'Nomor surat' });
      await waitFor(() =>
        expect(preview()).toHaveTextContent(`500/007/3203012001/${MONTH_ROMAN}/${YEAR}`),
      );

      const format = control('Format nomor surat');
      await user.clear(format);
      await user.type(format, 'SK-{{code}-{{seq:5}/{{month}.{{year}');
      // Filled in the browser at once; the sequence of code 500's register still applies.
      expect(preview()).toHaveTextContent(`SK-500-00007/${MONTH}.${YEAR}`);

      // Without {code} the letters share one register: its next number comes from the server.
      await user.clear(format);
      await user.type(format, '{{seq:3}/DS/{{village_code}/{{year}');
      await waitFor(() => expect(preview()).toHaveTextContent(`041/DS/3203012001/${YEAR}`));

      // Another letter type's register; then the village code as typed, and none at all.
      await user.type(control('Format nomor surat'), '/{{code}');
      await user.selectOptions(screen.getByLabelText('Contoh untuk jenis surat'), 'k');
      await waitFor(() => expect(preview()).toHaveTextContent(/^002\/DS\/3203012001\/\d{4}\/\d+/));
      await user.clear(control('Kode desa'));
      await user.type(control('Kode desa'), '32.03.01.2001');
      expect(preview()).toHaveTextContent(/^002\/DS\/32\.03\.01\.2001\//);
      await user.clear(control('Kode desa'));
      expect(preview()).toHaveTextContent(/^002\/DS\/\d{4}\//);
      expect(
        screen.getByText(/Kode desa wajib diisi karena format nomor surat memakai/),
      ).toBeVisible();

      // A format that cannot be used says why instead of a number.
      await user.clear(format);
      await user.type(format, '{{code}/{{tahun}');
      expect(preview()).toHaveTextContent('—');
      expect(screen.getByText(/penanda yang tidak dikenal: \{tahun\}/)).toBeVisible();
    },
  );

  it('saves the whole identity as the API wants it; the toast and the name show at once', async () => {
    const fake = server();
    const { user } = renderApp('/admin/settings');
    await screen.findByRole('group', { name: 'Identitas desa' });
    await user.clear(control('Nama desa'));
    await user.type(control('Nama desa'), 'Sukamulya');
    await user.clear(control('Tautan WhatsApp'));
    await user.type(control('Tautan Instagram'), 'https://www.instagram.com/sukamulya');
    await user.clear(control('Telepon'));
    const publicReads = fake.seen('GET /api/settings').length;
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan' }));

    expect(await screen.findByText('Pengaturan desa disimpan.')).toBeVisible();
    const [put] = fake.seen('PUT /api/settings');
    expect(put?.body).toEqual({
      village_name: 'Sukamulya',
      kecamatan: 'Cibeber',
      kabupaten: 'Cianjur',
      provinsi: 'Jawa Barat',
      address: 'Jl. Raya Sukamaju No. 1',
      postal_code: '43262',
      phone: null,
      email: 'desa@sukamaju.desa.id',
      logo_file_id: 12,
      head_name: 'H. Dedi Supriadi',
      head_nip: '19720415 199803 1 006',
      village_code: '3203012001',
      letter_number_format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
      social: {
        whatsapp: null,
        youtube: 'https://www.youtube.com/@desasukamaju',
        instagram: 'https://www.instagram.com/sukamulya',
        twitter: null,
      },
    });
    // The layout reads the village's name from the same cache: changed without asking again.
    await waitFor(() => expect(document.title).toBe('Pengaturan | Pemerintah Desa Sukamulya'));
    const sidebar = document.getElementById('admin-sidebar')!;
    expect(within(sidebar).getByText('Pemerintah Desa Sukamulya')).toBeInTheDocument();
    expect(fake.seen('GET /api/settings')).toHaveLength(publicReads);
  });

  it('shows the server’s 422 on its field, the nested social links too', async () => {
    const fake = server(() => ({
      status: 422,
      body: {
        message: 'Tautan YouTube harus alamat web yang diawali https://.',
        errors: {
          'social.youtube': ['Tautan YouTube harus alamat web yang diawali https://.'],
          village_name: ['Nama desa sudah dipakai.'],
        },
      },
    }));
    const { user } = renderApp('/admin/settings');
    await screen.findByRole('group', { name: 'Media sosial' });
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan' }));

    await waitFor(() => expect(fake.seen('PUT /api/settings')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Ada masalah' });
    expect(control('Tautan YouTube')).toHaveAccessibleDescription(
      /Kesalahan: Tautan YouTube harus alamat web yang diawali https:\/\/\./,
    );
    expect(control('Tautan YouTube')).toHaveAttribute('aria-invalid', 'true');
    expect(control('Nama desa')).toHaveAccessibleDescription(/Nama desa sudah dipakai\./);
    expect(screen.queryByText('Pengaturan desa disimpan.')).toBeNull();
  });

  it('checks in the browser with the server’s schema before sending', async () => {
    const fake = server();
    const { user } = renderApp('/admin/settings');
    await screen.findByRole('group', { name: 'Identitas desa' });
    await user.clear(control('Nama desa'));
    await user.clear(control('Kode desa'));
    await user.type(control('Tautan X (Twitter)'), 'http://x.com/desa');
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan' }));

    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(within(summary).getByRole('link', { name: /Nama desa/ })).toHaveAttribute(
      'href',
      '#village_name',
    );
    expect(within(summary).getByRole('link', { name: /Kode desa wajib diisi/ })).toBeVisible();
    expect(
      within(summary).getByRole('link', { name: /Tautan X \(Twitter\) harus/ }),
    ).toHaveAttribute('href', '#social.twitter');
    expect(fake.seen('PUT /api/settings')).toHaveLength(0);
  });
});
