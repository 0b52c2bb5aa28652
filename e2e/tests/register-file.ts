import ExcelJS from 'exceljs';

/**
 * A village's population file as OpenSID exports it (../shared/REGISTER.md): sheet
 * "Data Penduduk", OpenSID's column names in row 1, codes as numbers, and a "Kode Data" sheet
 * that is not data. The demo village's kecamatan is 32.01.01 (village code 3201012001).
 */

export const OPENSID_COLUMNS = [
  'alamat',
  'dusun',
  'rw',
  'rt',
  'nama',
  'no_kk',
  'nik',
  'sex',
  'tempatlahir',
  'tanggallahir',
  'agama_id',
  'pendidikan_kk_id',
  'pekerjaan_id',
  'status_kawin',
  'kk_level',
  'warganegara_id',
  'nama_ayah',
  'nama_ibu',
  'golongan_darah_id',
  'status_dasar',
] as const;

type Column = (typeof OPENSID_COLUMNS)[number];
export type PersonRow = Partial<Record<Column, string | number>>;

/** A NIK: region (6 digits), birth date DDMMYY with 40 added to the day for women, serial. */
export function nik(region: string, birth: string, female: boolean, serial: number): string {
  const [y, m, d] = birth.split('-');
  const day = String(Number(d) + (female ? 40 : 0)).padStart(2, '0');
  return `${region}${day}${m}${y!.slice(2)}${String(serial).padStart(4, '0')}`;
}

const REGION = '320101';

/** Where a family of a file lives: its card, its address, its birthplace. */
export interface Household {
  no_kk: string;
  alamat: string;
  dusun: string;
  rw: string;
  rt: string;
  tempatlahir: string;
}

/**
 * A living member of `home` (kk_level 1 head, 3 wife, 4 child; a child is unmarried, everyone
 * else married unless `extra` says otherwise).
 */
export function householdMember(
  home: Household,
  name: string,
  level: number,
  sex: 1 | 2,
  birth: string,
  serial: number,
  extra: PersonRow = {},
): PersonRow {
  return {
    alamat: home.alamat,
    dusun: home.dusun,
    rw: home.rw,
    rt: home.rt,
    nama: name,
    no_kk: home.no_kk,
    nik: nik(REGION, birth, sex === 2, serial),
    sex,
    tempatlahir: home.tempatlahir,
    tanggallahir: birth,
    agama_id: 1,
    pendidikan_kk_id: 5,
    pekerjaan_id: 9,
    status_kawin: level === 4 ? 1 : 2,
    kk_level: level,
    warganegara_id: 1,
    nama_ayah: 'Ayah',
    nama_ibu: 'Ibu',
    golongan_darah_id: 13,
    status_dasar: 1,
    ...extra,
  };
}

/** One resident of the file: a living person of dusun Krajan unless told otherwise. */
function person(
  name: string,
  kk: string,
  level: number,
  sex: 1 | 2,
  birth: string,
  serial: number,
  extra: PersonRow = {},
): PersonRow {
  const home = {
    no_kk: kk,
    alamat: 'Jl. Melati No. 3',
    dusun: 'Krajan',
    rw: '001',
    rt: '002',
    tempatlahir: 'Cianjur',
  };
  // This file's people as it has always written them: kk_level 3 unmarried, the rest married.
  return householdMember(home, name, level, sex, birth, serial, {
    status_kawin: level === 3 ? 1 : 2,
    ...extra,
  });
}

export const KK_1 = '3201010101200001';
export const KK_2 = '3201010101200002';

/** The valid rows: two families, seven people (two with warnings only). */
export const GOOD_ROWS: PersonRow[] = [
  person('Budi Santoso E2E', KK_1, 1, 1, '1980-05-12', 1),
  person('Sri Wahyuni E2E', KK_1, 3, 2, '1984-08-21', 2),
  person('Andi Santoso E2E', KK_1, 4, 1, '2010-01-03', 3),
  person('Joko Prasetyo E2E', KK_2, 1, 1, '1975-11-30', 4, {
    dusun: 'Sukamulya',
    rw: '002',
    rt: '001',
  }),
  person('Ratna Sari E2E', KK_2, 3, 2, '1979-02-14', 5, {
    dusun: 'Sukamulya',
    rw: '002',
    rt: '001',
    pekerjaan_id: 2,
  }),
  // Warnings, not errors: a NIK issued in another kecamatan (Bandung, 32.73.01)…
  {
    ...person('Dewi Lestari E2E', KK_2, 4, 2, '2005-06-17', 6, {
      dusun: 'Sukamulya',
      rw: '002',
      rt: '001',
    }),
    nik: nik('327301', '2005-06-17', true, 6),
  },
  // …and a woman whose NIK's day has no 40 added (the NIK says a man).
  {
    ...person('Lina Marlina E2E', KK_1, 4, 2, '2008-07-07', 10),
    nik: nik(REGION, '2008-07-07', false, 10),
  },
];

/** Rows that cannot be taken, each for one reason (the row numbers are the sheet's). */
export const BAD_ROWS: PersonRow[] = [
  // No name.
  { ...person('', KK_1, 4, 2, '2012-09-09', 7) },
  // A NIK of 15 digits.
  { ...person('Nik Pendek E2E', KK_1, 4, 1, '2014-04-04', 8), nik: '320101040414000' },
  // An unknown religion code.
  { ...person('Agama Salah E2E', KK_2, 4, 1, '2015-03-03', 9), agama_id: 9 },
];

/** The file: the good rows, then the bad ones, then a "Kode Data" sheet OpenSID ships. */
export async function opensidFile(rows: PersonRow[] = [...GOOD_ROWS, ...BAD_ROWS]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data Penduduk');
  sheet.addRow([...OPENSID_COLUMNS]);
  for (const row of rows) sheet.addRow(OPENSID_COLUMNS.map((c) => row[c] ?? ''));
  // Text cells, as the civil registry's files hold them (a NIK is no number to Excel).
  for (const c of ['nik', 'no_kk', 'rw', 'rt', 'tanggallahir'] as const) {
    sheet.getColumn(OPENSID_COLUMNS.indexOf(c) + 1).numFmt = '@';
  }
  const codes = book.addWorksheet('Kode Data');
  codes.addRow(['agama_id', 'Agama']);
  codes.addRow([1, 'Islam']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
