import {
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_TYPES,
  availableTransitions,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type SeenRequest } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import { parseQueue } from './desk-queue.ts';
import { ACTION_KEYS, DELETE_KEY, DOWNLOAD_KEY, EDIT_KEY } from './status-actions.tsx';
import type { LetterRequestDetail } from '@balai/domain/contract';

/** A request as these tests answer it: the fields the desk reads (`actions` left out, the desk then offers its own). */
type DeskAnswer = Omit<LetterRequestDetail, 'editable' | 'actions' | 'verify_url' | 'signature'> &
  Partial<LetterRequestDetail>;

const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;

function request(
  type: LetterType,
  id: number,
  status: LetterStatus,
  createdAt: string,
): DeskAnswer {
  return {
    id,
    type: type.code,
    type_title: type.title,
    letter_title: type.pdfTitle,
    status,
    status_label: LETTER_STATUS_LABELS[status],
    number: null,
    applicant_user_id: 7,
    applicant: {
      name: `Pemohon ${id}`,
      nik: '3203014506880002',
      kk_number: null,
      birth_place: 'Cianjur',
      birth_date: '1990-04-12',
      gender: 'Perempuan',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: 'Pedagang',
      education: 'SMA/Sederajat',
      nationality: 'WNI',
      address: 'Kp. Cibodas',
      rt: '001',
      rw: '002',
      hamlet: 'Cibodas',
    },
    applicant_verified: true,
    fields: { purpose: 'Pengajuan KUR', phone: '081234567890' },
    purpose: 'Pengajuan KUR',
    phone: '081234567890',
    note: null,
    pdf: null,
    issued_at: null,
    created_at: createdAt,
    updated_at: createdAt,
    attachments: [],
    events: [],
  };
}

/** Five requests of the KU queue, newest first (the queue's order): ids 5 … 1, one a day. */
const ROWS = [5, 4, 3, 2, 1].map((id) =>
  request(ku, id, 'submitted', `2026-11-${String(10 + id).padStart(2, '0')}T02:00:00.000Z`),
);

const listPage = (data: DeskAnswer[], page = 1, lastPage = 1) => ({
  body: {
    data,
    meta: {
      page,
      per_page: 15,
      total: data.length,
      last_page: lastPage,
      total_exact: true,
      counts: { submitted: data.length },
    },
  },
});

const queryOf = (r: SeenRequest) => new URL(r.path, 'http://x').searchParams;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  seedSession(ADMIN);
});

describe('the queue by keyboard', () => {
  async function openQueue(path = '/admin/service-ku?status=submitted') {
    createFakeServer({ [`GET ${ku.base}`]: () => listPage(ROWS) });
    const app = renderApp(path);
    await screen.findByRole('link', { name: 'KU-000005' }, { timeout: 3000 });
    return app;
  }

  it('/ focuses the search, without typing the slash', async () => {
    const { user } = await openQueue();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Cari' });
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    expect(search).toHaveAttribute('aria-keyshortcuts', '/');
  });

  it('j and k move the focus through the rows, Enter opens the request with the queue in from', async () => {
    const { user, router } = await openQueue();
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'KU-000005' })).toHaveFocus();
    await user.keyboard('jj');
    expect(screen.getByRole('link', { name: 'KU-000003' })).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'KU-000004' })).toHaveFocus();
    // At the ends it stays.
    await user.keyboard('kkkk');
    expect(screen.getByRole('link', { name: 'KU-000005' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku/5'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
      '/admin/service-ku?status=submitted',
    );
  });

  it('the arrows move through the rows while the table has focus, and only then', async () => {
    const { user } = await openQueue();
    await user.keyboard('{ArrowDown}');
    expect(document.body).toHaveFocus();
    screen.getByRole('region', { name: /permohonan, halaman 1 dari 1/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('link', { name: 'KU-000004' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'KU-000005' })).toHaveFocus();
  });

  it('typing in the search or with Ctrl, Alt or Meta held triggers nothing', async () => {
    const { user, router } = await openQueue();
    const search = screen.getByRole('searchbox', { name: 'Cari' });
    await user.click(search);
    await user.keyboard('jk/?[[]');
    expect(search).toHaveValue('jk/?[]');
    expect(search).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    search.blur();
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(document.body).toHaveFocus();
    expect(router.state.location.pathname).toBe('/admin/service-ku');
  });

  it('[ and ] go to the previous and next page, keeping the filters', async () => {
    const server = createFakeServer({
      [`GET ${ku.base}`]: (r) => {
        const page = Number(queryOf(r).get('page'));
        return listPage(page === 1 ? ROWS.slice(0, 3) : ROWS.slice(3), page, 2);
      },
    });
    const { user, router } = renderApp('/admin/service-ku?status=submitted');
    await screen.findByRole('link', { name: 'KU-000005' }, { timeout: 3000 });
    await user.keyboard('[['); // "[" (no page before the first)
    expect(router.state.location.search).toBe('?status=submitted');
    await user.keyboard(']');
    await waitFor(() => expect(router.state.location.search).toBe('?status=submitted&page=2'));
    expect(await screen.findByRole('link', { name: 'KU-000002' })).toBeVisible();
    await user.keyboard('[[');
    await waitFor(() => expect(router.state.location.search).toBe('?status=submitted'));
    expect(server.seen(`GET ${ku.base}`).map((r) => queryOf(r).get('status'))).toContain(
      'submitted',
    );
  });

  it('? opens the help with the queue keys; the visible hint opens it too', async () => {
    const { user } = await openQueue();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Pintasan papan ketik' });
    expect(help).toHaveTextContent('Ke kotak Cari');
    expect(help).toHaveTextContent('Sorot permohonan berikutnya');
    expect(help).toHaveTextContent('Halaman berikutnya');
    // While the help is open, the page's keys rest.
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'KU-000005' })).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Tekan ? untuk pintasan papan ketik' }));
    expect(screen.getByRole('dialog', { name: 'Pintasan papan ketik' })).toBeVisible();
  });
});

