import {
  checkNik,
  cleanIdNumber,
  cleanPlainText,
  codeOf,
  isRealIsoDate,
  isSixteenDigits,
  KK_LENGTH_MESSAGE,
  LIFE_STATUS_CODES,
  lifeStatusOfCode,
  NIK_LENGTH_MESSAGE,
  PERSON_LABELS,
  REGISTER_CODE_LISTS,
  type CodedField,
} from '@balai/domain';
import type { ImportProblem } from '@balai/domain/contract';
import type { ParsedPerson } from '../../repositories/register-import.ts';
import type { SheetRow } from './read-file.ts';

export type { ParsedPerson };

export interface RowCheck {
  person: ParsedPerson | null;
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

const label = (key: string) => PERSON_LABELS[key] ?? (key === 'life_status' ? 'Status dasar' : key);

function plain(v: unknown, max: number): string | null {
  if (v === null || v === undefined) return null;
  const s = cleanPlainText(
    v instanceof Date ? v.toISOString().slice(0, 10) : String(v),
    false,
  ).trim();
  return s === '' ? null : s.slice(0, max);
}

/** An RT or RW: "1", "01", 1 → "001" (three digits, as the KK prints them); other text kept. */
function areaNumber(v: unknown): string | null {
  const s = plain(v, 100);
  if (s === null) return null;
  return /^\d{1,3}$/.test(s) ? s.padStart(3, '0') : s;
}

/** Excel's serial day 25569 is 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

/** A birth date cell: a Date, an Excel serial, YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY. */
export function readDate(v: unknown): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? undefined : v.toISOString().slice(0, 10);
  if (typeof v === 'number') {
    if (v < 1 || v > 80000) return undefined;
    return new Date((Math.round(v) - EXCEL_EPOCH_DAYS) * 86_400_000).toISOString().slice(0, 10);
  }
  const s = String(v).trim();
  if (s === '') return null;
  let iso: string | undefined;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(s);
  if (m) iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return iso && isRealIsoDate(iso) && iso >= '1900-01-01' ? iso : undefined;
}

/**
 * Checks one row: errors make it untakeable (no name, NIK or No. KK not 16 digits, an unknown
 * code, an impossible date, no sex); warnings do not (the NIK's region or its birth date).
 */
export function checkRow(r: SheetRow, regionCode: string | null, today: string): RowCheck {
  const errors: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const err = (column: string, message: string) => errors.push({ row: r.row, column, message });
  const c = r.cells;

  const name = plain(c.name, 100);
  if (!name) err('name', 'Nama wajib diisi.');
  const nik = cleanIdNumber(c.nik);
  if (!isSixteenDigits(nik))
    err('nik', nik === '' ? 'NIK wajib diisi (16 digit).' : NIK_LENGTH_MESSAGE);
  const kk = cleanIdNumber(c.kk_number);
  if (!isSixteenDigits(kk))
    err('kk_number', kk === '' ? 'No. KK wajib diisi (16 digit).' : KK_LENGTH_MESSAGE);

  const codes = {} as Record<CodedField, number | null>;
  for (const [key, list] of Object.entries(REGISTER_CODE_LISTS) as [
    CodedField,
    (typeof REGISTER_CODE_LISTS)[CodedField],
  ][]) {
    const code = codeOf(list, c[key]);
    if (code === undefined) {
      err(
        key,
        `${label(key)} "${plain(c[key], 40)}" tidak dikenal. Gunakan kode atau nama pada lembar Kode Data.`,
      );
      codes[key] = null;
    } else codes[key] = code;
  }
  if (codes.gender === null && !errors.some((e) => e.column === 'gender')) {
    err('gender', 'Jenis kelamin wajib diisi (1/L atau 2/P).');
  }
  const status = codeOf(LIFE_STATUS_CODES, c.life_status);
  if (status === undefined)
    err(
      'life_status',
      `Status dasar "${plain(c.life_status, 40)}" tidak dikenal (1 hidup, 2 mati, 3 pindah, 4 hilang).`,
    );

  const birth = readDate(c.birth_date);
  if (birth === undefined)
    err(
      'birth_date',
      `Tanggal lahir "${plain(c.birth_date, 40)}" bukan tanggal yang sah (tulis YYYY-MM-DD atau DD-MM-YYYY).`,
    );
  else if (birth && birth > today) err('birth_date', 'Tanggal lahir tidak boleh setelah hari ini.');

  if (errors.some((e) => e.column === 'nik') === false) {
    const w = checkNik(nik, { regionCode, birthDate: birth ?? null, sex: codes.gender });
    for (const message of w.warnings) warnings.push({ row: r.row, column: 'nik', message });
  }
  if (errors.length > 0) return { person: null, errors, warnings };
  return {
    person: {
      row: r.row,
      nik,
      name: name!,
      kk_number: kk,
      gender: codes.gender!,
      birth_place: plain(c.birth_place, 100),
      birth_date: birth ?? null,
      religion: codes.religion,
      education: codes.education,
      occupation: codes.occupation,
      marital_status: codes.marital_status,
      relationship: codes.relationship,
      nationality: codes.nationality,
      blood_type: codes.blood_type,
      father_name: plain(c.father_name, 100),
      mother_name: plain(c.mother_name, 100),
      address: plain(c.address, 255),
      hamlet: plain(c.hamlet, 100),
      rw: areaNumber(c.rw),
      rt: areaNumber(c.rt),
      life_status: lifeStatusOfCode(status ?? 1) ?? 'hidup',
    },
    errors,
    warnings,
  };
}
