import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';
import type { ApiNotification } from '@balai/domain/contract';

const PER_PAGE = 2;

function notification(id: number, overrides: Partial<ApiNotification> = {}): ApiNotification {
  return {
    id,
    title: `Notifikasi ${id}`,
    body: `Isi notifikasi ${id}.`,
    link: `/service/ku/${100 + id}`,
    read: false,
    read_at: null,
    // Newer ids are newer: 22 November 2026, 07.00 UTC plus id minutes.
    created_at: new Date(Date.UTC(2026, 10, 22, 7, id)).toISOString(),
    ...overrides,
  };
}

/**
 * A stateful fake of the notification API for one user: newest first, PER_PAGE a page,
 * `unread=true`, the unread count, read and read-all.
 */
function serveNotifications(
  initial: ApiNotification[],
  overrides: Record<string, (req: SeenRequest) => { status?: number; body?: unknown }> = {},
) {
  const store = initial.map((n) => ({ ...n }));
  const markRead = (n: ApiNotification) => {
    if (!n.read) Object.assign(n, { read: true, read_at: '2026-11-23T01:00:00.000Z' });
  };
  return createFakeServer({
    'GET /api/notifications': (req) => {
      const query = new URL(req.path, 'http://x').searchParams;
      const page = Number(query.get('page') ?? 1);
      const rows = store
        .filter((n) => query.get('unread') !== 'true' || !n.read)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return {
        body: {
          data: rows.slice((page - 1) * PER_PAGE, page * PER_PAGE),
          meta: {
            page,
            per_page: PER_PAGE,
            total: rows.length,
            last_page: Math.max(1, Math.ceil(rows.length / PER_PAGE)),
          },
        },
      };
    },
    'GET /api/notifications/unread-count': () => ({
      body: { data: { count: store.filter((n) => !n.read).length } },
    }),
    'POST /api/notifications/read-all': () => {
      const updated = store.filter((n) => !n.read).length;
      store.forEach(markRead);
      return {
        body: { message: 'Semua notifikasi telah ditandai sudah dibaca.', data: { updated } },
      };
    },
    ...Object.fromEntries(
      store.flatMap((n) => [
        [`GET /api/notifications/${n.id}`, () => ({ body: { data: n } })],
        [
          `PUT /api/notifications/${n.id}/read`,
          () => {
            markRead(n);
            return { body: { data: n } };
          },
        ],
      ]),
    ),
    ...overrides,
  });
}

function listRequests(server: ReturnType<typeof createFakeServer>) {
  return server.seen('GET /api/notifications').map((r) => r.path);
}

async function findList() {
  return screen.findByRole('list', { name: 'Daftar notifikasi' });
}

async function bell() {
  return within(await screen.findByRole('banner')).findByRole('link', { name: /^Notifikasi/ });
}

