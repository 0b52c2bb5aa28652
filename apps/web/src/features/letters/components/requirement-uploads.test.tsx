import { screen, waitFor, within } from '@testing-library/react';
import { letterTypeByCode } from '@balai/domain';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';
import { writeDraft } from '../draft.ts';
import { COMPLETE_RESIDENT, EMPTY_PAGE, LETTER_TYPE_SUMMARIES, kuRequest } from '../testing.ts';
import { AttachmentList } from './attachment-list.tsx';
import { RequirementUploads } from './requirement-uploads.tsx';
import type { ApiAttachment } from '@balai/domain/contract';

const kkel = letterTypeByCode('kkel')!;
const kkem = letterTypeByCode('kkem')!;
const ku = letterTypeByCode('ku')!;

const photo = (id: number, requirement: string, label: string): ApiAttachment => ({
  id,
  requirement,
  requirement_label: label,
  online: requirement === 'keterangan_lahir' ? 'required' : 'optional',
  mime: 'image/jpeg',
  size: 312_000,
  width: 1200,
  height: 1600,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-23T02:00:00.000Z',
  url: `/api/birth-certificates/attachments/${id}`,
  thumb_url: `/api/birth-certificates/attachments/${id}/thumb`,
});

const jpegFile = (name = 'surat-bidan.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], name, { type: 'image/jpeg' });

/** A requirement's checklist item, by its label. */
function item(label: string): HTMLElement {
  const key = [...kkel.requirements, ...kkem.requirements, ...ku.requirements].find(
    (r) => r.label === label,
  )!.key;
  const li = document.querySelector<HTMLElement>(`li[data-requirement="${key}"]`);
  if (!li) throw new Error(`no checklist item for ${label}`);
  return li;
}

function renderUploads(onChange = vi.fn(), type = kkel) {
  seedSession(RESIDENT);
  return {
    onChange,
    ...renderApp('/', {
      routes: [
        {
          path: '/',
          element: (
            <RequirementUploads
              type={type}
              scope={{ kind: 'staged', base: type.base }}
              editable
              onChange={onChange}
            />
          ),
        },
      ],
    }),
  };
}

describe('RequirementUploads', () => {
  it('lists every requirement with how it is handed in; office ones have no upload', async () => {
    createFakeServer({ 'GET /api/death-certificates/attachments': () => ({ body: { data: [] } }) });
    renderUploads(vi.fn(), kkem);
    expect(await screen.findByRole('heading', { name: 'Dokumen persyaratan' })).toBeVisible();
    const items = within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.requirement)).toEqual(kkem.requirements.map((r) => r.key));
    const ktp = item('Fotokopi KTP');
    expect(ktp).toHaveTextContent('Unggah atau bawa ke kantor');
    expect(within(ktp).getByLabelText('Ambil foto Fotokopi KTP')).toHaveAttribute(
      'capture',
      'environment',
    );
    const gallery = within(ktp).getByLabelText('Pilih dari galeri Fotokopi KTP');
    expect(gallery).toHaveAttribute('accept', 'image/*');
    expect(gallery).not.toHaveAttribute('capture');
    const original = item('KTP asli almarhum/almarhumah');
    expect(original).toHaveTextContent('Bawa ke kantor desa');
    expect(original).toHaveTextContent('Bawa dokumen ini ke kantor desa.');
    expect(within(original).queryByLabelText(/Ambil foto/)).toBeNull();
  });

  it('uploads a chosen photo with a progress bar and ticks the requirement off', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = createFakeServer({
      'GET /api/birth-certificates/attachments': () => ({ body: { data: [] } }),
      'POST /api/birth-certificates/attachments': async () => {
        await held;
        return {
          status: 201,
          body: {
            data: photo(
              7,
              'keterangan_lahir',
              kkel.requirements.find((r) => r.online === 'required')!.label,
            ),
          },
        };
      },
      'GET /api/birth-certificates/attachments/7/thumb': () => ({ body: 'jpeg' }),
    });
    const { user, onChange } = renderUploads();
    const label = 'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit';
    await screen.findByText('Belum dilampirkan — wajib sebelum dikirim.');
    expect(item(label)).toHaveTextContent('Wajib diunggah');

    await user.upload(within(item(label)).getByLabelText(`Pilih dari galeri ${label}`), jpegFile());
    const bar = await screen.findByRole('progressbar', { name: `Mengunggah foto ${label}` });
    await waitFor(() => expect(bar).toHaveAttribute('value', '0.5'));
    // A sentence of its own (the shrinking note, when there is one, is the next line).
    expect(screen.getByRole('status')).toHaveTextContent(/^Mengunggah… 50%\.$/);
    release();

    await waitFor(() => expect(item(label)).toHaveTextContent('Sudah dilampirkan (1 foto).'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    const [sent] = server.seen('POST /api/birth-certificates/attachments');
    expect(sent!.path).toBe('/api/birth-certificates/attachments?requirement=keterangan_lahir');
    expect(sent!.body).toBeInstanceOf(FormData);
    expect(sent!.headers.authorization).toMatch(/^Bearer /);
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 7 })]);
  });

  it('offers "Coba lagi" when the server cannot take the photo, and sends the same photo again', async () => {
    let attempts = 0;
    const server = createFakeServer({
      'GET /api/birth-certificates/attachments': () => ({ body: { data: [] } }),
      'POST /api/birth-certificates/attachments': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { message: 'Layanan sedang sibuk. Silakan coba lagi.' } }
          : { status: 201, body: { data: photo(9, 'ktp', 'Fotokopi KTP') } };
      },
    });
    const { user } = renderUploads();
    await screen.findByText('Belum dilampirkan — wajib sebelum dikirim.');
    await user.upload(
      within(item('Fotokopi KTP')).getByLabelText('Ambil foto Fotokopi KTP'),
      jpegFile('ktp.jpg'),
    );
    expect(await screen.findByText('Layanan sedang sibuk. Silakan coba lagi.')).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Coba lagi mengunggah foto Fotokopi KTP' }),
    );
    await waitFor(() =>
      expect(item('Fotokopi KTP')).toHaveTextContent('Sudah dilampirkan (1 foto).'),
    );
    const [first, second] = server.seen('POST /api/birth-certificates/attachments');
    expect((first!.body as FormData).get('file')).toEqual((second!.body as FormData).get('file'));
  });

  it("shows the server's refusal on the requirement, without a retry", async () => {
    createFakeServer({
      'GET /api/birth-certificates/attachments': () => ({ body: { data: [] } }),
      'POST /api/birth-certificates/attachments': () => ({
        status: 415,
        body: {
          message: 'Jenis berkas tidak didukung.',
          errors: {
            file: [
              'Jenis berkas tidak didukung. Unggah foto dokumen (JPEG, PNG, WebP, GIF atau AVIF); PDF dan dokumen lain tidak diterima.',
            ],
          },
        },
      }),
    });
    const { user } = renderUploads();
    await screen.findByText('Belum dilampirkan — wajib sebelum dikirim.');
    await user.upload(
      within(item('Fotokopi KTP')).getByLabelText('Pilih dari galeri Fotokopi KTP'),
      jpegFile('ktp.jpg'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /PDF dan dokumen lain tidak diterima/,
    );
    expect(screen.queryByRole('button', { name: /Coba lagi/ })).toBeNull();
    expect(item('Fotokopi KTP')).toHaveTextContent('Belum dilampirkan.');
  });

  it('removes a photo', async () => {
    const server = createFakeServer({
      'GET /api/birth-certificates/attachments': () => ({
        body: { data: [photo(3, 'kk', 'Fotokopi Kartu Keluarga')] },
      }),
      'DELETE /api/birth-certificates/attachments/3': () => ({
        body: { message: 'Foto dihapus.' },
      }),
    });
    const { user, onChange } = renderUploads();
    await waitFor(() =>
      expect(item('Fotokopi Kartu Keluarga')).toHaveTextContent('Sudah dilampirkan (1 foto).'),
    );
    await user.click(screen.getByRole('button', { name: 'Hapus foto 1 Fotokopi Kartu Keluarga' }));
    await waitFor(() =>
      expect(item('Fotokopi Kartu Keluarga')).toHaveTextContent('Belum dilampirkan.'),
    );
    expect(server.seen('DELETE /api/birth-certificates/attachments/3')).toHaveLength(1);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('AttachmentList', () => {
  it('names each photo by its requirement and opens it larger', async () => {
    seedSession(RESIDENT);
    createFakeServer({
      'GET /api/birth-certificates/attachments/7/thumb': () => ({ body: 'jpeg' }),
      'GET /api/birth-certificates/attachments/7': () => ({ body: 'jpeg' }),
    });
    const list = [photo(7, 'keterangan_lahir', 'Surat keterangan lahir dari bidan')];
    const { user } = renderApp('/', {
      routes: [{ path: '/', element: <AttachmentList attachments={list} /> }],
    });
    expect(await screen.findByText('Surat keterangan lahir dari bidan')).toBeVisible();
    expect(screen.getByText('1200 × 1600 px, 305 KB')).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Lihat foto 1: Surat keterangan lahir dari bidan' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Foto Surat keterangan lahir dari bidan' }),
    ).toBeVisible();
  });

  it('says when there are none', async () => {
    renderApp('/', { routes: [{ path: '/', element: <AttachmentList attachments={[]} /> }] });
    expect(await screen.findByText('Tidak ada foto dokumen yang dilampirkan.')).toBeVisible();
  });
});

