import { RELIGIONS } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession, storedAuth } from '../../../testing/session.ts';

function serveProfile(put?: (req: SeenRequest) => { status?: number; body?: unknown }) {
  return createFakeServer({
    'GET /api/profile': () => ({ body: { data: RESIDENT } }),
    'PUT /api/profile': (req) =>
      put?.(req) ?? { body: { data: { ...RESIDENT, ...(req.body as object) } } },
  });
}

describe('profile page', () => {
  it('shows the own data, with what is missing for letters', async () => {
    serveProfile();
    seedSession(RESIDENT);
    renderApp('/profile');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profil Saya' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('3203012345670001')).toBeInTheDocument();
    expect(within(main).getByText('12 April 1990')).toBeInTheDocument();
    expect(within(main).getByText(/Belum diisi: Pekerjaan\./)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profil Saya | Pemerintah Desa Sukamaju'));
  });

  it('edits the biodata: choices as selects, saved with PUT, the name updated in the top bar', async () => {
    const server = serveProfile();
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));

    const religion = screen.getByRole('combobox', { name: 'Agama (opsional)' });
    expect(
      within(religion)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pilih agama', ...RELIGIONS]);
    expect(religion).toHaveValue('Islam');
    expect(screen.getByLabelText('Nama lengkap')).toHaveValue('Siti Aminah');

    await user.clear(screen.getByLabelText('Nama lengkap'));
    await user.type(screen.getByLabelText('Nama lengkap'), 'Siti Aminah Putri');
    await user.type(screen.getByLabelText('Pekerjaan (opsional)'), 'Petani');
    await user.selectOptions(religion, 'Katolik');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));

    expect(await screen.findByText('Profil berhasil disimpan.')).toBeInTheDocument();
    const body = server.seen('PUT /api/profile')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Siti Aminah Putri',
      occupation: 'Petani',
      religion: 'Katolik',
      kk_number: null, // blank means "not filled in"
      nik: '3203012345670001',
    });
    const header = screen.getByRole('banner');
    await waitFor(() =>
      expect(within(header).getAllByText('Siti Aminah Putri').length).toBeGreaterThan(0),
    );
    expect(storedAuth().user?.name).toBe('Siti Aminah Putri');
    expect(await screen.findByText('Petani')).toBeInTheDocument();
  });

  it('a new NIK: the profile keeps the old one and says the office checks it first', async () => {
    const message =
      'Perubahan NIK menjadi ************0099 dicatat dan akan diperiksa petugas desa. Bawa KTP Anda ke kantor desa; NIK di profil diganti setelah diperiksa.';
    const server = serveProfile((req) => {
      const { nik: _nik, ...rest } = req.body as Record<string, unknown>;
      return {
        body: { data: { ...RESIDENT, ...rest }, nik_change: { status: 'requested', message } },
      };
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));
    await user.clear(screen.getByLabelText('NIK (opsional)'));
    await user.type(screen.getByLabelText('NIK (opsional)'), '3203012345670099');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.seen('PUT /api/profile')[0]!.body).toMatchObject({ nik: '3203012345670099' });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('3203012345670001')).toBeInTheDocument();
  });

  it('asks for the current password only when the e-mail changes, and shows the server answer on it', async () => {
    let calls = 0;
    const server = serveProfile((req) => {
      calls += 1;
      return calls === 1
        ? {
            status: 422,
            body: {
              message: 'Kata sandi saat ini salah.',
              errors: { current_password: ['Kata sandi saat ini salah.'] },
            },
          }
        : { body: { data: { ...RESIDENT, ...(req.body as object) } } };
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));
    expect(screen.queryByLabelText('Kata sandi saat ini')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'baru@contoh.id');
    await user.type(screen.getByLabelText('Kata sandi saat ini'), 'salah-sekali');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(await screen.findByRole('link', { name: 'Kata sandi saat ini salah.' })).toHaveAttribute(
      'href',
      '#current_password',
    );
    expect(server.seen('PUT /api/profile')[0]!.body).toMatchObject({
      email: 'baru@contoh.id',
      current_password: 'salah-sekali',
    });

    await user.clear(screen.getByLabelText('Kata sandi saat ini'));
    await user.type(screen.getByLabelText('Kata sandi saat ini'), 'kata-sandi-benar');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(await screen.findByText('Profil berhasil disimpan.')).toBeInTheDocument();
    expect(server.seen('PUT /api/profile')[1]!.body).toMatchObject({
      current_password: 'kata-sandi-benar',
    });
  });

  it('shows validation and server 422 errors on the fields, keeping the input', async () => {
    serveProfile(() => ({
      status: 422,
      body: {
        message: 'Data tidak valid.',
        errors: { email: ['E-mail sudah dipakai akun lain.'] },
      },
    }));
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));

    await user.clear(screen.getByLabelText('NIK (opsional)'));
    await user.type(screen.getByLabelText('NIK (opsional)'), '3203x');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(await screen.findByRole('link', { name: 'NIK harus 16 digit angka.' })).toHaveAttribute(
      'href',
      '#nik',
    );
    expect(screen.getByLabelText('NIK (opsional)')).toHaveValue('3203x');

    await user.clear(screen.getByLabelText('NIK (opsional)'));
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'dipakai@contoh.id');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(
      await screen.findByRole('link', { name: 'E-mail sudah dipakai akun lain.' }),
    ).toHaveAttribute('href', '#email');
    expect(screen.getByText('Data tidak valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('dipakai@contoh.id');
    expect(document.title).toMatch(/^Kesalahan: Ubah profil/);
  });
});