describe('the review page by keyboard', () => {
  const FROM = '/admin/service-ku?status=submitted';
  const reviewPath = (id: number, from: string | null = FROM) =>
    `/admin/service-ku/${id}${from === null ? '' : `?from=${encodeURIComponent(from)}`}`;

  function server(status: LetterStatus = 'submitted', rows = ROWS) {
    return createFakeServer({
      [`GET ${ku.base}`]: () => listPage(rows),
      ...Object.fromEntries(
        ROWS.map((r) => [
          `GET ${ku.base}/${r.id}`,
          () => ({ body: { data: { ...r, status, status_label: LETTER_STATUS_LABELS[status] } } }),
        ]),
      ),
      [`POST ${ku.base}/3/status`]: (r) => ({
        body: { data: { ...ROWS[2]!, status: (r.body as { status: LetterStatus }).status } },
      }),
    });
  }

  async function openReview(id = 3, from: string | null = FROM) {
    const app = renderApp(reviewPath(id, from));
    await screen.findByRole('group', { name: 'Tindakan' }, { timeout: 3000 });
    return app;
  }

  it('m opens Minta Dilengkapi with the note focused (the key not typed into it)', async () => {
    const api = server();
    const { user } = await openReview();
    expect(screen.getByRole('button', { name: 'Minta Dilengkapi' })).toHaveAttribute(
      'aria-keyshortcuts',
      'm',
    );
    await user.keyboard('m');
    const dialog = screen.getByRole('dialog', { name: 'Minta pemohon melengkapi' });
    const note = within(dialog).getByRole('textbox', { name: 'Yang perlu dilengkapi' });
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveValue('');
    // Typing the note never fires the page's keys.
    await user.keyboard('ptsu');
    expect(note).toHaveValue('ptsu');
    expect(api.seen(`POST ${ku.base}/3/status`)).toHaveLength(0);
  });

  it('t opens Tolak with its note; p takes Proses, as the button does', async () => {
    const api = server();
    const { user } = await openReview();
    await user.keyboard('t');
    expect(screen.getByRole('dialog', { name: 'Tolak permohonan?' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('p');
    expect(await screen.findByRole('status')).toHaveTextContent('Permohonan sedang diproses.');
    expect(api.seen(`POST ${ku.base}/3/status`).map((r) => r.body)).toEqual([
      { status: 'processing', note: null },
    ]);
  });

  it('s shows the draft preview first and issues nothing; a key the status does not offer does nothing', async () => {
    const api = server('processing');
    const { user } = await openReview();
    await user.keyboard('p'); // Proses is not offered while processing
    await user.keyboard('s');
    expect(
      await screen.findByRole('region', { name: 'Periksa surat sebelum diterbitkan' }),
    ).toBeVisible();
    expect(api.seen(`POST ${ku.base}/3/status`)).toHaveLength(0);
    // Escape closes the preview instead of leaving the page.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Periksa surat sebelum diterbitkan' }),
      ).toBeNull(),
    );
  });

  it('h asks before deleting', async () => {
    const api = server('rejected');
    const { user } = await openReview();
    await user.keyboard('h');
    expect(screen.getByRole('alertdialog', { name: 'Hapus permohonan KU-000003?' })).toBeVisible();
    expect(api.seen(`DELETE ${ku.base}/3`)).toHaveLength(0);
  });

  it('j and k open the next and previous request of the queue, keeping its filters', async () => {
    server();
    const { user, router } = await openReview(3);
    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku/2'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(FROM);
    await screen.findByRole('heading', { level: 1, name: 'Permohonan KU-000002' });
    await user.keyboard('k');
    await screen.findByRole('heading', { level: 1, name: 'Permohonan KU-000003' });
    await user.keyboard('k');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku/4'));
  });

  it('j still finds the next one after the request has left the filtered queue', async () => {
    // Request 3 was processed: the "Diajukan" queue no longer has it.
    server(
      'processing',
      ROWS.filter((r) => r.id !== 3),
    );
    const { user, router } = await openReview(3);
    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku/2'));
  });

  it('j at the end of a page opens the first request of the next page', async () => {
    const api = createFakeServer({
      [`GET ${ku.base}`]: (r) =>
        queryOf(r).get('page') === '2'
          ? listPage(ROWS.slice(3), 2, 2)
          : listPage(ROWS.slice(0, 3), 1, 2),
      [`GET ${ku.base}/3`]: () => ({ body: { data: ROWS[2] } }),
    });
    const { user, router } = await openReview(3);
    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku/2'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(`${FROM}&page=2`);
    expect(api.seen(`GET ${ku.base}`).some((r) => queryOf(r).get('page') === '2')).toBe(true);
  });

  it('u goes back to the queue with its filters, focus on the request left', async () => {
    server();
    const { user, router } = await openReview(3);
    await user.keyboard('u');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku'));
    expect(router.state.location.search).toBe('?status=submitted');
    await waitFor(() => expect(screen.getByRole('link', { name: 'KU-000003' })).toHaveFocus());
  });

  it('without a queue in the address, or with a foreign one, u goes to the type’s queue', async () => {
    server();
    for (const from of [
      null,
      'https://jahat.example/admin/service',
      '//jahat.example/x',
      '/admin/user',
    ]) {
      const { user, router, unmount } = await openReview(3, from);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/service-ku'));
      expect(router.state.location.search).toBe('');
      unmount();
    }
  });

  it('? opens the help listing only the actions this status allows', async () => {
    server('submitted');
    const { user } = await openReview();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Pintasan papan ketik' });
    expect(help).toHaveTextContent('Buka permohonan berikutnya di daftar');
    expect(help).toHaveTextContent('Kembali ke daftar');
    expect(help).toHaveTextContent('Proses');
    expect(help).toHaveTextContent('Tolak (menulis catatan dulu)');
    expect(help).not.toHaveTextContent('Terbitkan Surat');
    expect(help).not.toHaveTextContent('Hapus');
  });
});

describe('the desk keys', () => {
  const NAVIGATION = ['j', 'k', 'u', '?', '/', '[', ']'];

  it.each(LETTER_STATUSES)(
    'in %s: the administrator’s actions have keys of their own, none taken by navigation',
    (status) => {
      const keys = [
        ...availableTransitions(status, 'ADMINISTRATOR')
          .map((t) => ACTION_KEYS[t.actionLabel])
          .filter((k) => k !== undefined),
        EDIT_KEY,
        DOWNLOAD_KEY,
        DELETE_KEY,
      ];
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(NAVIGATION).not.toContain(key);
    },
  );

  it('the classic actions all have a key', () => {
    for (const label of [
      'Proses',
      'Minta Dilengkapi',
      'Tolak',
      'Terbitkan Surat',
      'Ajukan Tanda Tangan',
    ]) {
      expect(ACTION_KEYS[label], label).toMatch(/^[a-z]$/);
    }
  });

  it('from names only a desk queue, never another address', () => {
    expect(parseQueue('/admin/service-ku?status=submitted')?.href).toBe(
      '/admin/service-ku?status=submitted',
    );
    expect(parseQueue('/admin/service?page=2')?.type).toBeUndefined();
    for (const bad of [
      null,
      '',
      'https://jahat.example/admin/service',
      '//jahat.example/admin/service',
      '/admin/service-xx',
      '/admin/user',
      '/admin/service-ku/7',
    ]) {
      expect(parseQueue(bad), String(bad)).toBeNull();
    }
  });
});
