import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD } from '../../../testing/admin-fixtures.ts';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import { HEAD_ME, SETTINGS, queueItem, queuePage } from './signing-fixtures.ts';
import { VIEWED_KEY } from './viewed-previews.ts';

const PDF = '%PDF-1.7 pratinjau';

/** The screen is a phone (375 px) or a wide one, as far as matchMedia says. */
function screenIs(kind: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: kind === 'wide' && query.includes('min-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const approved = (id: number, number: string) => ({
  id,
  type: 'ku',
  reference: `KU-${String(id).padStart(6, '0')}`,
  number,
  issued_at: '2026-11-23T07:30:00.000Z',
  signed_on_behalf: false,
  pdf_url: `/api/business-certificate/${id}/pdf`,
});

function signingServer(
  options: {
    me?: typeof HEAD_ME;
    items?: ReturnType<typeof queueItem>[];
    approve?: (r: SeenRequest) => { status?: number; body?: unknown };
    returnLetter?: (r: SeenRequest) => { status?: number; body?: unknown };
  } = {},
) {
  const items = options.items ?? [queueItem(42), queueItem(43, { clerk_note: null })];
  return createFakeServer({
    'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
    'GET /api/dashboard': () => ({ body: { data: DASHBOARD } }),
    'GET /api/signing/me': () => ({ body: { data: options.me ?? HEAD_ME } }),
    'GET /api/signing/queue': () => queuePage(items),
    ...Object.fromEntries(
      items.map((i) => [`GET /api/business-certificate/${i.id}/preview`, () => ({ body: PDF })]),
    ),
    'POST /api/signing/approve':
      options.approve ??
      ((r) => {
        const ids = (r.body as { ids: number[] }).ids;
        return {
          body: {
            message: `${ids.length} surat disetujui dan diterbitkan.`,
            data: { approved: ids.map((id) => approved(id, `500/00${id}/XI/2026`)), failed: [] },
          },
        };
      }),
    'POST /api/signing/requests/42/return':
      options.returnLetter ?? (() => ({ body: { data: { id: 42, status: 'processing' } } })),
  });
}

beforeEach(() => {
  seedSession(ADMIN);
  screenIs('phone');
});

describe('the signing queue, "Menunggu tanda tangan Anda"', () => {
  it("lists each letter with reference, type, applicant, the clerk's note and since when it waits", async () => {
    signingServer();
    renderApp('/admin/signing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Menunggu tanda tangan Anda' }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'KU-000042' });
    const cards = screen.getAllByRole('listitem');
    const first = cards.find((c) => within(c).queryByRole('link', { name: 'KU-000042' }))!;
    expect(within(first).getByText('Surat Keterangan Usaha')).toBeInTheDocument();
    expect(first).toHaveTextContent('Pemohon: Siti Rahmawati (terverifikasi)');
    expect(first).toHaveTextContent('Catatan petugas: Sudah dicek dengan KK.');
    expect(first).toHaveTextContent('Diajukan oleh: Administrator Desa');
    expect(first).toHaveTextContent('Menunggu sejak: 23 November 2026, 14.05 WIB');
    expect(within(first).getByRole('link', { name: 'KU-000042' })).toHaveAttribute(
      'href',
      '/admin/signing/42',
    );
    const second = cards.find((c) => within(c).queryByRole('link', { name: 'KU-000043' }))!;
    expect(second).toHaveTextContent('Catatan petugas: tidak ada');
    expect(screen.getByText('2 surat menunggu, terlama di atas.')).toBeInTheDocument();
  });

  it('lets only the letters whose preview was opened be approved together', async () => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([43]));
    const server = signingServer({
      items: [queueItem(42), queueItem(43), queueItem(44)],
    });
    const { user } = renderApp('/admin/signing');
    await screen.findByRole('link', { name: 'KU-000042' });
    // Not opened yet: no box to tick, and the action waits for a choice.
    expect(screen.queryByRole('checkbox', { name: /KU-000042/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /KU-000044/ })).toBeNull();
    const action = screen.getByRole('button', { name: 'Setujui surat terpilih' });
    expect(action).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /KU-000043/ }));
    await user.click(screen.getByRole('button', { name: 'Setujui 1 surat' }));
    const dialog = await screen.findByRole('dialog', {
      name: /^Setujui dan terbitkan\s*KU-000043\s*\?$/,
    });
    await user.type(within(dialog).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(
      await screen.findByRole('heading', { name: '1 surat disetujui dan diterbitkan.' }),
    ).toBeInTheDocument();
    expect(server.seen('POST /api/signing/approve')[0]!.body).toEqual({
      ids: [43],
      password: 'rahasia-kades',
    });
    expect(screen.getByText('500/0043/XI/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unduh surat (PDF) KU-000043' })).toBeInTheDocument();
  });

  it('approves several viewed letters at once', async () => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([42, 43]));
    const server = signingServer();
    const { user } = renderApp('/admin/signing');
    await user.click(
      await screen.findByRole('button', { name: 'Pilih semua yang sudah dibuka (2)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Setujui 2 surat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui 2 surat?' });
    expect(dialog).toHaveTextContent('KU-000042, KU-000043');
    await user.type(within(dialog).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui 2 surat' }));
    await screen.findByRole('heading', { name: '2 surat disetujui dan diterbitkan.' });
    expect((server.seen('POST /api/signing/approve')[0]!.body as { ids: number[] }).ids).toEqual([
      42, 43,
    ]);
  });

  it('tells a clerk who is not a signer why the queue is closed to them', async () => {
    const server = signingServer({
      me: { ...HEAD_ME, is_head: false, can_sign: false, position: 'operator', waiting: 0 },
    });
    renderApp('/admin/signing');
    expect(
      await screen.findByText(
        /Hanya Kepala Desa, atau Sekretaris Desa selama Kepala Desa berhalangan/,
      ),
    ).toBeInTheDocument();
    expect(server.seen('GET /api/signing/queue')).toHaveLength(0);
  });
});

