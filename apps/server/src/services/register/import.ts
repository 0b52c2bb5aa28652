import type { Kysely } from 'kysely';
import { HEAD_RELATIONSHIP } from '@balai/domain';
import type { ImportProblem, RegisterImportResult } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';
import {
  placeKey,
  writeImport,
  type ImportPlan,
  type ParsedPerson,
} from '../../repositories/register-import.ts';
import { checkRow } from './parse-rows.ts';
import { readRegisterFile } from './read-file.ts';

/**
 * An import (issue 24) in two passes over the file, each streamed: the first checks every row
 * and keeps only what the write needs (each valid NIK's row, each family's head row, the places,
 * and the checked people of a file up to KEPT_AT_MOST), the second — unless it is a dry run —
 * takes those people (or reads a larger file again) and writes every valid one in ONE
 * transaction (repositories/register-import.ts): a file that fails half-way writes nothing, and
 * 100,000 people are never held in memory at once.
 */

export interface ImportOptions {
  dryRun: boolean;
  /** This village's kecamatan region code (6 digits) for the NIK check; null skips it. */
  regionCode: string | null;
  today: string;
  /** How many checked people are kept for the write (default KEPT_AT_MOST). */
  keepAtMost?: number;
}

export interface ImportOutcome {
  result: RegisterImportResult;
  /** Every problem, for the XLSX download. */
  all: { errors: ImportProblem[]; warnings: ImportProblem[] };
}

/** How many problems of each kind the JSON answer lists (all are in the XLSX). */
export const PROBLEMS_LISTED = 200;

/** Up to this many checked people are kept for the write (about 10 MB); a larger file is read again. */
export const KEPT_AT_MOST = 25_000;

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

  const plan: ImportPlan = { niks: new Map(), families: new Map(), places: new Map() };
  const heads = new Map<string, { first: number; heads: number }>();
  const excluded = new Set<number>();
  let kept: ParsedPerson[] | null = opts.dryRun ? null : [];
  let rows = 0;
  for await (const r of file.rows) {
    rows++;
    const check = checkRow(r, opts.regionCode, opts.today);
    errors.push(...check.errors);
    warnings.push(...check.warnings);
    if (!check.person) {
      excluded.add(r.row);
      continue;
    }
    const p = check.person;
    const first = plan.niks.get(p.nik);
    if (first) {
      // The same NIK twice: neither row is taken (which one is right is the office's call).
      errors.push({ row: p.row, column: 'nik', message: `NIK sama dengan baris ${first.row}.` });
      excluded.add(p.row);
      if (!excluded.has(first.row)) {
        errors.push({ row: first.row, column: 'nik', message: `NIK sama dengan baris ${p.row}.` });
        excluded.add(first.row);
      }
      continue;
    }
    plan.niks.set(p.nik, { row: p.row, status: p.life_status });
    learn(plan, heads, p);
    if (kept && kept.length < (opts.keepAtMost ?? KEPT_AT_MOST)) kept.push(p);
    else kept = null;
  }
  // Rows whose NIK turned out to be twice in the file are not written.
  for (const [nik, v] of plan.niks) if (excluded.has(v.row)) plan.niks.delete(nik);
  if (rows === 0) {
    errors.push({ row: 2, column: 'name', message: 'Lembar data tidak berisi satu baris pun.' });
  }
  familyWarnings(heads, warnings);

  async function* validPeople(): AsyncGenerator<ParsedPerson> {
    if (kept) {
      for (const p of kept) if (!excluded.has(p.row)) yield p;
      return;
    }
    const again = readRegisterFile(bytes, { onSheet() {} });
    for await (const r of again.rows) {
      if (excluded.has(r.row)) continue;
      const p = checkRow(r, opts.regionCode, opts.today).person;
      if (p) yield p;
    }
  }
  const written = await writeImport(db, plan, validPeople, { dryRun: opts.dryRun });
  warnings.push(...written.warnings);
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  const valid = plan.niks.size;
  return {
    result: {
      dry_run: opts.dryRun,
      committed: !opts.dryRun && valid > 0,
      sheet: sheets.join(', '),
      format,
      rows,
      valid_rows: valid,
      error_rows: excluded.size,
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

/** A family's head row (SHDK 1, else its first row) gives its address and place. */
function learn(
  plan: ImportPlan,
  heads: Map<string, { first: number; heads: number }>,
  p: ParsedPerson,
) {
  const isHead = p.relationship === HEAD_RELATIONSHIP;
  const seen = plan.families.get(p.kk_number);
  if (!seen || (isHead && !seen.isHead)) {
    plan.families.set(p.kk_number, {
      address: p.address,
      hamlet: p.hamlet,
      rw: p.rw,
      rt: p.rt,
      isHead,
    });
  }
  const place = { hamlet: p.hamlet, rw: p.rw, rt: p.rt };
  plan.places.set(placeKey(place), place);
  const h = heads.get(p.kk_number) ?? { first: p.row, heads: 0 };
  if (isHead) h.heads++;
  heads.set(p.kk_number, h);
}

/** A family without a head (SHDK 1), or with two: a warning on its first row. */
function familyWarnings(
  heads: Map<string, { first: number; heads: number }>,
  warnings: ImportProblem[],
) {
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
