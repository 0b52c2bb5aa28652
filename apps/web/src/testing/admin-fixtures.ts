import type { Dashboard } from '@balai/domain/contract';

/** A bucket of the waiting requests with none in any status. */
const NONE_WAITING = { submitted: 0, processing: 0, awaiting_signature: 0 };

/** A dashboard answer as the server gives it, small. */
export const DASHBOARD: Dashboard = {
  as_of: '2026-11-23T07:05:00.000Z',
  max_age_seconds: 60,
  residents: 1250,
  verified_residents: 900,
  requests_by_status: [
    { status: 'submitted', label: 'Diajukan', count: 12 },
    { status: 'completed', label: 'Selesai', count: 340 },
  ],
  requests_total: 352,
  issued_this_month: 41,
  requests_per_month: [
    { month: '2026-10', label: 'Okt 2026', total: 30, by_type: { ku: 20, ktm: 10 } },
    { month: '2026-11', label: 'Nov 2026', total: 22, by_type: { ku: 12, ktm: 10 } },
  ],
  median_processing_hours: 30.5,
  median_processing_minutes: 1830,
  busiest_types: [{ type: 'ku', title: 'Surat Keterangan Usaha', count: 32 }],
  waiting: {
    statuses: [
      { status: 'submitted', label: 'Diajukan' },
      { status: 'processing', label: 'Diproses' },
      { status: 'awaiting_signature', label: 'Menunggu Tanda Tangan' },
    ],
    total: 12,
    by_status: { submitted: 7, processing: 2, awaiting_signature: 3 },
    by_age: [
      {
        key: 'under_1_day',
        label: '< 1 hari',
        min_days: 0,
        max_days: 0,
        count: 5,
        by_status: NONE_WAITING,
      },
      {
        key: '1_3_days',
        label: '1–3 hari',
        min_days: 1,
        max_days: 3,
        count: 4,
        by_status: NONE_WAITING,
      },
      {
        key: '4_7_days',
        label: '4–7 hari',
        min_days: 4,
        max_days: 7,
        count: 2,
        by_status: NONE_WAITING,
      },
      {
        key: 'over_7_days',
        label: '> 7 hari',
        min_days: 8,
        max_days: null,
        count: 1,
        by_status: NONE_WAITING,
      },
    ],
    oldest: [
      {
        id: 9,
        type: 'ku',
        type_title: 'Usaha',
        reference: 'KU-000009',
        applicant_name: 'Siti Aminah',
        status: 'submitted',
        status_label: 'Diajukan',
        created_at: '2026-11-10T02:00:00.000Z',
        age_days: 13,
      },
    ],
  },
  population: {
    total: { male: 600, female: 650, total: 1250 },
    ages: [{ label: '0–4', age_from: 0, age_to: 4, male: 50, female: 60, total: 110 }],
    jobs: [{ job: 'Petani', male: 200, female: 100, total: 300 }],
    religions: [{ religion: 'Islam', male: 590, female: 640, total: 1230 }],
    infos: [{ label: 'Kepala Keluarga', value: '412', unit: 'KK' }],
  },
};
