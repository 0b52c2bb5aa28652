// The letters bench's village, generated deterministically: 100,000 residents and a million
// requests over two years (BENCH_RESIDENTS, BENCH_REQUESTS), the same on every run.
import { randomBytes } from 'node:crypto';
import {
  LETTER_TYPES,
  applicantFromProfile,
  letterSchema,
  todayIso,
  type LetterStatus,
} from '../../packages/domain/src/index.ts';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { nameKey } from '../../apps/server/src/lib/names.ts';
import { formatLetterNumber } from '../../apps/server/src/letters/numbering.ts';

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Siti',
  'Budi',
  'Ahmad',
  'Dewi',
  'Agus',
  'Sri',
  'Joko',
  'Rina',
  'Dedi',
  'Yanti',
  'Asep',
  'Euis',
  'Ujang',
  'Neng',
  'Hendra',
  'Lilis',
  'Rudi',
  'Wati',
  'Iwan',
  'Nur',
  'Yohanes',
  'Maria',
  'Ketut',
  'Made',
  'Wayan',
  'Ayu',
  'Bambang',
  'Endang',
  'Teguh',
  'Fitri',
  'Rizky',
  'Putri',
  'Dimas',
  'Ratna',
  'Eko',
  'Indah',
  'Fajar',
  'Lestari',
  'Gilang',
  'Nita',
];
const MIDDLE = ['', '', '', 'Nur', 'Dwi', 'Tri', 'Eka', 'Kadek', 'Ayu', 'Muhammad', 'Ratu', 'Adi'];
const LAST = [
  'Rahmawati',
  'Santoso',
  'Sitompul',
  'Lestari',
  'Hidayat',
  'Kurniawan',
  'Suryadi',
  'Wijaya',
  'Saputra',
  'Permata',
  'Nugroho',
  'Susanti',
  'Pratama',
  'Handayani',
  'Setiawan',
  'Maulana',
  'Firmansyah',
  'Anggraini',
  'Hakim',
  'Gunawan',
  'Purnama',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Sulistyo',
  'Wulandari',
  'Ramadhan',
  'Fauzi',
  'Suherman',
  'Komariah',
];
const JOBS = [
  'Petani',
  'Pedagang',
  'Buruh Harian Lepas',
  'Karyawan Swasta',
  'Guru',
  'Wiraswasta',
  'Ibu Rumah Tangga',
  'Pelajar/Mahasiswa',
  'Nelayan',
  'Sopir',
];
const RELIGIONS = ['Islam', 'Islam', 'Islam', 'Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha'];
const EDUCATIONS = ['SD/Sederajat', 'SMP/Sederajat', 'SMA/Sederajat', 'D1–D3', 'D4/S1'];
const DUSUN = ['Dusun Cibeureum', 'Dusun Babakan', 'Dusun Sirnagalih', 'Dusun Cisalak'];

export interface Resident {
  id: number;
  name: string;
  email: string;
  nik: string;
  profile: Record<string, string>;
}