describe('the check step of a new request', () => {
  it('lists the requirements with their uploads and sends the photos with the request', async () => {
    seedSession(COMPLETE_RESIDENT);
    writeDraft(COMPLETE_RESIDENT.id, 'ku', {
      business_name: 'Warung Bu Siti',
      business_type: 'Warung sembako',
      business_address: 'Kp. Cibodas RT 001',
      business_started_at: '2020-03-01',
      employee_count: '2',
      purpose: 'Pengajuan KUR',
      phone: '081234567890',
    });
    const staged: ApiAttachment[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: LETTER_TYPE_SUMMARIES } }),
      'GET /api/profile': () => ({ body: { data: COMPLETE_RESIDENT } }),
      'GET /api/business-certificate': () => ({ body: EMPTY_PAGE }),
      'GET /api/business-certificate/attachments': () => ({ body: { data: staged } }),
      'POST /api/business-certificate/attachments': async () => {
        await held;
        const a = {
          ...photo(11, 'foto_tempat_usaha', 'Foto tempat usaha'),
          online: 'optional' as const,
        };
        staged.push(a);
        return { status: 201, body: { data: a } };
      },
      'POST /api/business-certificate': () => ({ status: 201, body: { data: kuRequest() } }),
      'GET /api/business-certificate/42': () => ({ body: { data: kuRequest() } }),
    });
    const { user } = renderApp('/service/ku/periksa');
    expect(await screen.findByRole('heading', { name: 'Dokumen persyaratan' })).toBeVisible();
    const shop = await screen.findByLabelText('Ambil foto Foto tempat usaha');
    await user.upload(shop, jpegFile('warung.jpg'));
    // Sending waits for the photo on its way.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Kirim permohonan' })).toBeDisabled(),
    );
    expect(screen.getByText('Tunggu sampai foto selesai diunggah.')).toBeVisible();
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Kirim permohonan' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Kirim permohonan' }));
    await waitFor(() => expect(server.seen('POST /api/business-certificate')).toHaveLength(1));
    expect(server.seen('POST /api/business-certificate')[0]!.body).toMatchObject({
      business_name: 'Warung Bu Siti',
      attachments: [11],
    });
  });
});