describe('change password page', () => {
  it('changes the password and keeps the user signed in', async () => {
    const server = createFakeServer({
      'PUT /api/profile/password': () => ({ body: { data: { message: 'ok' } } }),
    });
    seedSession(RESIDENT);
    const { user, router } = renderApp('/profile/change-password');
    await user.type(await screen.findByLabelText('Kata sandi saat ini'), 'lama12345');
    await user.type(screen.getByLabelText('Kata sandi baru'), 'baru12345');
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'baru12345');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));

    expect(await screen.findByText('Kata sandi berhasil diubah.')).toBeInTheDocument();
    expect(server.seen('PUT /api/profile/password')[0]!.body).toEqual({
      current_password: 'lama12345',
      password: 'baru12345',
      password_confirmation: 'baru12345',
    });
    expect(screen.getByLabelText('Kata sandi saat ini')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/profile/change-password');
    expect(storedAuth().status).toBe('authenticated');
    expect(window.sessionStorage.getItem('access_token')).toBe('token-abc');
  });

  it('shows a wrong current password on its field', async () => {
    createFakeServer({
      'PUT /api/profile/password': () => ({
        status: 422,
        // As the server answers it: the one field's message is the overall message too.
        body: {
          message: 'Kata sandi saat ini salah.',
          errors: { current_password: ['Kata sandi saat ini salah.'] },
        },
      }),
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/profile/change-password');
    await user.type(await screen.findByLabelText('Kata sandi saat ini'), 'keliru123');
    await user.type(screen.getByLabelText('Kata sandi baru'), 'baru12345');
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'baru12345');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    expect(await screen.findByRole('link', { name: 'Kata sandi saat ini salah.' })).toHaveAttribute(
      'href',
      '#current_password',
    );
    expect(screen.getByLabelText('Kata sandi saat ini')).toHaveAccessibleDescription(
      'Kesalahan: Kata sandi saat ini salah.',
    );
    // Once in the summary (its link), once on the field: never twice in the summary.
    const summary = screen.getByRole('heading', { name: 'Ada masalah' }).parentElement!;
    expect(within(summary).getAllByText('Kata sandi saat ini salah.')).toHaveLength(1);
  });

  it('says an empty new password is required, and names the boxes as labelled when they differ', async () => {
    const server = createFakeServer({});
    seedSession(RESIDENT);
    const { user } = renderApp('/profile/change-password');
    await user.type(await screen.findByLabelText('Kata sandi saat ini'), 'lama12345');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kata sandi baru wajib diisi.', 'Ulangi kata sandi baru wajib diisi.']);

    await user.type(screen.getByLabelText('Kata sandi baru'), 'baru12345');
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'baru12346');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    expect(
      await screen.findByRole('link', {
        name: 'Ulangi kata sandi baru harus sama dengan Kata sandi baru.',
      }),
    ).toHaveAttribute('href', '#password_confirmation');
    expect(server.seen('PUT /api/profile/password')).toHaveLength(0);
  });
});
