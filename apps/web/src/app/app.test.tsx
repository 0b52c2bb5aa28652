import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../lib/auth/auth-state.ts';
import { createFakeServer, SETTINGS } from '../testing/fake-server.ts';
import { renderApp } from '../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../testing/session.ts';

describe('app shell', () => {
  it('sends unknown paths to /404, a real page with a way home', async () => {
    createFakeServer();
    const { router, user } = renderApp('/tidak/ada');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    await user.click(screen.getByRole('link', { name: 'Kembali ke Beranda' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Beranda Pemerintah Desa Sukamaju' }),
    ).toBeInTheDocument();
  });

  it('sets the title and description per page, with the village name', async () => {
    createFakeServer();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Beranda Pemerintah Desa Sukamaju' });
    await waitFor(() => expect(document.title).toBe('Beranda | Pemerintah Desa Sukamaju'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('Pemerintah Desa Sukamaju'),
    );
  });

  it('scrolls to the top on every path change', async () => {
    createFakeServer();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Beranda/ });
    scrollTo.mockClear();
    const nav = screen.getByRole('navigation', { name: 'Utama' });
    await user.click(within(nav).getByRole('link', { name: 'Layanan' }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('home names the village and links to the services, the profile and the gallery', async () => {
    createFakeServer({
      'GET /api/letter-types': () => ({
        body: {
          data: [
            { code: 'ku', title: 'Usaha', description: '', requirements: [] },
            // Public pages call a type by its formal name, not the admin menu's title (issue 25).
            {
              code: 'irr',
              title: 'Surat Izin Rame Rame',
              name: 'Surat Pengantar Izin Keramaian',
              description: '',
              requirements: [],
            },
          ],
        },
      }),
    });
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', {
        level: 1,
        name: 'Beranda Pemerintah Desa Sukamaju',
      }),
    ).toBeInTheDocument();
    expect(await within(main).findByRole('link', { name: 'Usaha' })).toHaveAttribute(
      'href',
      '/service/ku',
    );
    expect(
      within(main).getByRole('link', { name: 'Surat Pengantar Izin Keramaian' }),
    ).toHaveAttribute('href', '/service/irr');
    expect(within(main).queryByText('Surat Izin Rame Rame')).toBeNull();
    expect(
      within(main).getByRole('link', { name: 'Lihat persyaratan semua layanan' }),
    ).toHaveAttribute('href', '/service');
    expect(within(main).getByRole('link', { name: 'Selengkapnya di Profil Desa' })).toHaveAttribute(
      'href',
      '/about',
    );
    expect(within(main).getByRole('link', { name: 'Lihat semua foto di Galeri' })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });

  it('on expiry shows the message, then sends the user to login after 1 s', async () => {
    createFakeServer({ 'GET /api/profile': () => ({ body: { data: RESIDENT } }) });
    seedSession(RESIDENT, { expiredAt: Date.now() + 300 });
    const { router } = renderApp('/profile');
    // Whether the message was on screen when the app left /profile (a loaded machine may take
    // longer than the 300 ms to show the profile: the order is what is checked, not the clock).
    let shownBeforeLeaving: boolean | undefined;
    const stop = router.subscribe((state) => {
      if (shownBeforeLeaving === undefined && state.location.pathname !== '/profile') {
        shownBeforeLeaving = document.body.textContent?.includes(SESSION_EXPIRED_MESSAGE);
      }
    });
    try {
      expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
      // A second after the message, then the login page's chunk: give a loaded machine time.
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), {
        timeout: 20_000,
      });
      expect(shownBeforeLeaving).toBe(true);
      expect(router.state.location.search).toBe('?returnTo=%2Fprofile');
      expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    } finally {
      stop();
    }
  });
});

describe('top bar', () => {
  it('signed out: Beranda, Profil Desa, Layanan and a Masuk button', async () => {
    createFakeServer();
    renderApp('/');
    const header = await screen.findByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Utama' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Beranda', '/'],
      ['Profil Desa', '/about'],
      ['Layanan', '/service'],
    ]);
    expect(within(header).getByRole('link', { name: 'Masuk' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(within(header).queryByRole('link', { name: /Notifikasi/ })).toBeNull();
  });

  it('signed in: the bell with the unread count, the name and the user menu', async () => {
    const server = createFakeServer({
      'GET /api/notifications/unread-count': () => ({ body: { data: { count: 3 } } }),
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/');
    const header = await screen.findByRole('banner');
    const bell = await within(header).findByRole('link', { name: 'Notifikasi, 3 belum dibaca' });
    expect(bell).toHaveAttribute('href', '/notification');
    expect(server.seen('GET /api/notifications/unread-count')[0]!.headers.authorization).toBe(
      'Bearer token-abc',
    );
    expect(within(header).getAllByText('Siti Aminah').length).toBeGreaterThan(0);
    expect(within(header).queryByRole('link', { name: 'Masuk' })).toBeNull();

    const toggle = within(header).getByRole('button', { name: 'Menu pengguna Siti Aminah' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Profil Saya' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(panel).getByRole('link', { name: 'Riwayat Surat' })).toHaveAttribute(
      'href',
      '/profile/letter-history',
    );
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('is 70 px high and turns translucent after scrolling', async () => {
    createFakeServer();
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(header.className).toContain('h-header');
    // The village's name on a line of its own, so a phone does not cut it to "Pemerintah De…".
    const village = within(header).getByText('Sukamaju');
    expect(village).toHaveClass('block', 'truncate');
    expect(village.parentElement).toHaveTextContent(/^Pemerintah Desa Sukamaju$/);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    try {
      await act(async () => {
        Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      // What the user sees, once React has applied the scroll (a busy machine may take a while),
      // on the bar as it is then.
      await waitFor(() =>
        expect(screen.getByRole('banner')).toHaveAttribute('data-scrolled', 'true'),
      );
      expect(screen.getByRole('banner').className).toContain('backdrop-blur');
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });

  it('opens the side menu on small screens as a dialog that Escape closes', async () => {
    createFakeServer();
    const { user } = renderApp('/');
    const open = await screen.findByRole('button', { name: 'Buka menu' });
    await user.click(open);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(menu.className).toContain('duration-300');
    expect(within(menu).getByRole('link', { name: 'Profil Desa' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Masuk' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
  });
});

describe('footer', () => {
  it('shows the government, address, navigation, contacts, social links and the year', async () => {
    createFakeServer();
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('Pemerintah Desa Sukamaju', { selector: 'p' });
    expect(
      within(footer).getByText(/Jl\. Raya Sukamaju No\. 1, Desa Sukamaju, Kec\. Cibeber/),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: SETTINGS.phone })).toHaveAttribute(
      'href',
      'tel:0263123456',
    );
    expect(within(footer).getByRole('link', { name: SETTINGS.email })).toHaveAttribute(
      'href',
      `mailto:${SETTINGS.email}`,
    );
    const nav = within(footer).getByRole('navigation', { name: 'Navigasi' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Beranda', 'Profil Desa', 'Layanan']);
    const social = [
      ['WhatsApp (membuka tab baru)', 'https://wa.me/6281234567890'],
      ['YouTube (membuka tab baru)', 'https://www.youtube.com/@desasukamaju'],
      ['Instagram (membuka tab baru)', 'https://www.instagram.com/desasukamaju'],
    ];
    for (const [name, href] of social) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(footer).queryByRole('link', { name: /^X\b|Twitter/ })).toBeNull(); // not set
    expect(
      within(footer).getByText(
        new RegExp(`© ${new Date().getFullYear()} Pemerintah Desa Sukamaju`),
      ),
    ).toBeInTheDocument();
  });
});