describe('the check step with a required photo missing (issue 25)', () => {
  const label = 'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit';
  const kkelSummary = {
    code: 'kkel',
    title: 'Kelahiran',
    name: 'Surat Keterangan Kelahiran',
    description: 'Keterangan kelahiran bayi.',
    requirements: kkel.requirements.map((r) => ({ ...r })),
  };

  it('names the missing photo before sending, and in the error summary as a link to its block', async () => {
    seedSession(COMPLETE_RESIDENT);
    writeDraft(COMPLETE_RESIDENT.id, 'kkel', {
      baby_name: 'Aisyah Putri Ramadhani',
      baby_gender: 'Perempuan',
      baby_birth_date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      birth_time: '03:15',
      birth_facility: 'Puskesmas',
      birth_city: 'Kabupaten Bogor',
      birth_type: 'Tunggal',
      birth_order: '2',
      birth_attendant: 'Bidan/Perawat',
      baby_weight: '3200',
      baby_length: '49,5',
      father_name: 'Dedi Kurniawan',
      father_nik: '3201011203880004',
      mother_name: 'Siti Rahmawati',
      mother_nik: '3201015507910002',
      reporter_relationship: 'Ayah kandung',
      purpose: 'Pembuatan Akta Kelahiran',
      phone: '081298765432',
    });
    const staged: ApiAttachment[] = [];
    const server = createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: [...LETTER_TYPE_SUMMARIES, kkelSummary] } }),
      'GET /api/profile': () => ({ body: { data: COMPLETE_RESIDENT } }),
      'GET /api/birth-certificates': () => ({ body: EMPTY_PAGE }),
      'GET /api/birth-certificates/attachments': () => ({ body: { data: staged } }),
      'POST /api/birth-certificates/attachments': () => {
        const a = photo(21, 'keterangan_lahir', label);
        staged.push(a);
        return { status: 201, body: { data: a } };
      },
      'POST /api/birth-certificates': () => ({ status: 201, body: { data: kuRequest() } }),
    });
    const { user } = renderApp('/service/kkel/periksa');
    // Before it is pressed, the button says what is missing.
    const send = await screen.findByRole('button', { name: 'Kirim permohonan' });
    const hint = `Belum dapat dikirim: lampirkan dulu foto ${label}.`;
    await waitFor(() => expect(send).toHaveAccessibleDescription(hint));
    expect(screen.getByText(hint)).toBeVisible();

    // Pressed anyway: nothing is sent; the summary names the photo and links to its block.
    await user.click(send);
    const summary = await screen.findByRole('heading', { name: 'Ada masalah' });
    const box = summary.parentElement!;
    await waitFor(() => expect(box).toHaveFocus());
    const link = within(box).getByRole('link', { name: `Lampirkan foto ${label}` });
    expect(link).toHaveAttribute('href', '#persyaratan-keterangan_lahir');
    expect(server.seen('POST /api/birth-certificates')).toHaveLength(0);
    await user.click(link);
    expect(item(label)).toHaveFocus();
    expect(item(label)).toHaveAttribute('id', 'persyaratan-keterangan_lahir');

    // Attached: the hint and the summary go, and the request is sent with the photo.
    await user.upload(within(item(label)).getByLabelText(`Ambil foto ${label}`), jpegFile());
    await waitFor(() => expect(screen.queryByText(hint)).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Ada masalah' })).toBeNull();
    expect(send).not.toHaveAccessibleDescription();
    await user.click(send);
    await waitFor(() => expect(server.seen('POST /api/birth-certificates')).toHaveLength(1));
    expect(server.seen('POST /api/birth-certificates')[0]!.body).toMatchObject({
      attachments: [21],
    });
  });

  it('lists several missing photos in one sentence', async () => {
    const { missingRequiredPhotos } = await import('./requirement-uploads.tsx');
    const type = {
      requirements: [
        { key: 'a', label: 'A', online: 'required' as const },
        { key: 'b', label: 'B', online: 'optional' as const },
        { key: 'c', label: 'C', online: 'required' as const },
        { key: 'd', label: 'D', online: 'office' as const },
      ],
    };
    expect(missingRequiredPhotos(type, []).map((r) => r.key)).toEqual(['a', 'c']);
    expect(missingRequiredPhotos(type, [{ requirement: 'c' }]).map((r) => r.key)).toEqual(['a']);
    expect(missingRequiredPhotos(type, [{ requirement: 'a' }, { requirement: 'c' }])).toEqual([]);
  });
});

