import { LETTER_STATUS_LABELS, LETTER_TYPES, type LetterStatus } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

/** A request as these tests answer it: the fields the desk reads (`actions` left out, the desk then offers its own). */
type DeskAnswer = Omit<LetterRequestDetail, 'editable' | 'actions' | 'verify_url' | 'signature'> &
  Partial<LetterRequestDetail>;

// Issue 15 at the desk: the server's `actions` say whether the type needs the Kepala Desa's
// approval, so the clerk's last step is "Ajukan Tanda Tangan" instead of "Terbitkan Surat".

const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;

const action = (status: LetterStatus, label: string, note_required = false) => ({
  status,
  label,
  note_required,
});

function request(status: LetterStatus, actions: LetterRequestDetail['actions']): DeskAnswer {
  return {
    id: 42,
    type: 'ku',
    type_title: ku.title,
    letter_title: ku.pdfTitle,
    status,
    status_label: LETTER_STATUS_LABELS[status],
    number: null,
    applicant_user_id: 7,
    applicant: {
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
    },
    applicant_verified: true,
    fields: { purpose: 'Pengajuan KUR' },
    purpose: 'Pengajuan KUR',
    phone: null,
    note: null,
    actions,
    pdf: null,
    issued_at: null,
    created_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-20T02:00:00.000Z',
    attachments: [],
    events: [],
  };
}

beforeEach(() => seedSession(ADMIN));

const buttons = async () => {
  const group = await screen.findByRole('group', { name: 'Tindakan' });
  return within(group)
    .queryAllByRole('button')
    .map((b) => b.textContent);
};

describe('the desk with signing', () => {
  it('offers "Ajukan Tanda Tangan" when the server does, shows the draft first, then says what happened', async () => {
    const server = createFakeServer({
      [`GET ${ku.base}/42`]: () => ({
        body: {
          data: request('processing', [
            action('awaiting_signature', 'Ajukan Tanda Tangan'),
            action('rejected', 'Tolak', true),
            action('needs_revision', 'Minta Dilengkapi', true),
          ]),
        },
      }),
      [`GET ${ku.base}/42/preview`]: () => ({ body: '%PDF-1.7' }),
      [`POST ${ku.base}/42/status`]: () => ({
        body: { data: request('awaiting_signature', []) },
      }),
    });
    const { user } = renderApp('/admin/service-ku/42');
    expect(await buttons()).toEqual(
      expect.arrayContaining(['Ajukan Tanda Tangan', 'Tolak', 'Minta Dilengkapi']),
    );
    expect(screen.queryByRole('button', { name: 'Terbitkan Surat' })).toBeNull();
    // Its key, like the other actions': the draft first.
    expect(screen.getByRole('button', { name: 'Ajukan Tanda Tangan' })).toHaveAttribute(
      'aria-keyshortcuts',
      'a',
    );
    await user.keyboard('a');
    const preview = await screen.findByRole('region', {
      name: 'Periksa surat sebelum diterbitkan',
    });
    expect(preview).toHaveTextContent('Nomor surat diberikan saat Kepala Desa menyetujuinya.');
    const send = within(preview).getByRole('button', { name: 'Ajukan Tanda Tangan sekarang' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Surat diajukan untuk ditandatangani Kepala Desa.',
    );
    expect(server.seen(`POST ${ku.base}/42/status`)[0]!.body).toEqual({
      status: 'awaiting_signature',
      note: null,
    });
    // The violet tag, by its words.
    const tag = screen.getAllByText('Menunggu Tanda Tangan').find((e) => e.tagName === 'STRONG')!;
    expect(tag.className).toContain('violet');
  });

  it('keeps the signer\'s "Kembalikan" off the desk: it is taken on the signing page', async () => {
    createFakeServer({
      [`GET ${ku.base}/42`]: () => ({
        body: {
          data: request('awaiting_signature', [action('processing', 'Kembalikan', true)]),
        },
      }),
    });
    renderApp('/admin/service-ku/42');
    expect(await buttons()).not.toContain('Kembalikan');
    expect(screen.queryByRole('button', { name: 'Ubah isian' })).toBeNull();
  });
});