describe('one letter awaiting signature', () => {
  it('on a phone: a button opens the preview, the applicant and fields are text, approve asks for the password', async () => {
    const server = signingServer();
    const { user } = renderApp('/admin/signing/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'KU-000042 · Usaha' }),
    ).toBeInTheDocument();
    // A phone shows no PDF frame but a button to open it.
    const open = await screen.findByRole('link', { name: 'Buka pratinjau surat' });
    expect(open).toHaveAttribute('target', '_blank');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Sudah dicek dengan KK.')).toBeInTheDocument();
    expect(screen.getByText('3201010101010001')).toBeInTheDocument();
    expect(screen.getByText('Warung Sembako Siti')).toBeInTheDocument();
    expect(screen.getByText('Nama Usaha')).toBeInTheDocument();

    // Approving before looking is refused on the page, not sent.
    await user.click(screen.getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Buka pratinjau surat dulu sebelum menyetujui.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    open.addEventListener('click', (e) => e.preventDefault());
    await user.click(open);
    expect(await screen.findByText('Pratinjau sudah Anda buka.')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(VIEWED_KEY)!)).toEqual([42]);

    await user.click(screen.getByRole('button', { name: 'Setujui dan Terbitkan' }));
    const dialog = await screen.findByRole('dialog', {
      name: /^Setujui dan terbitkan\s*KU-000042\s*\?$/,
    });
    const password = within(dialog).getByLabelText('Kata sandi Anda');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveFocus();
    // Empty: said on the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(within(dialog).getByText('Masukkan kata sandi Anda.')).toBeInTheDocument();
    expect(server.seen('POST /api/signing/approve')).toHaveLength(0);
  });

  it('says a wrong password on the field, then shows the number and the PDF once approved', async () => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([42]));
    let tries = 0;
    signingServer({
      approve: () =>
        ++tries === 1
          ? {
              status: 422,
              body: { message: 'Kata sandi salah.', errors: { password: ['Kata sandi salah.'] } },
            }
          : {
              body: {
                message: '1 surat disetujui dan diterbitkan.',
                data: { approved: [approved(42, '500/007/3203012001/XI/2026')], failed: [] },
              },
            },
    });
    const { user } = renderApp('/admin/signing/42');
    await user.click(await screen.findByRole('button', { name: 'Setujui dan Terbitkan' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Kata sandi Anda'), 'salah-ketik');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(await within(dialog).findByText('Kata sandi salah.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kata sandi Anda')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Surat disetujui' }),
    ).toBeInTheDocument();
    expect(screen.getByText('500/007/3203012001/XI/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unduh surat (PDF) KU-000042' })).toBeInTheDocument();
  });

  it('asks for the PIN when the account has one, and can fall back to the password', async () => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([42]));
    const server = signingServer({ me: { ...HEAD_ME, has_pin: true } });
    const { user } = renderApp('/admin/signing/42');
    await user.click(await screen.findByRole('button', { name: 'Setujui dan Terbitkan' }));
    const dialog = await screen.findByRole('dialog');
    const pin = within(dialog).getByLabelText('PIN tanda tangan');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(within(dialog).getByText('PIN harus 6 digit angka.')).toBeInTheDocument();
    await user.clear(pin);
    await user.type(pin, '583920');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    await screen.findByRole('heading', { level: 1, name: 'Surat disetujui' });
    expect(server.seen('POST /api/signing/approve')[0]!.body).toEqual({ ids: [42], pin: '583920' });
  });

  it('switches from the PIN to the password', async () => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([42]));
    signingServer({ me: { ...HEAD_ME, has_pin: true } });
    const { user } = renderApp('/admin/signing/42');
    await user.click(await screen.findByRole('button', { name: 'Setujui dan Terbitkan' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pakai kata sandi' }));
    expect(within(dialog).getByLabelText('Kata sandi Anda')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('PIN tanda tangan')).toBeNull();
  });

  it.each([
    [
      403,
      'Hanya Kepala Desa, atau Sekretaris Desa selama Kepala Desa berhalangan, yang dapat menyetujui atau mengembalikan surat ini.',
    ],
    [409, 'Permohonan KU-000042 sudah diubah oleh orang lain. Muat ulang halaman.'],
    [429, 'Terlalu banyak percobaan kata sandi atau PIN. Silakan coba lagi dalam 15 menit.'],
  ])('shows a %i in Indonesian in the dialog', async (status, message) => {
    window.sessionStorage.setItem(VIEWED_KEY, JSON.stringify([42]));
    signingServer({ approve: () => ({ status, body: { message } }) });
    const { user } = renderApp('/admin/signing/42');
    await user.click(await screen.findByRole('button', { name: 'Setujui dan Terbitkan' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui dan Terbitkan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('returns a letter only with a note, then says so on the queue', async () => {
    const server = signingServer();
    const { user, router } = renderApp('/admin/signing/42');
    await user.click(await screen.findByRole('button', { name: 'Kembalikan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kembalikan KU-000042 ke petugas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Kembalikan' }));
    expect(
      within(dialog).getByText('Catatan pengembalian wajib diisi.', { exact: false }),
    ).toBeInTheDocument();
    expect(server.seen('POST /api/signing/requests/42/return')).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText('Catatan untuk petugas'),
      'Alamat usaha berbeda dengan KK.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Kembalikan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signing'));
    expect(
      await screen.findByText('KU-000042 dikembalikan ke petugas dengan catatan Anda.'),
    ).toBeInTheDocument();
    expect(server.seen('POST /api/signing/requests/42/return')[0]!.body).toEqual({
      note: 'Alamat usaha berbeda dengan KK.',
    });
  });

  it('on a wide screen shows the PDF in the page, which counts as looked at', async () => {
    screenIs('wide');
    signingServer();
    renderApp('/admin/signing/42');
    const frame = await screen.findByTitle('Pratinjau draf Surat Keterangan Usaha KU-000042');
    frame.dispatchEvent(new Event('load'));
    expect(await screen.findByText('Pratinjau sudah Anda buka.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka pratinjau di tab baru' })).toBeInTheDocument();
  });

  it('says when the letter no longer waits (approved elsewhere)', async () => {
    signingServer({ items: [queueItem(43)] });
    renderApp('/admin/signing/42');
    expect(
      await screen.findByText('Surat ini tidak lagi menunggu tanda tangan Anda.'),
    ).toBeInTheDocument();
  });
});

describe('the signer after signing in', () => {
  it('sees "Menunggu tanda tangan Anda: N surat" on top of the dashboard and "Tanda Tangan" in the menu', async () => {
    signingServer();
    renderApp('/admin');
    const panel = await screen.findByRole('heading', {
      name: 'Menunggu tanda tangan Anda: 3 surat',
    });
    expect(panel.closest('section')).toHaveTextContent('Periksa dan tanda tangani');
    expect(screen.getByRole('link', { name: 'Periksa dan tanda tangani' })).toHaveAttribute(
      'href',
      '/admin/signing',
    );
    const nav = screen.getByRole('navigation', { name: 'Menu admin' });
    expect(within(nav).getByRole('link', { name: 'Tanda Tangan' })).toHaveAttribute(
      'href',
      '/admin/signing',
    );
  });

  it('a clerk sees neither', async () => {
    signingServer({
      me: { ...HEAD_ME, is_head: false, can_sign: false, position: 'operator', waiting: 0 },
    });
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await screen.findByText('Angka per 14.05 WIB; diperbarui paling lama tiap menit.');
    expect(screen.queryByText(/Menunggu tanda tangan Anda/)).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Menu admin' });
    expect(within(nav).queryByRole('link', { name: 'Tanda Tangan' })).toBeNull();
  });
});

describe('signing settings', () => {
  const ACCOUNTS = [
    { id: 1, name: 'Budi Admin', email: 'admin@contoh.id', active: true, position: 'operator' },
    {
      id: 11,
      name: 'H. Ahmad Suryadi',
      email: 'kades@contoh.id',
      active: true,
      position: 'kepala_desa',
    },
    {
      id: 12,
      name: 'Dewi Lestari',
      email: 'sekdes@contoh.id',
      active: true,
      position: 'sekretaris_desa',
    },
  ];

  /** The Kepala Desa's password in the confirmation dialog (issue 18, ADR 0020). */
  async function confirmAsHead(user: ReturnType<typeof renderApp>['user']) {
    const dialog = await screen.findByRole('dialog', { name: 'Simpan pengaturan tanda tangan?' });
    await user.type(within(dialog).getByLabelText(/^Kata sandi Anda/), 'sandi-kades-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
  }

  function settingsServer(put?: (r: SeenRequest) => { status?: number; body?: unknown }) {
    return createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'GET /api/signing/me': () => ({ body: { data: HEAD_ME } }),
      'GET /api/settings/signing': () => ({ body: { data: SETTINGS } }),
      'GET /api/users/list': () => ({
        body: { data: ACCOUNTS, meta: { page: 1, per_page: 100, total: 3, last_page: 1 } },
      }),
      'PUT /api/settings/signing':
        put ?? ((r) => ({ body: { data: { ...SETTINGS, ...(r.body as object) } } })),
      'PUT /api/signing/pin': () => ({ body: { message: 'PIN tanda tangan disimpan.' } }),
    });
  }

  it('chooses the accounts among administrators of that position, sets away dates and approval per type', async () => {
    const server = settingsServer();
    const { user } = renderApp('/admin/settings/signing');
    const head = await screen.findByRole('combobox', { name: /^Kepala Desa/ });
    await waitFor(() =>
      expect(
        within(head)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Belum ditetapkan', 'H. Ahmad Suryadi (kades@contoh.id)']),
    );
    expect(head).toHaveValue('11');
    const secretary = screen.getByRole('combobox', { name: /^Sekretaris Desa/ });
    expect(
      within(secretary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Belum ditetapkan', 'Dewi Lestari (sekdes@contoh.id)']);
    await user.selectOptions(secretary, '12');
    await user.type(screen.getByLabelText(/^Tanggal mulai berhalangan/), '2026-11-24');
    await user.type(screen.getByLabelText(/^Tanggal selesai berhalangan/), '2026-11-28');
    const ktm = screen.getByRole('checkbox', { name: 'Surat Keterangan Tidak Mampu' });
    expect(ktm).toBeChecked();
    await user.click(ktm);
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }));
    // The Kepala Desa confirms with their password (issue 18).
    await confirmAsHead(user);
    await waitFor(() => expect(server.seen('PUT /api/settings/signing')).toHaveLength(1));
    expect(server.seen('PUT /api/settings/signing')[0]!.body).toEqual({
      head_user_id: 11,
      secretary_user_id: 12,
      head_away_from: '2026-11-24',
      head_away_until: '2026-11-28',
      approval: { ku: true, ktm: false },
      confirmation: { password: 'sandi-kades-1' },
    });
    expect(await screen.findByText('Pengaturan tanda tangan disimpan.')).toBeInTheDocument();
  });

  it("checks the dates before sending, and puts the server's 422 on its field", async () => {
    const server = settingsServer(() => ({
      status: 422,
      body: {
        message: 'Tetapkan Sekretaris Desa sebelum mengatur masa berhalangan Kepala Desa.',
        errors: {
          secretary_user_id: [
            'Tetapkan Sekretaris Desa sebelum mengatur masa berhalangan Kepala Desa.',
          ],
        },
      },
    }));
    const { user } = renderApp('/admin/settings/signing');
    await user.type(await screen.findByLabelText(/^Tanggal mulai berhalangan/), '2026-11-28');
    await user.type(screen.getByLabelText(/^Tanggal selesai berhalangan/), '2026-11-24');
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(
      within(summary).getByRole('link', {
        name: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
      }),
    ).toHaveAttribute('href', '#head_away_until');
    expect(server.seen('PUT /api/settings/signing')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Tanggal selesai berhalangan/));
    await user.type(screen.getByLabelText(/^Tanggal selesai berhalangan/), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }));
    await confirmAsHead(user);
    await waitFor(() => expect(server.seen('PUT /api/settings/signing')).toHaveLength(1));
    const secretary = screen.getByRole('combobox', { name: /^Sekretaris Desa/ });
    expect(secretary).toHaveAccessibleDescription(
      expect.stringContaining('Tetapkan Sekretaris Desa sebelum mengatur masa berhalangan'),
    );
  });

  it('lets the Kepala Desa set a PIN with the password, refusing a guessable one', async () => {
    const server = settingsServer();
    const { user } = renderApp('/admin/settings/signing');
    const box = (await screen.findByRole('heading', { name: 'PIN tanda tangan' })).closest(
      'section',
    )!;
    await user.type(within(box as HTMLElement).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.type(within(box as HTMLElement).getByLabelText('PIN'), '111111');
    await user.click(within(box as HTMLElement).getByRole('button', { name: 'Simpan PIN' }));
    expect(within(box as HTMLElement).getByText(/PIN terlalu mudah ditebak/)).toBeInTheDocument();
    expect(server.seen('PUT /api/signing/pin')).toHaveLength(0);
    await user.clear(within(box as HTMLElement).getByLabelText('PIN'));
    await user.type(within(box as HTMLElement).getByLabelText('PIN'), '583920');
    await user.click(within(box as HTMLElement).getByRole('button', { name: 'Simpan PIN' }));
    await waitFor(() => expect(server.seen('PUT /api/signing/pin')).toHaveLength(1));
    expect(server.seen('PUT /api/signing/pin')[0]!.body).toEqual({
      password: 'rahasia-kades',
      pin: '583920',
    });
  });

  it("the Kepala Desa's own part: away dates, the signature image, removing the PIN", async () => {
    let me = { ...HEAD_ME, has_pin: true };
    const server = settingsServer();
    server.on('GET /api/signing/me', () => ({ body: { data: me } }));
    server.on('PUT /api/signing/delegation', (r) => {
      const { from, until } = r.body as { from: string; until: string };
      me = { ...me, delegation: { from, until, active: false } };
      return { body: { message: 'Masa berhalangan disimpan.' } };
    });
    server.on('DELETE /api/signing/delegation', () => {
      me = { ...me, delegation: null };
      return { body: { message: 'Masa berhalangan diakhiri.' } };
    });
    server.on('POST /api/signing/signature', () => {
      me = { ...me, signature: { url: '/api/signing/signature' } };
      return { status: 201, body: { data: { url: '/api/signing/signature' } } };
    });
    server.on('GET /api/signing/signature', () => ({ body: 'PNG' }));
    server.on('DELETE /api/signing/pin', () => {
      me = { ...me, has_pin: false };
      return { body: { message: 'PIN tanda tangan dihapus.' } };
    });
    const { user } = renderApp('/admin/settings/signing');

    const away = (await screen.findByRole('heading', { name: 'Masa berhalangan Anda' }))
      .parentElement as HTMLElement;
    await user.type(within(away).getByLabelText('Mulai'), '2026-11-28');
    await user.type(within(away).getByLabelText('Sampai'), '2026-11-24');
    await user.click(within(away).getByRole('button', { name: 'Simpan masa berhalangan' }));
    expect(
      within(away).getByText('Tanggal selesai tidak boleh sebelum tanggal mulai.'),
    ).toBeInTheDocument();
    expect(server.seen('PUT /api/signing/delegation')).toHaveLength(0);
    await user.clear(within(away).getByLabelText('Sampai'));
    await user.type(within(away).getByLabelText('Sampai'), '2026-11-30');
    await user.click(within(away).getByRole('button', { name: 'Simpan masa berhalangan' }));
    // The dates are confirmed with the PIN (the account has one).
    const dialog = await screen.findByRole('dialog', { name: 'Simpan masa berhalangan?' });
    await user.type(within(dialog).getByLabelText(/^PIN tanda tangan/), '583920');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan masa berhalangan' }));
    expect(
      await screen.findByText(/Tercatat berhalangan 28 November 2026 sampai 30 November 2026/),
    ).toBeInTheDocument();
    expect(server.seen('PUT /api/signing/delegation')[0]!.body).toEqual({
      from: '2026-11-28',
      until: '2026-11-30',
      confirmation: { pin: '583920' },
    });
    await user.click(screen.getByRole('button', { name: 'Akhiri masa berhalangan' }));
    await waitFor(() => expect(server.seen('DELETE /api/signing/delegation')).toHaveLength(1));

    await user.upload(
      screen.getByLabelText('Unggah gambar tanda tangan'),
      new File(['png'], 'ttd.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByRole('img', { name: 'Gambar tanda tangan Anda saat ini' }),
    ).toBeInTheDocument();
    expect(server.seen('POST /api/signing/signature')).toHaveLength(1);

    const pin = (await screen.findByRole('heading', { name: 'PIN tanda tangan' }))
      .parentElement as HTMLElement;
    await user.click(within(pin).getByRole('button', { name: 'Hapus PIN' }));
    expect(within(pin).getByText('Kata sandi wajib diisi.')).toBeInTheDocument();
    await user.type(within(pin).getByLabelText('Kata sandi Anda'), 'rahasia-kades');
    await user.click(within(pin).getByRole('button', { name: 'Hapus PIN' }));
    expect(await within(pin).findByText(/Belum ada PIN/)).toBeInTheDocument();
    expect(server.seen('DELETE /api/signing/pin')[0]!.body).toEqual({ password: 'rahasia-kades' });
  });

  const CLERK_ME = {
    ...HEAD_ME,
    position: 'operator',
    position_label: 'Operator/Staf',
    is_head: false,
    can_sign: false,
    waiting: 0,
  };

  it('shows another administrator the setup read-only: only the Kepala Desa changes it', async () => {
    const server = settingsServer();
    server.on('GET /api/signing/me', () => ({ body: { data: CLERK_ME } }));
    renderApp('/admin/settings/signing');
    expect(
      await screen.findByText(/^Hanya Kepala Desa yang dapat mengubah pengaturan ini/),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Kepala Desa/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Surat Keterangan Usaha' })).toBeDisabled();
    expect(screen.getByLabelText(/^Tanggal mulai berhalangan/)).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Simpan pengaturan tanda tangan' }),
    ).not.toBeInTheDocument();
  });

  it('lets any administrator name the first Kepala Desa, without away dates or a password', async () => {
    const server = settingsServer();
    server.on('GET /api/signing/me', () => ({ body: { data: CLERK_ME } }));
    server.on('GET /api/settings/signing', () => ({
      body: { data: { ...SETTINGS, head_user_id: null, head: null } },
    }));
    const { user } = renderApp('/admin/settings/signing');
    expect(await screen.findByText(/^Kepala Desa belum ditetapkan\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tanggal mulai berhalangan/)).toBeDisabled();
    const head = screen.getByRole('combobox', { name: /^Kepala Desa/ });
    await waitFor(() => expect(within(head).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(head, '11');
    await user.click(screen.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }));
    await waitFor(() => expect(server.seen('PUT /api/settings/signing')).toHaveLength(1));
    expect(server.seen('PUT /api/settings/signing')[0]!.body).toMatchObject({ head_user_id: 11 });
    expect(server.seen('PUT /api/settings/signing')[0]!.body).not.toHaveProperty('confirmation');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is linked from the village settings page', async () => {
    createFakeServer({
      'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
      'GET /api/settings/admin': () => ({ status: 500, body: { message: 'x' } }),
    });
    renderApp('/admin/settings');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('link', { name: 'Pengaturan Tanda Tangan' }),
    ).toHaveAttribute('href', '/admin/settings/signing');
  });
});
