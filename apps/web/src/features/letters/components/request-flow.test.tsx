import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftKey, readDraft } from '../draft.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, RESIDENT, seedSession } from '../../../testing/session.ts';
import { COMPLETE_RESIDENT, EMPTY_PAGE, LETTER_TYPE_SUMMARIES, kuRequest } from '../testing.ts';

function serve(profile = COMPLETE_RESIDENT) {
  seedSession(profile);
  return createFakeServer({
    'GET /api/letter-types': () => ({ body: { data: LETTER_TYPE_SUMMARIES } }),
    'GET /api/profile': () => ({ body: { data: profile } }),
    'GET /api/business-certificate': () => ({ body: EMPTY_PAGE }),
    'GET /api/business-certificate/42': () => ({ body: { data: kuRequest() } }),
  });
}

async function fillKu(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Nama Usaha'), 'Warung Bu Siti');
  await user.type(screen.getByLabelText('Jenis Usaha'), 'Warung sembako');
  await user.type(screen.getByLabelText('Alamat Usaha'), 'Kp. Cibodas RT 001');
  await user.type(screen.getByLabelText('Mulai Usaha'), '2020-03-01');
  await user.type(screen.getByLabelText(/Jumlah Karyawan/), '2');
  await user.type(screen.getByLabelText('Keperluan'), 'Pengajuan KUR');
}

