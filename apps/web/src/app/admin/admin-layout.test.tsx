import { CONTENT_RESOURCES } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD } from '../../testing/admin-fixtures.ts';
import { createFakeServer } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { ADMIN, RESIDENT, seedSession } from '../../testing/session.ts';
import { MENU_NOT_FOUND } from './menu-search.tsx';

const emptyList = () => ({
  body: { data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } },
});

function adminServer() {
  return createFakeServer({
    'GET /api/users/detail/1': () => ({ body: { data: ADMIN } }),
    'GET /api/dashboard': () => ({ body: { data: DASHBOARD } }),
    ...Object.fromEntries(CONTENT_RESOURCES.map((r) => [`GET ${r.base}`, emptyList])),
  });
}

describe('admin layout and guard', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('shows an administrator the dashboard with its title, heading and breadcrumbs', async () => {
    adminServer();
    seedSession(ADMIN);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await waitFor(() => expect(document.title).toBe('Dashboard | Pemerintah Desa Sukamaju'));
    expect(
      screen.getByText('Angka per 14.05 WIB; diperbarui paling lama tiap menit.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'KU-000009' })).toHaveAttribute(
      'href',
      '/admin/service-ku/9',
    );
    // The user dropdown: the name and the first role.
    const user = screen.getByRole('button', { name: /Budi Admin/ });
    expect(user).toHaveTextContent('Administrator');
  });

  it('sends a signed-in resident from /admin to the home page', async () => {
    createFakeServer({ 'GET /api/dashboard': () => ({ status: 403, body: { message: 'x' } }) });
    seedSession(RESIDENT);
    const { router } = renderApp('/admin/about-age');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an unknown group and an unknown admin path to /404', async () => {
    adminServer();
    seedSession(ADMIN);
    const { router } = renderApp('/admin/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    const second = renderApp('/admin/about-age/1/x/y');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });

  it('opens every menu link as a page of its own, not /404', async () => {
    adminServer();
    seedSession(ADMIN);
    for (const r of CONTENT_RESOURCES) {
      const { router, unmount } = renderApp(`/admin/${r.group}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: r.labels.plural }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/admin/${r.group}`);
      unmount();
    }
  });

  it('filters the menu by title and says "Page not found." when nothing matches', async () => {
    adminServer();
    seedSession(ADMIN);
    const { user, router } = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const search = screen.getByRole('searchbox', { name: 'Cari menu' });
    await user.type(search, 'GAL');
    const results = screen.getByRole('search');
    expect(within(results).getByRole('link', { name: 'Daftar Galeri' })).toBeVisible();
    await user.clear(search);
    await user.type(search, 'tidak-ada');
    expect(within(results).getByText(MENU_NOT_FOUND)).toBeVisible();
    // Keyboard: type, arrow down into the results, Enter follows the link.
    await user.clear(search);
    await user.type(search, 'usia');
    await user.keyboard('{ArrowDown}');
    expect(within(results).getByRole('link', { name: 'Daftar Usia' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/about-age'));
    // Enter in the box opens the first match.
    await user.type(search, 'manfaat{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/home-benefit'));
  });

  it.each([
    ['surat usaha', ['Daftar Usaha']],
    ['akta', ['Daftar Kelahiran', 'Daftar Kematian']],
    ['SKCK', ['Daftar Pengantar SKCK']],
    ['Surat Pengantar Izin Keramaian', ['Daftar Surat Izin Rame Rame']],
    ['kop surat', ['Pengaturan Desa']],
    ['sejarah desa', ['Daftar Halaman Profil']],
  ])('finds "%s" by the long names and common words: %j', async (query, links) => {
    adminServer();
    seedSession(ADMIN);
    const { user } = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.type(screen.getByRole('searchbox', { name: 'Cari menu' }), query);
    const results = screen.getByRole('search');
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('link')
          .filter((a) => !a.textContent?.startsWith('Buat'))
          .map((a) => a.getAttribute('aria-label') ?? a.textContent),
      ).toEqual(links),
    );
    expect(within(results).queryByText(MENU_NOT_FOUND)).not.toBeInTheDocument();
  });
});
