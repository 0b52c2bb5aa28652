import {
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_TYPES,
  availableTransitions,
  canDeleteLetter,
  canEditLetter,
  requestReference,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

/** A request as these tests answer it: the fields the desk reads (`actions` left out, the desk then offers its own). */
type DeskAnswer = Omit<LetterRequestDetail, 'editable' | 'actions' | 'verify_url' | 'signature'> &
  Partial<LetterRequestDetail>;

const APPLICANT = {
  name: 'Siti Aminah',
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
};

function request(
  type: LetterType,
  status: LetterStatus,
  over: Partial<DeskAnswer> = {},
): DeskAnswer {
  const completed = status === 'completed';
  return {
    id: 42,
    type: type.code,
    type_title: type.title,
    letter_title: type.pdfTitle,
    status,
    status_label: LETTER_STATUS_LABELS[status],
    number: completed ? '500/001/3203012001/XI/2026' : null,
    applicant_user_id: 7,
    applicant: APPLICANT,
    applicant_verified: true,
    fields: { purpose: 'Pengajuan KUR', phone: '081234567890' },
    purpose: 'Pengajuan KUR',
    phone: '081234567890',
    note: null,
    pdf: completed ? { history_id: 3, sha256: 'ab', url: `${type.base}/42/pdf` } : null,
    issued_at: completed ? '2026-11-21T02:00:00.000Z' : null,
    created_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-20T02:00:00.000Z',
    attachments: [],
    events: [
      {
        id: 1,
        from_status: null,
        to_status: 'submitted',
        to_label: 'Diajukan',
        note: null,
        changes: null,
        actor_name: 'Siti Aminah',
        actor_role: 'WARGA',
        created_at: '2026-11-20T02:00:00.000Z',
      },
    ],
    ...over,
  };
}

const page = (data: DeskAnswer[], counts: Partial<Record<LetterStatus, number>> = {}) => ({
  body: {
    data,
    meta: { page: 1, per_page: 15, total: data.length, last_page: 1, total_exact: true, counts },
  },
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  seedSession(ADMIN);
});

/** What the domain lets the administrator do in this status, as the desk's buttons read. */
function expectedButtons(status: LetterStatus): string[] {
  return [
    ...availableTransitions(status, 'ADMINISTRATOR').map((t) => t.actionLabel),
    ...(canEditLetter(status, 'ADMINISTRATOR') ? ['Ubah isian'] : []),
    ...(status === 'completed' ? ['Unduh PDF'] : []),
    ...(canDeleteLetter(status) ? ['Hapus'] : []),
  ];
}

describe('letter desk review page', () => {
  const cases = LETTER_TYPES.flatMap((type) =>
    LETTER_STATUSES.map((status) => [type.code, status, type] as const),
  );

  it.each(cases)(
    '%s in %s: the buttons are exactly what the domain allows the administrator',
    async (_code, status, type) => {
      createFakeServer({
        [`GET ${type.base}/42`]: () => ({ body: { data: request(type, status) } }),
      });
      renderApp(`/admin/service-${type.code}/42`);
      const actions = await screen.findByRole('group', { name: 'Tindakan' }, { timeout: 3000 });
      const labels = within(actions)
        .queryAllByRole('button')
        .concat(within(actions).queryAllByRole('link'))
        .map((b) => b.textContent);
      expect(labels.sort()).toEqual(expectedButtons(status).sort());
      expect(
        screen.getByRole('heading', {
          level: 1,
          name: `Permohonan ${requestReference(type.code, 42)}`,
        }),
      ).toBeVisible();
    },
  );

  it('shows the frozen applicant with "Terverifikasi", the timeline with who acted, the checklist', async () => {
    const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
    createFakeServer({
      [`GET ${ku.base}/42`]: () => ({ body: { data: request(ku, 'submitted') } }),
    });
    const { user } = renderApp('/admin/service-ku/42');
    const applicant = await screen.findByRole('region', { name: /Data pemohon/ });
    expect(within(applicant).getByText('Terverifikasi')).toBeVisible();
    expect(within(applicant).getByText('3203014506880002')).toBeVisible();
    expect(within(applicant).getByRole('link', { name: 'Lihat akun warga' })).toHaveAttribute(
      'href',
      '/admin/user/7/edit',
    );
    const history = screen.getByRole('region', { name: 'Riwayat' });
    expect(history).toHaveTextContent('Siti Aminah (Warga)');
    const checklist = screen.getByRole('region', { name: 'Persyaratan' });
    expect(checklist).toHaveTextContent(`0 dari ${ku.requirements.length} sudah diperiksa`);
    await user.click(within(checklist).getByRole('checkbox', { name: 'Fotokopi KTP' }));
    expect(checklist).toHaveTextContent(`1 dari ${ku.requirements.length} sudah diperiksa`);
  });

  it('asks for a note before Minta Dilengkapi, offers quick picks, and says what happened', async () => {
    const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
    const server = createFakeServer({
      [`GET ${ku.base}/42`]: () => ({ body: { data: request(ku, 'submitted') } }),
      [`POST ${ku.base}/42/status`]: () => ({
        body: { data: request(ku, 'needs_revision', { note: 'Foto KTP tidak terbaca.' }) },
      }),
    });
    const { user } = renderApp('/admin/service-ku/42');
    await user.click(await screen.findByRole('button', { name: 'Minta Dilengkapi' }));
    const dialog = screen.getByRole('dialog', { name: 'Minta pemohon melengkapi' });
    await user.click(within(dialog).getByRole('button', { name: 'Minta Dilengkapi' }));
    expect(within(dialog).getByText('Yang perlu dilengkapi wajib diisi.')).toBeVisible();
    expect(server.seen(`POST ${ku.base}/42/status`)).toHaveLength(0);
    await user.click(
      within(dialog).getByRole('button', { name: /Surat Pengantar RT\/RW belum dilampirkan/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Minta Dilengkapi' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pemohon diminta melengkapi permohonan.',
    );
    expect(server.seen(`POST ${ku.base}/42/status`)[0]!.body).toEqual({
      status: 'needs_revision',
      note: 'Surat Pengantar RT/RW belum dilampirkan.',
    });
  });

  it('on a lost race (409) shows the message and reloads the request', async () => {
    const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
    let loads = 0;
    createFakeServer({
      [`GET ${ku.base}/42`]: () => {
        loads += 1;
        return { body: { data: request(ku, loads === 1 ? 'submitted' : 'processing') } };
      },
      [`POST ${ku.base}/42/status`]: () => ({
        status: 409,
        body: { message: 'Permohonan ini baru saja diubah petugas lain. Muat ulang halaman.' },
      }),
    });
    const { user } = renderApp('/admin/service-ku/42');
    await user.click(await screen.findByRole('button', { name: 'Proses' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('baru saja diubah petugas lain');
    // Reloaded: now processing, so "Terbitkan Surat" is offered and "Proses" is gone.
    expect(await screen.findByRole('button', { name: 'Terbitkan Surat' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Proses' })).toBeNull();
  });

  it('sends an unknown desk or a bad id to /404', async () => {
    createFakeServer();
    for (const path of ['/admin/service-xx', '/admin/service-xx/1', '/admin/service-ku/abc']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      unmount();
    }
  });
});

describe('letter desk queue', () => {
  it('shows status tabs with counts, the rows with reference, age and an overdue mark', async () => {
    const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
    const old = request(ku, 'submitted', { id: 7, created_at: '2020-01-06T02:00:00.000Z' });
    const fresh = request(ku, 'processing', { id: 8, created_at: new Date().toISOString() });
    const server = createFakeServer({
      [`GET ${ku.base}`]: () =>
        page([fresh, old], {
          submitted: 1,
          needs_revision: 0,
          processing: 1,
          completed: 4,
          rejected: 0,
          cancelled: 0,
        }),
    });
    renderApp('/admin/service-ku?status=submitted&search=siti');
    const tabs = await screen.findByRole('navigation', { name: 'Status permohonan' });
    expect(await within(tabs).findByRole('link', { name: 'Semua 6' })).toBeVisible();
    expect(within(tabs).getByRole('link', { name: 'Diajukan 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Too narrow for all of them (1280 px beside the sidebar): they wrap, none is cut off.
    expect(within(tabs).getByTestId('status-tabs')).toHaveClass('flex-wrap');
    expect(tabs).not.toHaveClass('overflow-x-auto');
    const table = await screen.findByRole('table');
    const oldRow = within(table).getByRole('row', { name: /KU-000007/ });
    expect(oldRow).toHaveTextContent(/Lewat batas 2 hari kerja/);
    // The review page remembers the queue (filters included) for next, previous and back.
    expect(within(oldRow).getByRole('link', { name: 'KU-000007' })).toHaveAttribute(
      'href',
      `/admin/service-ku/7?from=${encodeURIComponent('/admin/service-ku?status=submitted&search=siti')}`,
    );
    const freshRow = within(table).getByRole('row', { name: /KU-000008/ });
    expect(freshRow).toHaveTextContent('hari ini');
    expect(freshRow).not.toHaveTextContent(/Lewat batas/);
    const query = new URL(server.seen(`GET ${ku.base}`)[0]!.path, 'http://x').searchParams;
    expect(query.get('status')).toBe('submitted');
    expect(query.get('search')).toBe('siti');
    expect(query.get('counts')).toBe(LETTER_STATUSES.join(','));
  });

  it('Semua Layanan: everything waiting across the types, oldest first', async () => {
    const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
    const server = createFakeServer({
      'GET /api/letter-requests': () =>
        page([request(ku, 'submitted')], { submitted: 1, processing: 0 }),
    });
    renderApp('/admin/service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Semua Layanan' })).toBeVisible();
    expect(await screen.findByRole('row', { name: /KU-000042/ })).toHaveTextContent('Usaha');
    const query = new URL(server.seen('GET /api/letter-requests')[0]!.path, 'http://x')
      .searchParams;
    expect(query.get('status')).toBe('submitted,processing');
    expect(query.get('sort')).toBe('created_at');
    expect(query.get('counts')).toBe('submitted,processing');
  });

  it('every Layanan menu link opens a page', async () => {
    createFakeServer({
      'GET /api/letter-requests': () => page([]),
      ...Object.fromEntries(LETTER_TYPES.map((t) => [`GET ${t.base}`, () => page([])])),
    });
    const { router } = renderApp('/admin/service');
    await screen.findByRole('heading', { level: 1, name: 'Semua Layanan' });
    for (const t of LETTER_TYPES) {
      await router.navigate(`/admin/service-${t.code}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 3000 }),
      ).toBeVisible();
      await router.navigate(`/admin/service-${t.code}/create`);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: `Buat Permohonan ${t.title}` },
          { timeout: 3000 },
        ),
      ).toBeVisible();
    }
  });
});