describe('the confirmation', () => {
  function serveSent(attachments: ApiAttachment[]) {
    seedSession(COMPLETE_RESIDENT);
    createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: LETTER_TYPE_SUMMARIES } }),
      'GET /api/profile': () => ({ body: { data: COMPLETE_RESIDENT } }),
      'GET /api/business-certificate/42': () => ({ body: { data: kuRequest({ attachments }) } }),
      'GET /api/business-certificate/42/attachments': () => ({ body: { data: attachments } }),
    });
    renderApp('/service/ku/42?terkirim=1');
  }
  const kuPhoto = (id: number, requirement: string, label: string) => ({
    ...photo(id, requirement, label),
    url: `/api/business-certificate/42/attachments/${id}`,
    thumb_url: `/api/business-certificate/42/attachments/${id}/thumb`,
  });

  it('says exactly which documents to bring to the office: those without a photo', async () => {
    serveSent([kuPhoto(1, 'ktp', 'Fotokopi KTP')]);
    const heading = await screen.findByRole('heading', {
      name: 'Dokumen yang dibawa ke kantor desa',
    });
    const list = heading.nextElementSibling!.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fotokopi Kartu Keluarga', 'Surat Pengantar RT/RW', 'Foto tempat usaha']);
  });

  it('says there is nothing to bring when every requirement has a photo', async () => {
    serveSent([
      kuPhoto(1, 'ktp', 'Fotokopi KTP'),
      kuPhoto(2, 'kk', 'Fotokopi Kartu Keluarga'),
      kuPhoto(3, 'pengantar_rt_rw', 'Surat Pengantar RT/RW'),
      kuPhoto(4, 'foto_tempat_usaha', 'Foto tempat usaha'),
    ]);
    expect(
      await screen.findByText('Tidak ada. Semua persyaratan sudah Anda lampirkan sebagai foto.'),
    ).toBeVisible();
  });
});

