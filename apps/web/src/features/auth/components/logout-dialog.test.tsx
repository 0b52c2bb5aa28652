import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession, storedAuth } from '../../../testing/session.ts';

async function openLogout(path = '/profile') {
  const { user, router } = renderApp(path);
  const header = await screen.findByRole('banner');
  await user.click(await within(header).findByRole('button', { name: /Menu pengguna/ }));
  await user.click(within(header).getByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Konfirmasi' });
  return { user, router, dialog };
}

describe('logout', () => {
  it('asks "Apakah anda yakin ingin keluar?" with Keluar and Batal; Batal keeps the session', async () => {
    const server = createFakeServer({ 'GET /api/profile': () => ({ body: { data: RESIDENT } }) });
    seedSession(RESIDENT);
    const { user, dialog } = await openLogout();
    expect(dialog).toHaveAccessibleDescription('Apakah anda yakin ingin keluar?');
    expect(within(dialog).getByRole('button', { name: 'Keluar' })).toBeInTheDocument();
    const cancel = within(dialog).getByRole('button', { name: 'Batal' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.seen('POST /api/logout')).toHaveLength(0);
    expect(storedAuth().status).toBe('authenticated');
  });

  it('Keluar: the logout call, the session cleared, then the login page', async () => {
    const server = createFakeServer({
      'GET /api/profile': () => ({ body: { data: RESIDENT } }),
      'POST /api/logout': () => ({ status: 204 }),
    });
    seedSession(RESIDENT);
    const { user, router, dialog } = await openLogout();
    await user.click(within(dialog).getByRole('button', { name: 'Keluar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');
    expect(server.seen('POST /api/logout')[0]!.headers.authorization).toBe('Bearer token-abc');
    expect(storedAuth()).toMatchObject({ user: null, status: 'unauthenticated', expiredAt: 0 });
    expect(window.sessionStorage.getItem('access_token')).toBeNull();
    // The public village data stays; only the user's own cached data is dropped.
    expect(
      within(screen.getByRole('contentinfo')).getByText('Pemerintah Desa Sukamaju', {
        selector: 'p',
      }),
    ).toBeInTheDocument();
  });

  it('on failure: "Gagal!" with its text and "Kembali", logged to the console, still signed in', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    createFakeServer({
      'GET /api/profile': () => ({ body: { data: RESIDENT } }),
      // The profile's notices section (issue 22) loads too; only the logout fails here.
      'GET /api/profile/notice-channels': () => ({
        body: { data: { in_app: true, telegram_bot: null, channels: [] } },
      }),
      'POST /api/logout': () => ({ status: 500 }),
    });
    seedSession(RESIDENT);
    const { user, router, dialog } = await openLogout();
    await user.click(within(dialog).getByRole('button', { name: 'Keluar' }));

    const failed = await screen.findByRole('alertdialog', { name: 'Gagal!' });
    expect(failed).toHaveAccessibleDescription(
      'Maaf, permintaan logout gagal. Silakan coba kembali dalam beberapa saat.',
    );
    expect(consoleError).toHaveBeenCalled();
    // The store's error toast says what went wrong.
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(within(failed).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile');
    expect(storedAuth().status).toBe('authenticated');
  });
});
