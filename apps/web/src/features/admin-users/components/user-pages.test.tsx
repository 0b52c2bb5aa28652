import { USER_SECTIONS, userField, type ApiUser } from '@balai/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, RESIDENT, seedSession } from '../../../testing/session.ts';
import { IDENTITY_MEANING } from './user-form.tsx';

const SITI: ApiUser = {
  ...RESIDENT,
  id: 7,
  identity_verified_at: null,
  identity_verified_by: null,
};
const BUDI: ApiUser = {
  ...ADMIN,
  id: 1,
  nik: '3203019876540009',
  identity_verified_at: null,
  identity_verified_by: null,
};
const VERIFIED: ApiUser = {
  ...SITI,
  id: 8,
  name: 'Dewi Lestari',
  email: 'dewi@contoh.id',
  nik: '3203014101850002',
  identity_verified_at: '2026-11-20T03:15:00Z',
  identity_verified_by: 1,
};

const page = (
  data: ApiUser[],
  meta = { page: 1, per_page: 15, total: data.length, last_page: 1 },
) => ({
  body: { data, meta },
});

const query = (r: SeenRequest) => new URL(r.path, 'http://x').searchParams;
const lists = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/users/list'));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  seedSession(ADMIN);
});

describe('admin users list', () => {
  it('shows each user with masked NIK, role, status and verified tag, and edit and delete', async () => {
    createFakeServer({ 'GET /api/users/list': () => page([BUDI, SITI, VERIFIED]) });
    renderApp('/admin/user');
    const table = await screen.findByRole('table', { name: /Pengguna, halaman 1 dari 1/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Nama',
      'E-mail',
      'NIK',
      'Peran',
      'Status',
      'Identitas',
      'Buku induk',
      'Aksi',
    ]);
    const dewi = within(table).getByRole('row', { name: /Dewi Lestari/ });
    expect(dewi).toHaveTextContent('dewi@contoh.id');
    // Only the last four digits of a NIK, on a screen residents at the counter can see.
    expect(dewi.textContent).toContain('berakhiran 0002');
    expect(dewi.textContent).not.toContain('3203014101850002');
    expect(within(dewi).getByText('Warga')).toBeInTheDocument();
    expect(within(dewi).getByText('Aktif')).toBeInTheDocument();
    expect(within(dewi).getByText('Terverifikasi')).toBeInTheDocument();
    const siti = within(table).getByRole('row', { name: /Siti Aminah/ });
    expect(within(siti).getByText('Belum')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Budi Admin/ }).textContent).toContain(
      'Administrator',
    );
    expect(within(dewi).getByRole('link', { name: 'Ubah Dewi Lestari' })).toHaveAttribute(
      'href',
      '/admin/user/8/edit',
    );
    expect(within(dewi).getByRole('button', { name: 'Hapus Dewi Lestari' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pengguna' })).toBeInTheDocument();
  });

  it('keeps search and filters in the address and sends them to the API', async () => {
    const server = createFakeServer({
      'GET /api/users/list': (r) =>
        page(query(r).get('verified') === 'true' ? [VERIFIED] : [BUDI, SITI, VERIFIED]),
    });
    const { user, router } = renderApp('/admin/user');
    await screen.findByRole('row', { name: /Siti Aminah/ });
    expect(Object.fromEntries(query(lists(server.requests)[0]!))).toEqual({
      page: '1',
      per_page: '15',
    });

    await user.type(screen.getByRole('searchbox', { name: 'Cari' }), 'dewi');
    await user.selectOptions(screen.getByLabelText('Peran'), 'WARGA');
    await user.selectOptions(screen.getByLabelText('Status'), 'true');
    await user.selectOptions(screen.getByLabelText('Identitas'), 'true');
    await user.click(screen.getByRole('button', { name: 'Terapkan' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Siti Aminah/ })).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/user');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'dewi',
      role: 'WARGA',
      active: 'true',
      verified: 'true',
    });
    expect(Object.fromEntries(query(lists(server.requests).at(-1)!))).toEqual({
      page: '1',
      per_page: '15',
      search: 'dewi',
      role: 'WARGA',
      active: 'true',
      verified: 'true',
    });
    expect(screen.getByText('1 pengguna cocok')).toBeInTheDocument();
    // The form shows the state of the address it came from.
    expect(screen.getByLabelText('Identitas')).toHaveValue('true');
    await user.click(screen.getByRole('link', { name: 'Hapus filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages through the address; an empty result says so', async () => {
    const server = createFakeServer({
      'GET /api/users/list': (r) =>
        query(r).get('search') === 'tidak-ada'
          ? page([])
          : page([SITI], {
              page: Number(query(r).get('page')),
              per_page: 15,
              total: 31,
              last_page: 3,
            }),
    });
    const { user, router } = renderApp('/admin/user?page=2');
    await screen.findByText('Halaman 2 dari 3');
    await user.click(screen.getByRole('link', { name: /Berikutnya/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(query(lists(server.requests).at(-1)!).get('page')).toBe('3');

    await user.type(screen.getByRole('searchbox', { name: 'Cari' }), 'tidak-ada');
    await user.click(screen.getByRole('button', { name: 'Terapkan' }));
    expect(await screen.findByText('Tidak ada pengguna yang cocok.')).toBeInTheDocument();
    // A new search starts again at page 1.
    expect(router.state.location.search).toBe('?search=tidak-ada');
  });

  it('revalidates the list on focus and on reconnect (SPEC)', async () => {
    const server = createFakeServer({ 'GET /api/users/list': () => page([SITI]) });
    renderApp('/admin/user');
    await screen.findByRole('row', { name: /Siti Aminah/ });
    const count = () => lists(server.requests).length;
    const before = count();
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(count()).toBe(before + 1));
    // Focus revalidates at most every 5 s (SWR's focusThrottleInterval): come back later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6000);
      await act(async () => {
        window.dispatchEvent(new Event('focus'));
      });
      await waitFor(() => expect(count()).toBe(before + 2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let rows = [BUDI, SITI, VERIFIED];
    const server = createFakeServer({
      'GET /api/users/list': () => page(rows),
      'DELETE /api/users/delete/7': () => {
        rows = rows.filter((u) => u.id !== 7);
        return { body: { message: 'Pengguna berhasil dihapus.' } };
      },
    });
    const { user } = renderApp('/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Hapus Siti Aminah' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus pengguna?' });
    expect(dialog).toHaveTextContent('Akun "Siti Aminah" (siti@contoh.id) akan dihapus');
    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Hapus Siti Aminah' }));
    const again = await screen.findByRole('alertdialog', { name: 'Hapus pengguna?' });
    const listsBefore = lists(server.requests).length;
    await user.click(within(again).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Pengguna "Siti Aminah" dihapus.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Siti Aminah/ })).toBeNull());
    expect(lists(server.requests).length).toBeGreaterThan(listsBefore);
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/users/delete/7',
    ]);
  });

  it.each([
    [
      'the last administrator',
      'Administrator aktif terakhir tidak dapat dihapus, dinonaktifkan, atau diturunkan perannya.',
    ],
    ['one’s own account', 'Anda tidak dapat menghapus akun Anda sendiri.'],
  ])('shows the API’s refusal to delete %s in the dialog', async (_case, message) => {
    createFakeServer({
      'GET /api/users/list': () => page([BUDI, SITI]),
      'DELETE /api/users/delete/1': () => ({ status: 409, body: { message } }),
    });
    const { user } = renderApp('/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Hapus Budi Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus pengguna?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('row', { name: /Budi Admin/ })).toBeInTheDocument();
  });
});

describe('admin user form', () => {
  const server = (extra: Parameters<typeof createFakeServer>[0] = {}) =>
    createFakeServer({
      'GET /api/users/list': () => page([BUDI, SITI, VERIFIED]),
      'GET /api/users/detail/7': () => ({ body: { data: SITI } }),
      'GET /api/users/detail/8': () => ({ body: { data: VERIFIED } }),
      'GET /api/users/detail/1': () => ({ body: { data: BUDI } }),
      ...extra,
    });

  it('shows every user field under its section heading; the password is required to create', async () => {
    server();
    const { user } = renderApp('/admin/user/create');
    await screen.findByRole('heading', { level: 1, name: 'Buat Pengguna' });
    for (const section of [...USER_SECTIONS.map((s) => s.legend), 'Akses']) {
      expect(screen.getByRole('group', { name: section })).toBeInTheDocument();
    }
    for (const name of USER_SECTIONS.flatMap((s) => s.fields)) {
      const f = userField(name);
      const group = screen.getByRole('group', {
        name: USER_SECTIONS.find((s) => s.fields.includes(name))!.legend,
      });
      const label = within(group).getByText(f.label, { exact: true });
      expect(label.parentElement?.textContent?.includes('(opsional)'), name).toBe(!f.required);
    }
    expect(screen.getByLabelText('Peran')).toHaveValue('WARGA');
    expect(screen.getByRole('option', { name: 'Administrator' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status aktif')).toBeChecked();
    expect(screen.getByLabelText('Kata sandi')).toHaveAttribute('type', 'password');
    // Verifying is done on an existing account, with the KTP and KK in hand.
    expect(screen.queryByLabelText('Identitas terverifikasi')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buat' }));
    const summary = await screen.findByRole('heading', { name: 'Ada masalah' });
    const box = summary.closest('div')!.parentElement!;
    for (const label of ['Nama lengkap', 'E-mail', 'Kata sandi']) {
      expect(within(box).getByRole('link', { name: new RegExp(label) })).toBeInTheDocument();
    }
  });

  it('creates a user and goes back to the list', async () => {
    const s = server({
      'POST /api/users/create': (r) => ({
        status: 201,
        body: { data: { ...SITI, id: 20, ...(r.body as object) } },
      }),
    });
    const { user, router } = renderApp('/admin/user/create');
    await user.type(await screen.findByLabelText('Nama lengkap'), 'Rudi Hartono');
    await user.type(screen.getByLabelText('E-mail'), 'rudi@contoh.id');
    await user.type(screen.getByLabelText('Kata sandi'), 'rahasia-rudi-1');
    await user.type(screen.getByLabelText(/^NIK/), '3201012505800007');
    await user.selectOptions(screen.getByLabelText('Peran'), 'ADMINISTRATOR');
    await user.click(screen.getByRole('button', { name: 'Buat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(await screen.findByText('Pengguna "Rudi Hartono" dibuat.')).toBeInTheDocument();
    const post = s.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'Rudi Hartono',
      email: 'rudi@contoh.id',
      password: 'rahasia-rudi-1',
      nik: '3201012505800007',
      role: 'ADMINISTRATOR',
      active: true,
      kk_number: null,
    });
  });

  it("a named signer's form says only the Kepala Desa changes it, and asks the Kepala Desa's password (issue 18)", async () => {
    let calls = 0;
    const s = server({
      'GET /api/settings/signing': () => ({
        body: { data: { head_user_id: 1, secretary_user_id: null } },
      }),
      'PUT /api/users/update/1': (r) => {
        calls += 1;
        const body = r.body as Record<string, unknown>;
        return body.confirmation
          ? { body: { data: { ...BUDI, ...body } } }
          : {
              status: 403,
              body: { message: 'Masukkan kata sandi atau PIN Anda untuk menyimpan perubahan ini.' },
            };
      },
    });
    const { user, router } = renderApp('/admin/user/1/edit');
    expect(
      await screen.findByText(/^Akun ini ditetapkan sebagai Kepala Desa di Pengaturan/),
    ).toBeInTheDocument();
    await user.type(await screen.findByLabelText('NIP (opsional)'), '1');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simpan perubahan akun?' });
    await user.type(within(dialog).getByLabelText(/^Kata sandi Anda/), 'sandi-kades-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(calls).toBe(2);
    expect(s.seen('PUT /api/users/update/1')[1]!.body).toMatchObject({
      confirmation: { password: 'sandi-kades-1' },
    });
  });

  it('shows Jabatan and NIP for an administrator only, by their labels, and sends them (issue 15)', async () => {
    const s = server({
      'PUT /api/users/update/1': (r) => ({ body: { data: { ...BUDI, ...(r.body as object) } } }),
      'PUT /api/users/update/7': (r) => ({ body: { data: { ...SITI, ...(r.body as object) } } }),
    });
    const { user, router } = renderApp('/admin/user/1/edit');
    const position = await screen.findByLabelText('Jabatan (opsional)');
    expect(
      within(position)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pilih jabatan', 'Operator/Staf', 'Sekretaris Desa', 'Kepala Desa']);
    await user.selectOptions(position, 'kepala_desa');
    await user.type(screen.getByLabelText('NIP (opsional)'), '19700101 199001 1 001');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(s.seen('PUT /api/users/update/1')[0]!.body).toMatchObject({
      role: 'ADMINISTRATOR',
      position: 'kepala_desa',
      nip: '19700101 199001 1 001',
    });

    // A resident has neither: not shown, not sent.
    const resident = renderApp('/admin/user/7/edit');
    await resident.findByLabelText('E-mail');
    expect(resident.queryByLabelText(/^Jabatan/)).toBeNull();
    expect(resident.queryByLabelText(/^NIP/)).toBeNull();
    await resident.user.click(resident.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(s.seen('PUT /api/users/update/7')).toHaveLength(1));
    const sent = s.seen('PUT /api/users/update/7')[0]!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('position');
    expect(sent).not.toHaveProperty('nip');
  });

  it('puts the server’s 422 messages on their fields and keeps what was typed', async () => {
    server({
      'PUT /api/users/update/7': () => ({
        status: 422,
        body: {
          message: 'E-mail sudah dipakai akun lain.',
          errors: {
            email: ['E-mail sudah dipakai akun lain.'],
            nik: ['NIK sudah terdaftar.'],
          },
        },
      }),
    });
    const { user, router } = renderApp('/admin/user/7/edit');
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('siti@contoh.id');
    await user.clear(email);
    await user.type(email, 'dewi@contoh.id');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/sudah dipakai/));
    expect(screen.getByLabelText(/^NIK/)).toHaveAccessibleDescription(/NIK sudah terdaftar/);
    expect(email).toHaveValue('dewi@contoh.id');
    expect(router.state.location.pathname).toBe('/admin/user/7/edit');
  });

  it('sends no password when the box is left empty, and the new one when typed', async () => {
    const s = server({
      'PUT /api/users/update/7': (r) => ({ body: { data: { ...SITI, ...(r.body as object) } } }),
    });
    const { user, router } = renderApp('/admin/user/7/edit');
    expect(await screen.findByLabelText(/^Kata sandi baru/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    const first = s.requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(first).not.toHaveProperty('password');
    expect(first).toMatchObject({ name: 'Siti Aminah', identity_verified: false });
  });

  it('marks an identity verified: says what it means and sends identity_verified true', async () => {
    const s = server({
      'PUT /api/users/update/7': (r) => ({
        body: {
          data: { ...SITI, identity_verified_at: '2026-11-23T08:00:00Z', identity_verified_by: 1 },
          sent: r.body,
        },
      }),
    });
    const { user } = renderApp('/admin/user/7/edit');
    const group = await screen.findByRole('group', { name: 'Verifikasi identitas' });
    expect(group).toHaveTextContent(IDENTITY_MEANING);
    expect(group).toHaveTextContent('Identitas belum dicocokkan dengan KTP dan KK.');
    const box = within(group).getByLabelText('Identitas terverifikasi');
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pengguna "Siti Aminah" disimpan.')).toBeInTheDocument();
    const put = s.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/users/update/7');
    expect(put.body).toMatchObject({ identity_verified: true, nik: SITI.nik, name: SITI.name });
  });

  it('shows who verified an identity and when, and can take the mark back', async () => {
    const s = server({
      'PUT /api/users/update/8': (r) => ({
        body: { data: { ...VERIFIED, ...(r.body as object) } },
      }),
    });
    const { user } = renderApp('/admin/user/8/edit');
    const group = await screen.findByRole('group', { name: 'Verifikasi identitas' });
    await waitFor(() =>
      expect(group).toHaveTextContent(/Diverifikasi 20 November 2026.* oleh Budi Admin\./),
    );
    const box = within(group).getByLabelText('Identitas terverifikasi');
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Pengguna "Dewi Lestari" disimpan.');
    expect(s.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
      identity_verified: false,
    });
  });

  it('shows a refusal that is not about one field (own account) in the error summary', async () => {
    server({
      'PUT /api/users/update/1': () => ({
        status: 409,
        body: {
          message: 'Anda tidak dapat menonaktifkan atau menurunkan peran akun Anda sendiri.',
        },
      }),
    });
    const { user } = renderApp('/admin/user/1/edit');
    await user.click(await screen.findByLabelText('Status aktif'));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const summary = await screen.findByRole('heading', { name: 'Ada masalah' });
    expect(summary.closest('div')!.parentElement!).toHaveTextContent(
      'Anda tidak dapat menonaktifkan atau menurunkan peran akun Anda sendiri.',
    );
  });

  it('asks before leaving a changed form', async () => {
    server();
    const { user, router } = renderApp('/admin/user/7/edit');
    await user.type(await screen.findByLabelText('Pekerjaan (opsional)'), 'Petani');
    await user.click(screen.getByRole('link', { name: 'Batal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tinggalkan halaman ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Tetap di sini' }));
    expect(router.state.location.pathname).toBe('/admin/user/7/edit');
    expect(screen.getByLabelText('Pekerjaan (opsional)')).toHaveValue('Petani');
    fireEvent.click(screen.getByRole('link', { name: 'Batal' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Tinggalkan' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
  });

  it('sends an unknown id to /404', async () => {
    server();
    const { router } = renderApp('/admin/user/abc/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
