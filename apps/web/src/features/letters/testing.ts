import type { ApiUser } from '@balai/domain';
import { RESIDENT } from '../../testing/session.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

/** A resident whose profile holds everything a letter's applicant block needs. */
export const COMPLETE_RESIDENT: ApiUser = {
  ...RESIDENT,
  kk_number: '3203010101010002',
  occupation: 'Pedagang',
};

export const LETTER_TYPE_SUMMARIES = [
  {
    code: 'ku',
    title: 'Usaha',
    description: 'Keterangan bahwa Anda menjalankan usaha di desa.',
    requirements: [
      { key: 'ktp', label: 'Fotokopi KTP', online: 'optional' },
      { key: 'foto_tempat_usaha', label: 'Foto tempat usaha', online: 'required' },
    ],
  },
];

const APPLICANT = {
  name: COMPLETE_RESIDENT.name,
  nik: COMPLETE_RESIDENT.nik,
  kk_number: COMPLETE_RESIDENT.kk_number,
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

/** A Surat Keterangan Usaha request as the API answers it, in the given state. */
export function kuRequest(overrides: Partial<LetterRequestDetail> = {}): LetterRequestDetail {
  return {
    id: 42,
    type: 'ku',
    type_title: 'Usaha',
    letter_title: 'Surat Keterangan Usaha',
    status: 'submitted',
    status_label: 'Diajukan',
    number: null,
    applicant_user_id: COMPLETE_RESIDENT.id,
    applicant_verified: false,
    applicant: APPLICANT,
    fields: {
      business_name: 'Warung Bu Siti',
      business_type: 'Warung sembako',
      business_address: 'Kp. Cibodas RT 001',
      business_started_at: '2020-03-01',
      employee_count: 2,
      purpose: 'Pengajuan KUR',
      phone: '081234567890',
    },
    purpose: 'Pengajuan KUR',
    phone: '081234567890',
    note: null,
    editable: true,
    actions: [{ status: 'cancelled', label: 'Batalkan', note_required: false }],
    pdf: null,
    verify_url: null,
    signature: null,
    issued_at: null,
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
        actor_name: null,
        actor_role: 'WARGA',
        created_at: '2026-11-20T02:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export const EMPTY_PAGE = { data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } };
