import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../lib/auth/auth-state.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, RESIDENT, storedAuth } from '../../../testing/session.ts';

function serveLogin(user = RESIDENT) {
  return createFakeServer({
    'POST /api/login': (req) =>
      (req.body as { password: string }).password === 'rahasia123'
        ? { body: { data: { token: 'tok-1', expires_at: 'x', user } } }
        : { status: 401, body: { message: 'E-mail atau kata sandi salah.' } },
    'GET /api/profile': () => ({ body: { data: user } }),
    'GET /api/users/detail/1': () => ({ body: { data: user } }),
  });
}

describe('login page', () => {
  it('has labelled fields with autocomplete, "Ingat saya" and a link to forgot password', async () => {
    serveLogin();
    renderApp('/auth/login');
    const email = await screen.findByLabelText('E-mail atau NIK');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'text');
    expect(email).toHaveAccessibleDescription(/masuk dengan NIK 16 digit/);
    expect(screen.getByLabelText('Kata sandi')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('checkbox', { name: 'Ingat saya' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Lupa kata sandi?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    await waitFor(() => expect(document.title).toBe('Masuk | Pemerintah Desa Sukamaju'));
  });

  it('signs a resident in and follows returnTo', async () => {
    serveLogin();
    const { user, router } = renderApp('/auth/login?returnTo=%2Fprofile');
    await user.type(await screen.findByLabelText('E-mail atau NIK'), 'Siti@Contoh.id');
    await user.type(screen.getByLabelText('Kata sandi'), 'rahasia123');
    await user.click(screen.getByRole('checkbox', { name: 'Ingat saya' }));
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profil Saya' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(storedAuth().remember).toEqual({ email: 'siti@contoh.id' });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('rahasia123');
  });

  it('sends a resident without returnTo home', async () => {
    serveLogin();
    const { user, router } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail atau NIK'), 'siti@contoh.id');
    await user.type(screen.getByLabelText('Kata sandi'), 'rahasia123');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an administrator to /admin', async () => {
    const server = serveLogin(ADMIN);
    const { user, router } = renderApp('/auth/login');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.type(await screen.findByLabelText('E-mail atau NIK'), 'admin@contoh.id');
    await user.type(screen.getByLabelText('Kata sandi'), 'rahasia123');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(visited).toContain('/admin'));
    expect(server.seen('GET /api/users/detail/1')).toHaveLength(1);
    expect(storedAuth().user?.roles).toEqual([{ name: 'ADMINISTRATOR' }]);
  });

  it('prefills the remembered e-mail and keeps "Ingat saya" ticked', async () => {
    serveLogin();
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ remember: { email: 'siti@contoh.id' } }),
    );
    renderApp('/auth/login');
    expect(await screen.findByLabelText('E-mail atau NIK')).toHaveValue('siti@contoh.id');
    expect(screen.getByLabelText('Kata sandi')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Ingat saya' })).toBeChecked();
  });

  it('validates on submit with the shared schema, without calling the API', async () => {
    const server = serveLogin();
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail atau NIK'), 'bukan-email');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(
      await screen.findByRole('link', {
        name: 'Masukkan alamat e-mail yang valid atau NIK 16 digit.',
      }),
    ).toHaveAttribute('href', '#email');
    expect(screen.getByRole('link', { name: 'Kata sandi wajib diisi.' })).toHaveAttribute(
      'href',
      '#password',
    );
    expect(screen.getByLabelText('E-mail atau NIK')).toHaveValue('bukan-email');
    expect(server.seen('POST /api/login')).toHaveLength(0);
  });

  it('a wrong password: the message once, in the summary (no toast besides)', async () => {
    serveLogin();
    const { user, router } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail atau NIK'), 'siti@contoh.id');
    await user.type(screen.getByLabelText('Kata sandi'), 'salah-sekali');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(summary).toHaveTextContent('E-mail atau kata sandi salah.');
    expect(screen.getAllByText('E-mail atau kata sandi salah.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('forgot and reset password', () => {
  it('asks for the e-mail, then says to check it', async () => {
    const server = createFakeServer({
      'POST /api/forgot-password': () => ({ body: { data: { ok: true } } }),
    });
    const { user, router } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'siti@contoh.id');
    await user.click(screen.getByRole('button', { name: 'Kirim tautan' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Periksa e-mail Anda' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password/email');
    expect(screen.getByText('siti@contoh.id')).toBeInTheDocument();
    expect(server.seen('POST /api/forgot-password')[0]!.body).toEqual({ email: 'siti@contoh.id' });
  });

  it('tells a resident without e-mail to ask the office', async () => {
    renderApp('/auth/forgot-password');
    expect(
      await screen.findByText(/Tidak punya e-mail, atau masuk dengan NIK\?/),
    ).toHaveTextContent(/Datanglah ke kantor desa dengan membawa KTP/);
  });

  it('signs in with a NIK typed with spaces, sent as 16 digits', async () => {
    const server = serveLogin();
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail atau NIK'), '3203 0123 4567 0001');
    await user.type(screen.getByLabelText('Kata sandi'), 'rahasia123');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(server.seen('POST /api/login')).toHaveLength(1));
    expect(server.seen('POST /api/login')[0]!.body).toMatchObject({
      email: '3203012345670001',
      password: 'rahasia123',
    });
  });

  it('sets a new password from the link and points to login', async () => {
    const server = createFakeServer({
      'POST /api/reset-password': () => ({ body: { data: { ok: true } } }),
    });
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('Kata sandi baru'), 'sandiBaru123');
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'sandiBaru123');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kata sandi berhasil diubah' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Masuk' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(server.seen('POST /api/reset-password')[0]!.body).toEqual({
      token: 'abc123',
      password: 'sandiBaru123',
      password_confirmation: 'sandiBaru123',
    });
  });

  it('checks the confirmation and shows a rejected token in the summary', async () => {
    createFakeServer({
      'POST /api/reset-password': () => ({
        status: 422,
        body: {
          message: 'Data tidak valid.',
          errors: { token: ['Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa.'] },
        },
      }),
    });
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('Kata sandi baru'), 'sandiBaru123');
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'sandiLain123');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    expect(
      await screen.findByRole('link', {
        name: 'Ulangi kata sandi baru harus sama dengan Kata sandi baru.',
      }),
    ).toHaveAttribute('href', '#password_confirmation');

    await user.clear(screen.getByLabelText('Ulangi kata sandi baru'));
    await user.type(screen.getByLabelText('Ulangi kata sandi baru'), 'sandiBaru123');
    await user.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    expect(await screen.findByText(/sudah kedaluwarsa/)).toBeInTheDocument();
  });

  it('explains a link without a token', async () => {
    createFakeServer();
    renderApp('/auth/reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tautan tidak valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Minta tautan baru' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });
});