describe('the request form of /service/{type}', () => {
  it('is generated from the definition, with the applicant block read-only from the profile', async () => {
    serve();
    renderApp('/service/ku');
    const applicant = await screen.findByRole('region', { name: 'Data pemohon' });
    expect(within(applicant).getByText('Siti Aminah')).toBeInTheDocument();
    expect(within(applicant).getByText('12 April 1990')).toBeInTheDocument();
    expect(within(applicant).queryByRole('textbox')).toBeNull();
    // Every field of the type, optional ones marked, No. HP taken from the profile.
    for (const label of ['Nama Usaha', 'Jenis Usaha', 'Alamat Usaha', 'Mulai Usaha', 'Keperluan']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Jumlah Karyawan (opsional)')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Mulai Usaha')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('No. HP (opsional)')).toHaveValue('081234567890');
    expect(await screen.findByText('Anda belum pernah mengajukan surat ini.')).toBeInTheDocument();
  });

  it('validates on submit with a summary that links to each field', async () => {
    serve();
    const { user } = renderApp('/service/ku');
    await user.click(await screen.findByRole('button', { name: 'Lanjutkan' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Nama Usaha wajib diisi.' });
    expect(link).toHaveAttribute('href', '#business_name');
    expect(
      within(summary).getByRole('link', { name: 'Keperluan wajib diisi.' }),
    ).toBeInTheDocument();
    // Optional fields are not asked for.
    expect(within(summary).queryByText(/Jumlah Karyawan/)).toBeNull();
    expect(screen.getByLabelText('Nama Usaha')).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toMatch(/^Kesalahan: /);
  });

  it('goes form → check your answers → confirmation, each step at its own address', async () => {
    const server = serve();
    server.on('POST /api/business-certificate', () => ({
      status: 201,
      body: { data: kuRequest() },
    }));
    const { user, router } = renderApp('/service/ku');
    await fillKu(user);
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));

    const check = await screen.findByRole('heading', { name: 'Periksa jawaban Anda' });
    expect(router.state.location.pathname).toBe('/service/ku/periksa');
    await waitFor(() => expect(check).toHaveFocus());
    expect(screen.getByText('1 Maret 2020')).toBeInTheDocument();
    expect(screen.getByText('Warung Bu Siti')).toBeInTheDocument();
    // The requirements are not repeated on the check.
    expect(screen.queryByRole('heading', { name: /Persyaratan/ })).toBeNull();

    // "Ubah" goes back to the field with the answer kept.
    await user.click(screen.getByRole('link', { name: 'Ubah Nama Usaha' }));
    expect(router.state.location.pathname).toBe('/service/ku');
    const name = await screen.findByLabelText('Nama Usaha');
    expect(name).toHaveValue('Warung Bu Siti');
    await waitFor(() => expect(name).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));

    await user.click(await screen.findByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByRole('heading', { name: 'Permohonan terkirim' })).toHaveFocus();
    // The confirmation is the request's own page: a reload shows it again.
    expect(router.state.location.pathname).toBe('/service/ku/42');
    expect(router.state.location.search).toBe('?terkirim=1');
    expect(screen.getAllByText('KU-000042').length).toBeGreaterThan(0);

    const [post] = server.seen('POST /api/business-certificate');
    expect(post!.body).toMatchObject({
      business_name: 'Warung Bu Siti',
      business_started_at: '2020-03-01',
      employee_count: 2,
      purpose: 'Pengajuan KUR',
      phone: '081234567890',
    });
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Sent: the draft is gone, and Back leads to an empty form, not to a second send.
    expect(readDraft(COMPLETE_RESIDENT.id, 'ku')).toBeNull();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/ku'));
    expect(await screen.findByLabelText('Nama Usaha')).toHaveValue('');
  });

  it('keeps what was typed through Back, Forward and a reload', async () => {
    serve();
    const first = renderApp('/service/ku');
    await fillKu(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    await screen.findByRole('heading', { name: 'Periksa jawaban Anda' });

    // Back: the form as it was.
    await act(() => first.router.navigate(-1));
    expect(await screen.findByLabelText('Nama Usaha')).toHaveValue('Warung Bu Siti');
    expect(screen.getByLabelText('Mulai Usaha')).toHaveValue('2020-03-01');
    // Forward: the check again.
    await act(() => first.router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Periksa jawaban Anda' })).toBeVisible();
    expect(screen.getByText('Warung sembako')).toBeInTheDocument();

    // A reload (a new app on the same address) of the check and of the form.
    first.unmount();
    const reloaded = renderApp('/service/ku/periksa');
    expect(await screen.findByText('Warung Bu Siti')).toBeInTheDocument();
    reloaded.unmount();
    const again = renderApp('/service/ku');
    expect(await screen.findByLabelText('Nama Usaha')).toHaveValue('Warung Bu Siti');
    // A change is kept at once, without pressing anything.
    await again.user.type(screen.getByLabelText('Jenis Usaha'), ' dan gas');
    expect(readDraft(COMPLETE_RESIDENT.id, 'ku')?.raw.business_type).toBe('Warung sembako dan gas');
  });

  it('sends the check without a draft back to the form, and keeps drafts per user', async () => {
    serve();
    window.localStorage.setItem(
      draftKey(999, 'ku'),
      JSON.stringify({
        raw: { business_name: 'Bukan milik Siti' },
        idempotencyKey: 'x',
        savedAt: Date.now(),
      }),
    );
    const { router } = renderApp('/service/ku/periksa');
    expect(await screen.findByLabelText('Nama Usaha')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/service/ku');
  });

  it('puts the server’s 422 messages back on their fields', async () => {
    const server = serve();
    server.on('POST /api/business-certificate', () => ({
      status: 422,
      body: {
        message: 'Data yang dikirim tidak valid.',
        errors: { business_name: ['Nama Usaha maksimal 150 karakter.'] },
      },
    }));
    const { user } = renderApp('/service/ku');
    await fillKu(user);
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    await user.click(await screen.findByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByLabelText('Nama Usaha')).toHaveValue('Warung Bu Siti');
    expect(await screen.findAllByText('Nama Usaha maksimal 150 karakter.')).toHaveLength(2);
    expect(screen.getByText('Data yang dikirim tidak valid.')).toBeInTheDocument();
  });

  it('retries a lost answer with the same idempotency key', async () => {
    const server = serve();
    let calls = 0;
    server.on('POST /api/business-certificate', () => {
      calls += 1;
      return calls === 1
        ? { status: 503, body: { message: 'Layanan sedang sibuk. Coba lagi.' } }
        : { status: 201, body: { data: kuRequest() } };
    });
    const { user } = renderApp('/service/ku');
    await fillKu(user);
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    await user.click(await screen.findByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByText('Layanan sedang sibuk. Coba lagi.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByRole('heading', { name: 'Permohonan terkirim' })).toBeInTheDocument();
    const keys = server
      .seen('POST /api/business-certificate')
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks to complete the profile instead of showing a form the server would refuse', async () => {
    serve({ ...RESIDENT, occupation: null, kk_number: null });
    renderApp('/service/ku');
    expect(await screen.findByText('Data diri Anda belum lengkap.')).toBeInTheDocument();
    expect(screen.getByText(/Lengkapi dulu: Pekerjaan\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lengkapi profil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: 'Lanjutkan' })).toBeNull();
  });

  it('lists the resident’s own requests of the type below the form', async () => {
    const server = serve();
    server.on('GET /api/business-certificate', () => ({
      body: {
        data: [
          kuRequest({
            status: 'completed',
            status_label: 'Selesai',
            number: '500/007/3203/XI/2026',
          }),
        ],
        meta: { page: 1, per_page: 10, total: 1, last_page: 1 },
      },
    }));
    renderApp('/service/ku');
    const mine = await screen.findByRole('region', { name: 'Permohonan saya' });
    expect(await within(mine).findByRole('link', { name: 'KU-000042' })).toHaveAttribute(
      'href',
      '/service/ku/42',
    );
    expect(within(mine).getByText('Selesai')).toBeInTheDocument();
    expect(within(mine).getByText('500/007/3203/XI/2026')).toBeInTheDocument();
  });

  it('sends an administrator to the admin area to file on a resident’s behalf', async () => {
    serve(ADMIN);
    renderApp('/service/ku');
    expect(
      await screen.findByRole('link', { name: 'Buat permohonan di halaman admin' }),
    ).toHaveAttribute('href', '/admin/service-ku/create');
  });
});
