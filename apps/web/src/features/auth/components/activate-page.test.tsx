import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT } from '../../../testing/session.ts';

const REFUSED =
  'Data tidak dapat dicocokkan dengan buku induk desa. Periksa NIK, No. KK, dan tanggal lahir; jika sudah benar, hubungi kantor desa.';

function serve(activate: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
  const seen: { activate: Record<string, unknown>[]; login: Record<string, unknown>[] } = {
    activate: [],
    login: [],
  };
  createFakeServer({
    'POST /api/account/activate': (req) => {
      seen.activate.push(req.body as Record<string, unknown>);
      return activate(req.body as Record<string, unknown>);
    },
    'POST /api/login': (req) => {
      seen.login.push(req.body as Record<string, unknown>);
      return { body: { data: { token: 'tok-1', expires_at: 'x', user: RESIDENT } } };
    },
    'GET /api/profile': () => ({ body: { data: RESIDENT } }),
  });
  return seen;
}

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('NIK'), '3201014101900001');
  await user.type(screen.getByLabelText('No. KK'), '3201010000000001');
  await user.type(screen.getByLabelText('Tanggal lahir'), '1990-01-01');
  await user.type(screen.getByLabelText(/Nomor HP/), '0812 3456 7890');
  await user.type(screen.getByLabelText('Kata sandi'), 'kebun-kopi-subur-77');
  await user.type(screen.getByLabelText('Ulangi kata sandi'), 'kebun-kopi-subur-77');
}

describe('activate page (issue 21)', () => {
  it('is reached from the login page', async () => {
    serve(() => ({ body: {} }));
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('link', { name: 'Aktifkan akun' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aktifkan akun' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/activate');
  });

  it('activates, then signs in with the NIK and goes home', async () => {
    const seen = serve(() => ({
      body: { data: { token: 'tok-0', expires_at: 'x', user: RESIDENT } },
    }));
    const { user, router } = renderApp('/auth/activate');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Aktifkan akun' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(seen.activate[0]).toMatchObject({
      nik: '3201014101900001',
      kk_number: '3201010000000001',
      birth_date: '1990-01-01',
      phone: '6281234567890',
    });
    expect(seen.login[0]).toMatchObject({
      email: '3201014101900001',
      password: 'kebun-kopi-subur-77',
    });
  });

  it('shows the server’s one refusal in the summary and stays on the page', async () => {
    const seen = serve(() => ({ status: 422, body: { message: REFUSED } }));
    const { user, router } = renderApp('/auth/activate');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Aktifkan akun' }));
    expect(await screen.findByText(REFUSED)).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/activate');
    expect(seen.login).toHaveLength(0);
  });

  it('asks for a phone or an e-mail before sending', async () => {
    const seen = serve(() => ({ body: {} }));
    const { user } = renderApp('/auth/activate');
    await fill(user);
    await user.clear(screen.getByLabelText(/Nomor HP/));
    await user.click(screen.getByRole('button', { name: 'Aktifkan akun' }));
    expect(
      (await screen.findAllByText('Isi nomor HP atau alamat e-mail (salah satu).')).length,
    ).toBeGreaterThan(0);
    expect(seen.activate).toHaveLength(0);
  });

  it('opens from a slip’s QR code with the code filled in, activates with it and signs in with the NIK', async () => {
    const seen: Record<string, unknown>[] = [];
    const logins: Record<string, unknown>[] = [];
    createFakeServer({
      'POST /api/account/activate-code': (req) => {
        seen.push(req.body as Record<string, unknown>);
        return { body: { data: { token: 'tok-0', expires_at: 'x', user: RESIDENT } } };
      },
      'POST /api/login': (req) => {
        logins.push(req.body as Record<string, unknown>);
        return { body: { data: { token: 'tok-1', expires_at: 'x', user: RESIDENT } } };
      },
      'GET /api/profile': () => ({ body: { data: RESIDENT } }),
    });
    const { user, router } = renderApp('/auth/activate?code=7KQ4M-X9PWD');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aktifkan dengan kode' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Kode aktivasi')).toHaveValue('7KQ4M-X9PWD');
    await user.type(screen.getByLabelText(/Nomor HP/), '0812 3456 7890');
    await user.type(screen.getByLabelText('Kata sandi baru'), 'kebun-kopi-subur-77');
    await user.type(screen.getByLabelText('Ulangi kata sandi'), 'kebun-kopi-subur-77');
    await user.click(screen.getByRole('button', { name: 'Aktifkan akun' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(seen[0]).toMatchObject({ code: '7KQ4MX9PWD', phone: '6281234567890' });
    expect(logins[0]).toMatchObject({ email: RESIDENT.nik, password: 'kebun-kopi-subur-77' });
  });

  it('reaches the code form from the page and checks the code before sending', async () => {
    serve(() => ({ body: {} }));
    const { user } = renderApp('/auth/activate');
    await user.click(await screen.findByRole('button', { name: 'Aktifkan dengan kode' }));
    await user.type(screen.getByLabelText('Kode aktivasi'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Aktifkan akun' }));
    expect(
      (
        await screen.findAllByText(
          'Kode aktivasi terdiri dari 10 huruf dan angka, seperti tertulis pada slip dari kantor desa.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
