import { GENDERS, MARITAL_STATUSES, NATIONALITIES, RELIGIONS } from '../choices.ts';

// The register's choice lists, equal to the national code lists of civil registration
// (Permendagri; the same numbers OpenSID's import file and SIAK use), so a file maps one to one
// in both directions: a code to its label for the screens and the export, and a code or a label
// (in any case, with the spellings villages' files carry) back to the code on import.
// Zod-free: the web may import these anywhere.

/** One entry of a code list: the national code, Balai's label, and other spellings read on import. */
export interface CodeEntry {
  readonly code: number;
  readonly label: string;
  readonly aliases?: readonly string[];
}
export type CodeList = readonly CodeEntry[];

/** Entries numbered from 1 in the given order (the order of the national list). */
function numbered(labels: readonly string[], aliases: Record<string, readonly string[]> = {}) {
  return labels.map((label, i) => ({ code: i + 1, label, aliases: aliases[label] ?? [] }));
}

/** Jenis kelamin: 1 laki-laki, 2 perempuan (the labels of the users' GENDERS). */
export const SEX_CODES: CodeList = numbered(GENDERS, {
  'Laki-laki': ['L', 'LK', 'LAKI', 'LAKI LAKI', 'PRIA'],
  Perempuan: ['P', 'PR', 'PEREMPUAN', 'WANITA', 'W'],
});

/** Agama 1–7 (the users' RELIGIONS, in the national order). */
export const RELIGION_CODES: CodeList = numbered(RELIGIONS, {
  Katolik: ['KATHOLIK'],
  Buddha: ['BUDHA'],
  Khonghucu: ['KONGHUCU', 'KONGHUCHU'],
  'Kepercayaan terhadap Tuhan YME': [
    'KEPERCAYAAN',
    'KEPERCAYAAN TERHADAP TUHAN YME / LAINNYA',
    'LAINNYA',
  ],
});

/** Pendidikan dalam KK 1–10. */
export const EDUCATION_CODES: CodeList = numbered(
  [
    'Tidak/Belum Sekolah',
    'Belum Tamat SD/Sederajat',
    'Tamat SD/Sederajat',
    'SLTP/Sederajat',
    'SLTA/Sederajat',
    'Diploma I/II',
    'Akademi/Diploma III/S. Muda',
    'Diploma IV/Strata I',
    'Strata II',
    'Strata III',
  ],
  {
    'Tidak/Belum Sekolah': ['BELUM SEKOLAH', 'TIDAK SEKOLAH', 'BLM SEKOLAH'],
    'Belum Tamat SD/Sederajat': ['BLM TAMAT SD'],
    'Tamat SD/Sederajat': ['TAMAT SD', 'SD', 'SD/SEDERAJAT'],
    'SLTP/Sederajat': ['SMP', 'SLTP', 'TAMAT SLTP', 'SMP/SEDERAJAT'],
    'SLTA/Sederajat': ['SMA', 'SLTA', 'TAMAT SLTA', 'SMA/SEDERAJAT'],
    'Diploma I/II': ['D1', 'D2'],
    'Akademi/Diploma III/S. Muda': ['D3', 'DIPLOMA III'],
    'Diploma IV/Strata I': ['D4', 'S1', 'D4/S1'],
    'Strata II': ['S2'],
    'Strata III': ['S3'],
  },
);

/** Pekerjaan 1–89. */
export const OCCUPATION_CODES: CodeList = numbered(
  [
    'Belum/Tidak Bekerja',
    'Mengurus Rumah Tangga',
    'Pelajar/Mahasiswa',
    'Pensiunan',
    'Pegawai Negeri Sipil (PNS)',
    'Tentara Nasional Indonesia (TNI)',
    'Kepolisian RI (POLRI)',
    'Perdagangan',
    'Petani/Pekebun',
    'Peternak',
    'Nelayan/Perikanan',
    'Industri',
    'Konstruksi',
    'Transportasi',
    'Karyawan Swasta',
    'Karyawan BUMN',
    'Karyawan BUMD',
    'Karyawan Honorer',
    'Buruh Harian Lepas',
    'Buruh Tani/Perkebunan',
    'Buruh Nelayan/Perikanan',
    'Buruh Peternakan',
    'Pembantu Rumah Tangga',
    'Tukang Cukur',
    'Tukang Listrik',
    'Tukang Batu',
    'Tukang Kayu',
    'Tukang Sol Sepatu',
    'Tukang Las/Pandai Besi',
    'Tukang Jahit',
    'Tukang Gigi',
    'Penata Rias',
    'Penata Busana',
    'Penata Rambut',
    'Mekanik',
    'Seniman',
    'Tabib',
    'Paraji',
    'Perancang Busana',
    'Penterjemah',
    'Imam Masjid',
    'Pendeta',
    'Pastor',
    'Wartawan',
    'Ustadz/Mubaligh',
    'Juru Masak',
    'Promotor Acara',
    'Anggota DPR-RI',
    'Anggota DPD',
    'Anggota BPK',
    'Presiden',
    'Wakil Presiden',
    'Anggota Mahkamah Konstitusi',
    'Anggota Kabinet/Kementerian',
    'Duta Besar',
    'Gubernur',
    'Wakil Gubernur',
    'Bupati',
    'Wakil Bupati',
    'Walikota',
    'Wakil Walikota',
    'Anggota DPRD Provinsi',
    'Anggota DPRD Kabupaten/Kota',
    'Dosen',
    'Guru',
    'Pilot',
    'Pengacara',
    'Notaris',
    'Arsitek',
    'Akuntan',
    'Konsultan',
    'Dokter',
    'Bidan',
    'Perawat',
    'Apoteker',
    'Psikiater/Psikolog',
    'Penyiar Televisi',
    'Penyiar Radio',
    'Pelaut',
    'Peneliti',
    'Sopir',
    'Pialang',
    'Paranormal',
    'Pedagang',
    'Perangkat Desa',
    'Kepala Desa',
    'Biarawati',
    'Wiraswasta',
    'Lainnya',
  ],
  {
    'Belum/Tidak Bekerja': ['BELUM BEKERJA', 'TIDAK BEKERJA'],
    'Pegawai Negeri Sipil (PNS)': ['PNS', 'PEGAWAI NEGERI SIPIL'],
    'Tentara Nasional Indonesia (TNI)': ['TNI'],
    'Kepolisian RI (POLRI)': ['POLRI'],
    'Petani/Pekebun': ['PETANI'],
    Lainnya: ['LAIN-LAIN'],
  },
);

