import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  LIFE_STATUS_CODES,
  LIFE_STATUSES,
  labelOf,
  REGISTER_CODE_LISTS,
  type CodedField,
} from '@balai/domain';
import type { ImportProblem, RegisterMonthlyReport } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';
import { neutralise } from '../../letters/export/spreadsheet.ts';
import { personRows, type PersonRow } from '../../repositories/register-persons.ts';
import { REGISTER_COLUMNS } from './columns.ts';

/**
 * Balai's register workbook (issue 24): the template (headers and the code sheet, no data),
 * the export (the whole register in the template's form: importing it gives the same register),
 * the problems of an import, and the monthly report as XLSX. Written with exceljs's streaming
 * writer, 1,000 people at a time.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DATA_SHEET = 'Data Penduduk';
const CODE_SHEET = 'Kode Data';
const CHUNK = 1000;

const CODE_LIST_TITLES: Record<CodedField | 'life_status', string> = {
  gender: 'Jenis kelamin',
  religion: 'Agama',
  education: 'Pendidikan',
  occupation: 'Pekerjaan',
  marital_status: 'Status perkawinan',
  relationship: 'Hubungan dalam keluarga (SHDK)',
  nationality: 'Kewarganegaraan',
  blood_type: 'Golongan darah',
  life_status: 'Status dasar',
};

/** A person as a template row, in REGISTER_COLUMNS order (codes as labels). */
function rowOf(p: PersonRow, kk: string | null): (string | null)[] {
  const v: Record<string, string | null> = {
    nik: p.nik,
    name: p.name,
    kk_number: kk,
    birth_place: p.birth_place,
    birth_date: p.birth_date,
    father_name: p.father_name,
    mother_name: p.mother_name,
    address: p.address,
    hamlet: p.hamlet,
    rw: p.rw,
    rt: p.rt,
    life_status: labelOf(LIFE_STATUS_CODES, LIFE_STATUSES.indexOf(p.life_status) + 1),
  };
  for (const k of Object.keys(REGISTER_CODE_LISTS) as CodedField[]) {
    v[k] = labelOf(REGISTER_CODE_LISTS[k], p[k]);
  }
  return REGISTER_COLUMNS.map((c) => {
    const x = v[c.key] ?? null;
    return x === null ? null : neutralise(x);
  });
}

function writeCodeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter) {
  const sheet = wb.addWorksheet(CODE_SHEET);
  sheet.columns = [{ width: 32 }, { width: 8 }, { width: 40 }];
  sheet.addRow(['Daftar', 'Kode', 'Nama']).commit();
  const lists = { ...REGISTER_CODE_LISTS, life_status: LIFE_STATUS_CODES };
  for (const [k, list] of Object.entries(lists)) {
    for (const e of list)
      sheet.addRow([CODE_LIST_TITLES[k as CodedField], e.code, e.label]).commit();
  }
  sheet.addRow([]).commit();
  sheet
    .addRow([
      'Kolom berkode boleh diisi kode (angka) atau namanya. NIK dan No. KK 16 digit, tanggal lahir YYYY-MM-DD. Lembar ini tidak dibaca saat impor.',
    ])
    .commit();
  sheet.commit();
}

/** The template, or the register (`db` given) as the template filled in. */
export function registerWorkbook(db: Kysely<Database> | null): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Balai';
  const write = async () => {
    const sheet = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = REGISTER_COLUMNS.map((c) => ({
      width: Math.max(10, c.header.length + 4),
      style: { numFmt: '@' },
    }));
    const header = sheet.addRow(REGISTER_COLUMNS.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    if (db) {
      let after = 0;
      for (;;) {
        const ids = await db
          .selectFrom('register_persons')
          .select('id')
          .where('id', '>', after)
          .orderBy('id')
          .limit(CHUNK)
          .execute();
        if (ids.length === 0) break;
        after = ids.at(-1)!.id;
        const rows = await personRows(
          db,
          ids.map((r) => r.id),
        );
        rows.sort((a, b) => a.id - b.id);
        for (const p of rows) sheet.addRow(rowOf(p, p.kk_number)).commit();
      }
    }
    sheet.commit();
    writeCodeSheet(wb);
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Every problem of an import, as a sheet. */
export async function problemsWorkbook(all: {
  errors: ImportProblem[];
  warnings: ImportProblem[];
}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Balai';
  const sheet = wb.addWorksheet('Masalah Impor');
  sheet.columns = [
    { header: 'Baris', width: 8 },
    { header: 'Kolom', width: 20 },
    { header: 'Jenis', width: 12 },
    { header: 'Pesan', width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  const rows = [
    ...all.errors.map((p) => ({ ...p, kind: 'Galat' })),
    ...all.warnings.map((p) => ({ ...p, kind: 'Peringatan' })),
  ].sort((a, b) => a.row - b.row);
  for (const p of rows) sheet.addRow([p.row, neutralise(p.column), p.kind, neutralise(p.message)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const REPORT_LINES: readonly [string, keyof RegisterMonthlyReport][] = [
  ['Jumlah penduduk awal bulan', 'start'],
  ['Lahir', 'births'],
  ['Meninggal', 'deaths'],
  ['Pindah masuk (datang)', 'arrivals'],
  ['Pindah keluar', 'departures'],
  ['Hilang', 'lost'],
  ['Jumlah penduduk akhir bulan', 'end'],
];

/** The monthly report as XLSX: the table by sex, then the late reports. */
export async function reportWorkbook(r: RegisterMonthlyReport, village: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Balai';
  const sheet = wb.addWorksheet(`Laporan ${r.month}`);
  sheet.columns = [{ width: 34 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 24 }];
  sheet.addRow([`Laporan Bulanan Penduduk Desa ${village}`]).font = { bold: true, size: 13 };
  sheet.addRow([`Bulan ${r.month} (${r.from} s.d. ${r.to}), menurut tanggal kejadian`]);
  sheet.addRow([]);
  sheet.addRow(['Rincian', 'Laki-laki', 'Perempuan', 'Jumlah']).font = { bold: true };
  for (const [label, key] of REPORT_LINES) {
    const v = r[key] as { male: number; female: number; total: number };
    sheet.addRow([label, v.male, v.female, v.total]);
  }
  const late = [
    ['Dilaporkan terlambat (terjadi bulan ini, dilaporkan kemudian)', r.late_reports],
    ['Dilaporkan bulan ini untuk kejadian bulan sebelumnya', r.reported_late_this_month],
  ] as const;
  for (const [title, list] of late) {
    sheet.addRow([]);
    sheet.addRow([title]).font = { bold: true };
    sheet.addRow(['Nama', 'Peristiwa', 'Tgl kejadian', 'Tgl lapor']).font = { bold: true };
    for (const e of list)
      sheet.addRow([neutralise(e.person_name), e.kind_label, e.occurred_on, e.reported_on]);
    if (list.length === 0) sheet.addRow(['(tidak ada)']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
