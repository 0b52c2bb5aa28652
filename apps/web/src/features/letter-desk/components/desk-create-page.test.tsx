import { APPLICANT_FIELDS, LETTER_TYPES, requestReference } from '@balai/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

/** A request as these tests answer it: the fields the desk reads (`actions` left out, the desk then offers its own). */
type DeskAnswer = Omit<LetterRequestDetail, 'editable' | 'actions' | 'verify_url' | 'signature'> &
  Partial<LetterRequestDetail>;

const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;

/** A person without an account, as the clerk types them from their KTP and KK. */
const PERSON: Record<string, string> = {
  name: 'Darto Sumarno',
  nik: '3203010101700011',
  kk_number: '3203010101700099',
  birth_place: 'Cianjur',
  birth_date: '1970-01-01',
  gender: 'Laki-laki',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Petani',
  education: 'SD/Sederajat',
  nationality: 'WNI',
  address: 'Kp. Cibodas',
  rt: '003',
  rw: '002',
  hamlet: 'Cibodas',
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  seedSession(ADMIN);
});

describe('/admin/service-{type}/create for a person without an account', () => {
  it('takes the typed applicant block, then the fields, and files both in one request', async () => {
    const server = createFakeServer({
      // The server's answer: the request as filed, the typed block as its applicant, no account.
      [`POST ${ku.base}`]: ({ body }) => {
        const { applicant, ...fields } = body as Record<string, unknown>;
        const filed: DeskAnswer = {
          id: 77,
          type: 'ku',
          type_title: ku.title,
          letter_title: ku.pdfTitle,
          status: 'submitted',
          status_label: 'Diajukan',
          number: null,
          applicant_user_id: null,
          applicant: applicant as LetterRequestDetail['applicant'],
          applicant_verified: false,
          fields: fields as LetterRequestDetail['fields'],
          purpose: String(fields.purpose),
          phone: null,
          note: null,
          pdf: null,
          issued_at: null,
          created_at: '2026-11-23T02:00:00.000Z',
          updated_at: '2026-11-23T02:00:00.000Z',
          attachments: [],
          events: [],
        };
        return { status: 201, body: { data: filed } };
      },
    });
    const { user } = renderApp('/admin/service-ku/create');
    await user.click(await screen.findByRole('radio', { name: /Orang tanpa akun/ }));

    // The applicant block is checked before the letter's fields are offered.
    await user.click(screen.getByRole('button', { name: 'Lanjut ke isian surat' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(within(summary).getByRole('link', { name: /NIK/ })).toBeVisible();
    expect(screen.queryByLabelText('Nama Usaha')).toBeNull();

    for (const f of APPLICANT_FIELDS) {
      const input = screen.getByLabelText(new RegExp(`^${f.label}`));
      if (f.kind === 'select') await user.selectOptions(input, PERSON[f.name]!);
      else {
        await user.clear(input);
        await user.type(input, PERSON[f.name]!);
      }
    }
    await user.click(screen.getByRole('button', { name: 'Lanjut ke isian surat' }));
    expect(await screen.findByText(/Pemohon: Darto Sumarno \(NIK berakhiran 0011\)/)).toBeVisible();

    await user.type(screen.getByLabelText('Nama Usaha'), 'Kebun Darto');
    await user.type(screen.getByLabelText('Jenis Usaha'), 'Pertanian sayur');
    await user.type(screen.getByLabelText('Alamat Usaha'), 'Kp. Cibodas RT 003');
    await user.type(screen.getByLabelText('Mulai Usaha'), '2010-05-01');
    await user.type(screen.getByLabelText('Keperluan'), 'Pengajuan KUR');
    await user.click(screen.getByRole('button', { name: 'Ajukan permohonan' }));

    expect(
      await screen.findByText(`Permohonan ${requestReference('ku', 77)} dibuat.`),
    ).toBeInTheDocument();
    // On to the review page of the new request, the typed applicant as its applicant.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Permohonan ${requestReference('ku', 77)}`,
      }),
    ).toBeVisible();
    expect(screen.getAllByText('Darto Sumarno').length).toBeGreaterThan(0);
    const [sent] = server.seen(`POST ${ku.base}`);
    expect(sent!.body).toMatchObject({
      business_name: 'Kebun Darto',
      purpose: 'Pengajuan KUR',
      applicant: PERSON,
    });
    expect(sent!.body).not.toHaveProperty('applicant_id');
    expect(sent!.headers['idempotency-key'] ?? sent!.headers['Idempotency-Key']).toBeTruthy();
  });

  it('keeps what was typed when the clerk goes back to correct the applicant', async () => {
    createFakeServer();
    const { user } = renderApp('/admin/service-ku/create');
    await user.click(await screen.findByRole('radio', { name: /Orang tanpa akun/ }));
    for (const f of APPLICANT_FIELDS) {
      const input = screen.getByLabelText(new RegExp(`^${f.label}`));
      if (f.kind === 'select') await user.selectOptions(input, PERSON[f.name]!);
      else {
        await user.clear(input);
        await user.type(input, PERSON[f.name]!);
      }
    }
    await user.click(screen.getByRole('button', { name: 'Lanjut ke isian surat' }));
    await user.click(await screen.findByRole('button', { name: 'Ubah data pemohon' }));
    expect(screen.getByLabelText(/^Nama lengkap|^Nama/)).toHaveValue('Darto Sumarno');
    expect(screen.queryByLabelText('Nama Usaha')).toBeNull();
    // The choice between a registered resident, a register person and a typed applicant is offered again.
    expect(
      within(screen.getByRole('group', { name: 'Siapa pemohonnya?' })).getAllByRole('radio'),
    ).toHaveLength(3);
  });
});