/** Status perkawinan 1–4 (the users' MARITAL_STATUSES). */
export const MARITAL_CODES: CodeList = numbered(MARITAL_STATUSES, {
  'Belum Kawin': ['BLM KAWIN'],
});

/** Hubungan dalam keluarga (SHDK, OpenSID's `kk_level`) 1–11; 1 is the family's head. */
export const RELATIONSHIP_CODES: CodeList = numbered(
  [
    'Kepala Keluarga',
    'Suami',
    'Istri',
    'Anak',
    'Menantu',
    'Cucu',
    'Orang Tua',
    'Mertua',
    'Famili Lain',
    'Pembantu',
    'Lainnya',
  ],
  {
    'Kepala Keluarga': ['KK', 'KEPALA', 'KPL. KELUARGA'],
    'Orang Tua': ['ORANGTUA'],
    Istri: ['ISTERI'],
  },
);
export const HEAD_RELATIONSHIP = 1;

/** Kewarganegaraan 1–3 (the users' NATIONALITIES, then dual citizenship). */
export const CITIZENSHIP_CODES: CodeList = numbered([...NATIONALITIES, 'Dua Kewarganegaraan']);

/** Golongan darah 1–13. */
export const BLOOD_TYPE_CODES: CodeList = numbered(
  ['A', 'B', 'AB', 'O', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Tidak Tahu'],
  { 'Tidak Tahu': ['TIDAK DIKETAHUI', 'TDK TAHU'] },
);

/** Status dasar 1–4: the life statuses, as OpenSID numbers them. */
export const LIFE_STATUSES = ['hidup', 'meninggal', 'pindah', 'hilang'] as const;
export type LifeStatus = (typeof LIFE_STATUSES)[number];
export const LIFE_STATUS_CODES: CodeList = numbered(['Hidup', 'Meninggal', 'Pindah', 'Hilang'], {
  Meninggal: ['MATI'],
});
/** `hidup` ↔ 1, `meninggal` ↔ 2, … */
export const lifeStatusOfCode = (code: number): LifeStatus | null =>
  LIFE_STATUSES[code - 1] ?? null;
export const codeOfLifeStatus = (s: LifeStatus): number => LIFE_STATUSES.indexOf(s) + 1;

/** Every coded person field, by the field's name in the register. */
export const REGISTER_CODE_LISTS = {
  gender: SEX_CODES,
  religion: RELIGION_CODES,
  education: EDUCATION_CODES,
  occupation: OCCUPATION_CODES,
  marital_status: MARITAL_CODES,
  relationship: RELATIONSHIP_CODES,
  nationality: CITIZENSHIP_CODES,
  blood_type: BLOOD_TYPE_CODES,
} as const satisfies Record<string, CodeList>;
export type CodedField = keyof typeof REGISTER_CODE_LISTS;
export const CODED_FIELDS = Object.keys(REGISTER_CODE_LISTS) as CodedField[];

/** Upper case, single spaces, no spaces around "/" — how spellings are compared. */
export function codeKey(s: string): string {
  return s
    .toUpperCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
}

const lookups = new WeakMap<CodeList, Map<string, number>>();
function lookupOf(list: CodeList): Map<string, number> {
  let m = lookups.get(list);
  if (!m) {
    m = new Map();
    for (const e of list) {
      m.set(String(e.code), e.code);
      m.set(codeKey(e.label), e.code);
      for (const a of e.aliases ?? []) m.set(codeKey(a), e.code);
    }
    lookups.set(list, m);
  }
  return m;
}

/**
 * The code of a cell: its number ("3", 3, "03") or its label in any case and spelling the list
 * knows; null when empty; undefined when it is no entry of the list (an import error).
 */
export function codeOf(list: CodeList, value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  if (s === '') return null;
  if (/^\d+$/.test(s)) return lookupOf(list).get(String(Number(s)));
  return lookupOf(list).get(codeKey(s));
}

/** The label of a code; null for null or an unknown code. */
export function labelOf(list: CodeList, code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return list[code - 1]?.code === code
    ? list[code - 1]!.label
    : (list.find((e) => e.code === code)?.label ?? null);
}

/** The labels of a list, in code order (a select's options). */
export const labelsOf = (list: CodeList): string[] => list.map((e) => e.label);