describe('notification list page', () => {
  it('shows the own notifications newest first, unread ones marked in words, not colour only', async () => {
    const server = serveNotifications([
      notification(1, { read: true, read_at: '2026-11-22T08:00:00.000Z' }),
      notification(2, { title: 'Permohonan surat perlu dilengkapi' }),
    ]);
    seedSession(RESIDENT);
    renderApp('/notification');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifikasi' }),
    ).toBeInTheDocument();
    const list = await findList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    // The newest (id 2) first; it is unread: a "Baru" tag, and the link says so.
    const unread = within(items[0]!).getByRole('link', {
      name: 'Belum dibaca: Permohonan surat perlu dilengkapi',
    });
    expect(unread).toHaveAttribute('href', '/notification/2');
    expect(unread.className).toContain('font-bold');
    expect(within(items[0]!).getByText('Baru')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Isi notifikasi 2.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('22 November 2026, 14.02 WIB')).toHaveAttribute(
      'datetime',
      '2026-11-22T07:02:00.000Z',
    );

    const read = within(items[1]!).getByRole('link', { name: 'Notifikasi 1' });
    expect(read).toHaveAttribute('href', '/notification/1');
    expect(within(items[1]!).queryByText('Baru')).not.toBeInTheDocument();

    expect(listRequests(server)).toEqual(['/api/notifications?page=1']);
    await waitFor(() => expect(document.title).toBe('Notifikasi | Pemerintah Desa Sukamaju'));
  });

  it('filters to the unread ones, kept in the address', async () => {
    const server = serveNotifications([
      notification(1, { read: true }),
      notification(2),
      notification(3, { read: true }),
    ]);
    seedSession(RESIDENT);
    const { user, router } = renderApp('/notification');
    const filters = await screen.findByRole('navigation', { name: 'Saring notifikasi' });
    expect(within(filters).getByRole('link', { name: 'Semua' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(await findList()).getAllByRole('listitem')).toHaveLength(2); // page 1 of 2

    await user.click(within(filters).getByRole('link', { name: 'Belum dibaca' }));
    await waitFor(() => expect(router.state.location.search).toBe('?unread=true'));
    await waitFor(() =>
      expect(listRequests(server)).toContain('/api/notifications?page=1&unread=true'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Daftar notifikasi' })).getAllByRole('link'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Belum dibaca: Notifikasi 2' })).toBeInTheDocument();
    expect(within(filters).getByRole('link', { name: 'Belum dibaca' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(filters).getByRole('link', { name: 'Semua' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('says so when there is nothing unread', async () => {
    serveNotifications([notification(1, { read: true })]);
    seedSession(RESIDENT);
    renderApp('/notification?unread=true');
    expect(await screen.findByText('Tidak ada notifikasi yang belum dibaca.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Tandai semua sudah dibaca' }),
    ).not.toBeInTheDocument();
  });

  it('says so when there are no notifications at all', async () => {
    serveNotifications([]);
    seedSession(RESIDENT);
    renderApp('/notification');
    expect(await screen.findByText('Belum ada notifikasi.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Daftar notifikasi' })).not.toBeInTheDocument();
  });

  it('pages through with ?page= links that keep the filter', async () => {
    const all = [1, 2, 3, 4, 5].map((id) => notification(id));
    const server = serveNotifications(all);
    seedSession(RESIDENT);
    const { user, router } = renderApp('/notification?unread=true&page=2');

    const pages = await screen.findByRole('navigation', { name: 'Halaman notifikasi' });
    expect(within(pages).getByText('Halaman 2 dari 3')).toBeInTheDocument();
    expect(listRequests(server)).toEqual(['/api/notifications?page=2&unread=true']);
    expect(
      within(await findList())
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/notification/3', '/notification/2']);
    expect(within(pages).getByRole('link', { name: 'Sebelumnya' })).toHaveAttribute(
      'href',
      '/notification?unread=true',
    );
    const next = within(pages).getByRole('link', { name: 'Berikutnya' });
    expect(next).toHaveAttribute('href', '/notification?unread=true&page=3');

    await user.click(next);
    await waitFor(() => expect(router.state.location.search).toBe('?unread=true&page=3'));
    const last = await screen.findByRole('navigation', { name: 'Halaman notifikasi' });
    expect(within(last).getByText('Halaman 3 dari 3')).toBeInTheDocument();
    expect(within(last).queryByRole('link', { name: 'Berikutnya' })).not.toBeInTheDocument();
    expect(within(await findList()).getByRole('link')).toHaveAttribute('href', '/notification/1');
    expect(listRequests(server)).toContain('/api/notifications?page=3&unread=true');
    // A new page starts the reader at the top, as a page load would.
    expect(screen.getByRole('heading', { level: 1, name: 'Notifikasi' })).toHaveFocus();
  });

  it('marks all as read: the API is called, the list and the bell count update', async () => {
    const server = serveNotifications([
      notification(1),
      notification(2, { read: true }),
      notification(3),
    ]);
    seedSession(RESIDENT);
    const { user } = renderApp('/notification');
    expect(await bell()).toHaveAccessibleName('Notifikasi, 2 belum dibaca');
    const list = await findList();
    expect(within(list).getAllByText('Baru')).toHaveLength(1); // page 1: ids 3 and 2

    await user.click(screen.getByRole('button', { name: 'Tandai semua sudah dibaca' }));

    expect(
      await screen.findByText('Semua notifikasi telah ditandai sudah dibaca.'),
    ).toBeInTheDocument();
    expect(server.seen('POST /api/notifications/read-all')).toHaveLength(1);
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifikasi'));
    await waitFor(() => expect(within(list).queryByText('Baru')).not.toBeInTheDocument());
    expect(within(list).getByRole('link', { name: 'Notifikasi 3' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Tandai semua sudah dibaca' }),
    ).not.toBeInTheDocument();
  });

  it('tells when marking all fails, and leaves the list as it was', async () => {
    serveNotifications([notification(1)], {
      'POST /api/notifications/read-all': () => ({
        status: 500,
        body: { message: 'Terjadi kesalahan pada server.' },
      }),
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/notification');
    await findList();
    await user.click(screen.getByRole('button', { name: 'Tandai semua sudah dibaca' }));
    expect(await screen.findByText('Terjadi kesalahan pada server.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Belum dibaca: Notifikasi 1' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads the list', async () => {
    let fail = true;
    const server = serveNotifications([notification(1)]);
    server.on('GET /api/notifications', (req) => {
      if (fail) return { status: 500, body: { message: 'Server sedang sibuk.' } };
      const page = new URL(req.path, 'http://x').searchParams.get('page');
      return {
        body: {
          data: [notification(1)],
          meta: { page: Number(page), per_page: PER_PAGE, total: 1, last_page: 1 },
        },
      };
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/notification');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Data tidak dapat dimuat.');
    expect(alert).toHaveTextContent('Server sedang sibuk.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(
      await screen.findByRole('link', { name: 'Belum dibaca: Notifikasi 1' }),
    ).toBeInTheDocument();
  });

  it('is for signed-in users only', async () => {
    const server = serveNotifications([notification(1)]);
    const { router } = renderApp('/notification?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(
      `?returnTo=${encodeURIComponent('/notification?page=2')}`,
    );
    expect(listRequests(server)).toEqual([]);
  });
});

describe('notification detail page', () => {
  it('shows the whole message and the note, marks it read, and updates the bell and list', async () => {
    const server = serveNotifications([
      notification(1),
      notification(2, {
        title: 'Permohonan surat perlu dilengkapi',
        body: 'Permohonan Surat Keterangan Usaha Anda perlu dilengkapi. Catatan petugas: Foto KTP buram, mohon unggah ulang.',
        link: '/service/ku/12',
      }),
    ]);
    seedSession(RESIDENT);
    const { user, router } = renderApp('/notification');
    expect(await bell()).toHaveAccessibleName('Notifikasi, 2 belum dibaca');
    await user.click(
      await screen.findByRole('link', { name: 'Belum dibaca: Permohonan surat perlu dilengkapi' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Permohonan surat perlu dilengkapi' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notification/2');
    const main = screen.getByRole('main');
    expect(
      within(main).getByText('Permohonan Surat Keterangan Usaha Anda perlu dilengkapi.'),
    ).toBeInTheDocument();
    expect(within(main).getByText('Catatan petugas:')).toBeInTheDocument();
    expect(within(main).getByText('Foto KTP buram, mohon unggah ulang.')).toBeInTheDocument();
    expect(within(main).getByText('22 November 2026, 14.02 WIB')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Lihat permohonan' })).toHaveAttribute(
      'href',
      '/service/ku/12',
    );

    await waitFor(() => expect(server.seen('PUT /api/notifications/2/read')).toHaveLength(1));
    await waitFor(async () =>
      expect(await bell()).toHaveAccessibleName('Notifikasi, 1 belum dibaca'),
    );
    await waitFor(() => expect(document.title).toMatch(/^Permohonan surat perlu dilengkapi \|/));

    // Back on the list, it no longer shows as unread.
    await user.click(within(main).getByRole('link', { name: 'Kembali ke daftar notifikasi' }));
    expect(
      await screen.findByRole('link', { name: 'Permohonan surat perlu dilengkapi' }),
    ).toHaveAttribute('href', '/notification/2');
    expect(screen.getByRole('link', { name: 'Belum dibaca: Notifikasi 1' })).toBeInTheDocument();
    expect(server.seen('PUT /api/notifications/2/read')).toHaveLength(1);
  });

  it('leads back to the list page and filter it came from', async () => {
    serveNotifications([1, 2, 3].map((id) => notification(id)));
    seedSession(RESIDENT);
    const { user } = renderApp('/notification?unread=true&page=2');
    await user.click(await screen.findByRole('link', { name: 'Belum dibaca: Notifikasi 1' }));
    expect(
      await screen.findByRole('link', { name: 'Kembali ke daftar notifikasi' }),
    ).toHaveAttribute('href', '/notification?unread=true&page=2');
  });

  it('does not mark an already read one again', async () => {
    const server = serveNotifications([
      notification(4, { read: true, read_at: '2026-11-22T09:00:00.000Z', link: null }),
    ]);
    seedSession(RESIDENT);
    renderApp('/notification/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifikasi 4' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Isi notifikasi 4.')).toBeInTheDocument();
    // Without a subject there is no button to it, but still the way back.
    expect(screen.queryByRole('link', { name: 'Lihat permohonan' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar notifikasi' })).toHaveAttribute(
      'href',
      '/notification',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.seen('PUT /api/notifications/4/read')).toHaveLength(0);
  });

  it('says "Notifikasi tidak ditemukan." on a 404, with a link back', async () => {
    const server = createFakeServer({
      'GET /api/notifications/99': () => ({
        status: 404,
        body: { message: 'Notifikasi tidak ditemukan.' },
      }),
    });
    seedSession(RESIDENT);
    const { user, router } = renderApp('/notification/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifikasi tidak ditemukan.' }),
    ).toBeInTheDocument();
    expect(server.seen('PUT /api/notifications/99/read')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Kembali ke daftar notifikasi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification'));
  });

  it('treats an address that is no id as not found, without asking the server', async () => {
    const server = createFakeServer();
    seedSession(RESIDENT);
    renderApp('/notification/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifikasi tidak ditemukan.' }),
    ).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/notifications/abc'))).toEqual([]);
  });
});
