import type { SigningMe, SigningQueueItem, SigningSettings } from '@balai/domain/contract';

/** The Kepala Desa's own state: signs, no PIN yet, three letters waiting. */
export const HEAD_ME: SigningMe = {
  position: 'kepala_desa',
  position_label: 'Kepala Desa',
  nip: '19700101 199001 1 001',
  is_head: true,
  is_secretary: false,
  can_sign: true,
  signs_on_behalf: false,
  delegation: null,
  has_pin: false,
  signature: null,
  waiting: 3,
};

export const queueItem = (id: number, over: Partial<SigningQueueItem> = {}): SigningQueueItem => ({
  id,
  type: 'ku',
  type_title: 'Usaha',
  letter_title: 'Surat Keterangan Usaha',
  reference: `KU-${String(id).padStart(6, '0')}`,
  applicant: {
    name: 'Siti Rahmawati',
    nik: '3201010101010001',
    address: 'Jl. Melati 3, RT 002/RW 001, Dusun I',
    verified: true,
  },
  purpose: 'Pengajuan KUR',
  fields: { business_name: 'Warung Sembako Siti', purpose: 'Pengajuan KUR' },
  clerk: { id: 2, name: 'Administrator Desa' },
  clerk_note: 'Sudah dicek dengan KK.',
  sent_at: '2026-11-23T07:05:00.000Z',
  created_at: '2026-11-22T01:00:00.000Z',
  preview_url: `/api/business-certificate/${id}/preview`,
  desk_url: `/admin/service-ku/${id}`,
  ...over,
});

export const queuePage = (items: SigningQueueItem[], signsOnBehalf = false) => ({
  body: {
    data: items,
    meta: {
      page: 1,
      per_page: 100,
      total: items.length,
      last_page: 1,
      signs_on_behalf: signsOnBehalf,
    },
  },
});

export const SETTINGS: SigningSettings = {
  head_user_id: 11,
  secretary_user_id: null,
  head_away_from: null,
  head_away_until: null,
  approval: { ku: true, ktm: true },
  head: {
    id: 11,
    name: 'H. Ahmad Suryadi',
    position: 'kepala_desa',
    position_label: 'Kepala Desa',
    nip: null,
  },
  secretary: null,
  delegation_active: false,
  approval_types: [
    { code: 'ku', title: 'Surat Keterangan Usaha', required: true },
    { code: 'ktm', title: 'Surat Keterangan Tidak Mampu', required: true },
  ],
  updated_at: null,
};