export function residents(count: number): Resident[] {
  const rand = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const seen = new Map<string, number>();
  const out: Resident[] = [];
  for (let i = 0; i < count; i++) {
    const female = rand() < 0.5;
    const name = [pick(FIRST), pick(MIDDLE), pick(LAST)].filter(Boolean).join(' ');
    const birth = new Date(
      Date.UTC(
        1950 + Math.floor(rand() * 55),
        Math.floor(rand() * 12),
        1 + Math.floor(rand() * 28),
      ),
    );
    const iso = birth.toISOString().slice(0, 10);
    const region = `3201${String(1 + Math.floor(rand() * 40)).padStart(2, '0')}`;
    const dd = birth.getUTCDate() + (female ? 40 : 0);
    const stem = `${region}${String(dd).padStart(2, '0')}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    const nik = `${stem}${String(n).padStart(4, '0')}`;
    const rt = String(1 + Math.floor(rand() * 12)).padStart(3, '0');
    out.push({
      id: i + 2, // 1 is the administrator
      name,
      email: `warga${i}@bench.desa.id`,
      nik,
      profile: {
        name,
        nik,
        kk_number: `3201${String(i).padStart(12, '0')}`,
        birth_place: pick(['Bogor', 'Sukabumi', 'Cianjur', 'Jakarta', 'Bandung']),
        birth_date: iso,
        gender: female ? 'Perempuan' : 'Laki-laki',
        religion: pick(RELIGIONS),
        marital_status: rand() < 0.6 ? 'Kawin' : 'Belum Kawin',
        occupation: pick(JOBS),
        education: pick(EDUCATIONS),
        nationality: 'WNI',
        address: `Kp. ${pick(LAST)} No. ${1 + Math.floor(rand() * 200)}`,
        rt,
        rw: String(1 + Math.floor(rand() * 6)).padStart(3, '0'),
        hamlet: pick(DUSUN),
      },
    });
  }
  return out;
}

export interface RequestRow {
  id: number;
  type: string;
  applicant_user_id: number;
  filed_by: number;
  applicant: string;
  applicant_name: string;
  applicant_name_key: string;
  applicant_nik: string;
  data: string;
  purpose: string | null;
  phone: string | null;
  status: LetterStatus;
  note: string | null;
  number: string | null;
  number_seq: number | null;
  number_year: number | null;
  verify_token: string;
  processing_seconds: number | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

const DATA = new Map(
  LETTER_TYPES.map((t) => {
    const data = letterSchema(t).parse(LETTER_EXAMPLES[t.code]);
    return [
      t.code,
      {
        json: JSON.stringify(data),
        purpose: data.purpose as string | null,
        phone: data.phone as string | null,
      },
    ];
  }),
);

/** Requests in batches: spread over two years, most of them long completed, each with its number. */
export function* requests(
  people: Resident[],
  count: number,
  batch: number,
): Generator<RequestRow[]> {
  const rand = prng(7);
  const now = Date.now();
  const counters = new Map<string, number>();
  const snapshots = new Map<number, string>();
  // Popular types are requested more often.
  const weights = LETTER_TYPES.map((_, i) => 1 + (i % 5));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickType = () => {
    let r = rand() * total;
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return LETTER_TYPES[i]!;
    return LETTER_TYPES[0]!;
  };
  // Created in time order, so ids and created_at agree as they do in real life.
  const span = 730 * 86_400_000;
  let rows: RequestRow[] = [];
  for (let i = 0; i < count; i++) {
    const created = now - span + Math.floor((span * i) / count);
    const person = people[Math.floor(rand() * people.length)]!;
    const type = pickType();
    const age = (now - created) / 86_400_000;
    const r = rand();
    let status: LetterStatus;
    if (age > 14) status = r < 0.85 ? 'completed' : r < 0.93 ? 'rejected' : 'cancelled';
    else
      status =
        r < 0.35
          ? 'submitted'
          : r < 0.55
            ? 'processing'
            : r < 0.65
              ? 'needs_revision'
              : r < 0.95
                ? 'completed'
                : 'rejected';
    let snapshot = snapshots.get(person.id);
    if (!snapshot) {
      snapshot = JSON.stringify(applicantFromProfile(person.profile));
      snapshots.set(person.id, snapshot);
    }
    const createdAt = new Date(created).toISOString();
    let number: string | null = null;
    let seq: number | null = null;
    let year: number | null = null;
    let issuedAt: string | null = null;
    let processing: number | null = null;
    if (status === 'completed') {
      processing = 3600 + Math.floor(rand() * 72 * 3600);
      const issued = new Date(created + processing * 1000);
      issuedAt = issued.toISOString();
      const issuedOn = todayIso(issued);
      year = Number(issuedOn.slice(0, 4));
      const key = `${type.classificationCode}|${year}`;
      seq = (counters.get(key) ?? 0) + 1;
      counters.set(key, seq);
      number = formatLetterNumber('{code}/{seq:3}/{village_code}/{month_roman}/{year}', {
        classificationCode: type.classificationCode,
        seq,
        villageCode: '3201012001',
        issuedOn,
      });
    }
    const data = DATA.get(type.code)!;
    rows.push({
      id: i + 1,
      type: type.code,
      applicant_user_id: person.id,
      filed_by: person.id,
      applicant: snapshot,
      applicant_name: person.name,
      applicant_name_key: nameKey(person.name),
      applicant_nik: person.nik,
      data: data.json,
      purpose: data.purpose,
      phone: data.phone,
      status,
      note: status === 'rejected' || status === 'needs_revision' ? 'Berkas belum lengkap.' : null,
      number,
      number_seq: seq,
      number_year: year,
      verify_token: randomBytes(24).toString('base64url'),
      processing_seconds: processing,
      issued_at: issuedAt,
      created_at: createdAt,
      updated_at: issuedAt ?? createdAt,
    });
    if (rows.length === batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length) yield rows;
  sequences = counters;
}
let sequences = new Map<string, number>();
/** The last number `requests` gave in each scope and year, once it has run to its end. */
export const lastSequences = () => sequences;

export const REQUEST_COLUMNS = [
  'id',
  'type',
  'applicant_user_id',
  'filed_by',
  'applicant',
  'applicant_name',
  'applicant_name_key',
  'applicant_nik',
  'data',
  'purpose',
  'phone',
  'status',
  'note',
  'number',
  'number_seq',
  'number_year',
  'verify_token',
  'issued_at',
  'created_at',
  'updated_at',
] as const;
export const PG_TYPES: Record<(typeof REQUEST_COLUMNS)[number], string> = {
  id: 'int',
  type: 'text',
  applicant_user_id: 'int',
  filed_by: 'int',
  applicant: 'text',
  applicant_name: 'text',
  applicant_name_key: 'text',
  applicant_nik: 'text',
  data: 'text',
  purpose: 'text',
  phone: 'text',
  status: 'text',
  note: 'text',
  number: 'text',
  number_seq: 'int',
  number_year: 'int',
  verify_token: 'text',
  issued_at: 'text',
  created_at: 'text',
  updated_at: 'text',
};
