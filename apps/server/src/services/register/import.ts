import type { Kysely } from 'kysely';
import { HEAD_RELATIONSHIP } from '@balai/domain';
import type { ImportProblem, RegisterImportResult } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';
import { writeImport } from '../../repositories/register-import.ts';
import { checkRow, type ParsedPerson } from './parse-rows.ts';
import { readRegisterFile } from './read-file.ts';

/**
 * An import (issue 24): every row is checked first (nothing written), then — unless it is a
 * dry run — every valid row is written in ONE transaction (repositories/register-import.ts):
 * a file that fails half-way writes nothing. Rows are read streamed; what is kept is the checked
 * people (about 0.5 KB each) and the problems.
 */

export interface ImportOptions {
  dryRun: boolean;
  /** This village's kecamatan region code (6 digits) for the NIK check; null skips it. */
  regionCode: string | null;
  today: string;
}

export interface ImportOutcome {
  result: RegisterImportResult;
  /** Every problem, for the XLSX download. */
  all: { errors: ImportProblem[]; warnings: ImportProblem[] };
}

/** How many problems of each kind the JSON answer lists (all are in the XLSX). */
export const PROBLEMS_LISTED = 200;

export async function runImport(
  db: Kysely<Database>,
  bytes: Buffer,
  opts: ImportOptions,
): Promise<ImportOutcome> {
  const errors: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const sheets: string[] = [];
  let format: RegisterImportResult['format'] = 'balai';
  const file = readRegisterFile(bytes, {
    onSheet(sheet, header) {
      sheets.push(sheet);
      if (sheet !== 'CSV') format = header.format;
      for (const h of header.unknown) {
        warnings.push({ row: 1, column: h, message: `Kolom "${h}" tidak dikenal dan diabaikan.` });
      }
    },
  });
  if (file.kind === 'csv') format = 'csv';

  const people: (ParsedPerson | null)[] = [];
  const firstRowOfNik = new Map<string, number>();
  const errorRows = new Set<number>();
  let rows = 0;
  for await (const r of file.rows) {
    rows++;
    const check = checkRow(r, opts.regionCode, opts.today);
    errors.push(...check.errors);
    warnings.push(...check.warnings);
    if (!check.person) {
      errorRows.add(r.row);
      continue;
    }
    const p = check.person;
    const first = firstRowOfNik.get(p.nik);
    if (first !== undefined) {
      // The same NIK twice: neither row is taken (which one is right is the office's call).
      errors.push({ row: p.row, column: 'nik', message: `NIK sama dengan baris ${first}.` });
      errorRows.add(p.row);
      const i = people.findIndex((x) => x?.row === first);
      if (i >= 0) {
        errors.push({ row: first, column: 'nik', message: `NIK sama dengan baris ${p.row}.` });
        errorRows.add(first);
        people[i] = null;
      }
      continue;
    }
    firstRowOfNik.set(p.nik, p.row);
    people.push(p);
  }
  if (rows === 0) {
    errors.push({ row: 2, column: 'name', message: 'Lembar data tidak berisi satu baris pun.' });
  }
  const valid = people.filter((p): p is ParsedPerson => p !== null);
  familyWarnings(valid, warnings);

  const written = opts.dryRun
    ? await writeImport(db, valid, { dryRun: true })
    : await writeImport(db, valid, { dryRun: false });
  for (const w of written.warnings) warnings.push(w);
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  return {
    result: {
      dry_run: opts.dryRun,
      committed: !opts.dryRun && valid.length > 0,
      sheet: sheets.join(', '),
      format,
      rows,
      valid_rows: valid.length,
      error_rows: errorRows.size,
      added: written.added,
      updated: written.updated,
      families: written.families,
      areas_created: written.areasCreated,
      error_count: errors.length,
      warning_count: warnings.length,
      errors: errors.slice(0, PROBLEMS_LISTED),
      warnings: warnings.slice(0, PROBLEMS_LISTED),
    },
    all: { errors, warnings },
  };
}

/** A family without a head (SHDK 1), or with two: a warning on its first row. */
function familyWarnings(people: readonly ParsedPerson[], warnings: ImportProblem[]) {
  const heads = new Map<string, { first: number; heads: number }>();
  for (const p of people) {
    const f = heads.get(p.kk_number) ?? { first: p.row, heads: 0 };
    if (p.relationship === HEAD_RELATIONSHIP) f.heads++;
    heads.set(p.kk_number, f);
  }
  for (const [kk, f] of heads) {
    if (f.heads === 0) {
      warnings.push({
        row: f.first,
        column: 'relationship',
        message: `Keluarga No. KK ${kk} tidak memiliki Kepala Keluarga (hubungan 1) di berkas ini.`,
      });
    } else if (f.heads > 1) {
      warnings.push({
        row: f.first,
        column: 'relationship',
        message: `Keluarga No. KK ${kk} memiliki ${f.heads} Kepala Keluarga; yang pertama dipakai.`,
      });
    }
  }
}
