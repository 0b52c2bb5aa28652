import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { seedSession } from '../../../testing/session.ts';
import { COMPLETE_RESIDENT, EMPTY_PAGE, LETTER_TYPE_SUMMARIES, kuRequest } from '../testing.ts';
import { readSubjectChoice } from '../subject-choice.ts';

// Issue 21: a resident linked to the register files a letter for a member of their family.
const member = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  person_id: id,
  name,
  nik_masked: `************${1000 + id}`,
  relationship: 'Anak',
  gender: 'Laki-laki',
  birth_date: '2008-01-01',
  life_status: 'hidup',
  self: false,
  allowed: true,
  refusal: null,
  ...extra,
});

function serve() {
  seedSession(COMPLETE_RESIDENT);
  return createFakeServer({
    'GET /api/letter-types': () => ({ body: { data: LETTER_TYPE_SUMMARIES } }),
    'GET /api/profile': () => ({ body: { data: COMPLETE_RESIDENT } }),
    'GET /api/business-certificate': () => ({ body: EMPTY_PAGE }),
    'GET /api/business-certificate/42': () => ({ body: { data: kuRequest() } }),
    'GET /api/letter-subjects': () => ({
      body: {
        linked: true,
        data: [
          member(1, 'Siti Aminah', { self: true, relationship: 'Kepala Keluarga' }),
          member(2, 'Bayu Pratama'),
          member(3, 'Nenek Sumi', {
            life_status: 'meninggal',
            allowed: false,
            refusal:
              'Surat tidak dapat diajukan: menurut buku induk desa, penduduk ini sudah meninggal dunia.',
          }),
        ],
      },
    }),
  });
}

describe('a letter for a family member (issue 21)', () => {
  it('chooses the child, says the block comes from the register, and sends subject_person_id', async () => {
    const server = serve();
    server.on('POST /api/business-certificate', () => ({
      status: 201,
      body: { data: kuRequest() },
    }));
    const { user } = renderApp('/service/ku');
    const group = await screen.findByRole('group', { name: 'Untuk siapa surat ini?' });
    expect(within(group).getByRole('radio', { name: /Diri saya sendiri/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Nenek Sumi/ })).toBeDisabled();
    expect(within(group).getByText(/sudah meninggal dunia/)).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: /Bayu Pratama/ }));
    expect(screen.getByText(/Surat untuk Bayu Pratama \(Anak\)/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Data pemohon' })).toBeNull();
    expect(readSubjectChoice(COMPLETE_RESIDENT.id, 'ku')?.person_id).toBe(2);

    await user.type(screen.getByLabelText('Nama Usaha'), 'Warung Bayu');
    await user.type(screen.getByLabelText('Jenis Usaha'), 'Warung sembako');
    await user.type(screen.getByLabelText('Alamat Usaha'), 'Kp. Cibodas RT 001');
    await user.type(screen.getByLabelText('Mulai Usaha'), '2024-03-01');
    await user.type(screen.getByLabelText('Keperluan'), 'Pengajuan KUR');
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    await screen.findByRole('heading', { name: 'Periksa jawaban Anda' });
    expect(screen.getByText(/Surat untuk Bayu Pratama/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kirim permohonan' }));
    await screen.findByRole('heading', { name: 'Permohonan terkirim' });
    const [post] = server.seen('POST /api/business-certificate');
    expect(post!.body).toMatchObject({ subject_person_id: 2, business_name: 'Warung Bayu' });
    // Sent: the choice goes with the draft.
    expect(readSubjectChoice(COMPLETE_RESIDENT.id, 'ku')).toBeNull();
  });
});