describe("the request's page", () => {
  it('shows the photos of a request no longer open, without upload or remove', async () => {
    seedSession(COMPLETE_RESIDENT);
    const photos = [
      {
        ...photo(5, 'foto_tempat_usaha', 'Foto tempat usaha'),
        online: 'optional' as const,
        url: '/api/business-certificate/42/attachments/5',
        thumb_url: '/api/business-certificate/42/attachments/5/thumb',
      },
    ];
    createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: LETTER_TYPE_SUMMARIES } }),
      'GET /api/profile': () => ({ body: { data: COMPLETE_RESIDENT } }),
      'GET /api/business-certificate/42': () => ({
        body: {
          data: kuRequest({
            status: 'processing',
            status_label: 'Diproses',
            editable: false,
            actions: [],
            attachments: photos,
          }),
        },
      }),
      'GET /api/business-certificate/42/attachments': () => ({ body: { data: photos } }),
      'GET /api/business-certificate/42/attachments/5/thumb': () => ({ body: 'jpeg' }),
    });
    renderApp('/service/ku/42');
    const section = await screen.findByRole('region', { name: 'Dokumen persyaratan' });
    expect(section).toHaveTextContent('Foto dokumen yang dilampirkan pada permohonan ini.');
    await waitFor(() =>
      expect(item('Foto tempat usaha')).toHaveTextContent('Sudah dilampirkan (1 foto).'),
    );
    expect(
      within(section).getByRole('button', { name: 'Lihat foto 1 Foto tempat usaha' }),
    ).toBeVisible();
    expect(within(section).queryByLabelText(/Ambil foto|Pilih dari galeri/)).toBeNull();
    expect(within(section).queryByRole('button', { name: /Hapus/ })).toBeNull();
  });
});
