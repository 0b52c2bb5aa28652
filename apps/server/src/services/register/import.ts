import type { Kysely } from 'kysely';
import type { ImportProblem, RegisterImportResult } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';
import { writeImport } from '../../repositories/register-import.ts';
import { checkFile, KeptPeople, type CheckOptions } from './check-file.ts';

/**
 * An import (issue 24, ADR 0027): the file is read once, streamed, every row checked, and what
 * the write needs kept (check-file.ts: the plan, and for a commit the checked people — in
 * memory up to KEPT_AT_MOST, past that in a temporary file); then — unless it is a dry run —
 * the write takes every valid person in ONE transaction (repositories/register-import.ts): a
 * file that fails half-way writes nothing.
 *
 * Memory (ADR 0027): what the plan keeps is copied out of the parser's text (check-file.ts
 * `own`), and reading asks for a full collection every few thousand rows, so a 100,000-person
 * import holds some tens of MB, not the 600 MB of garbage and XML it used to. One import runs
 * at a time in a process (each may hold a 40 MB file and its plan); the next waits for it.
 */

export interface ImportOptions extends CheckOptions {
  dryRun: boolean;
  /** How many checked people are kept in memory for the write (default KEPT_AT_MOST). */
  keepAtMost?: number;
}

export interface ImportOutcome {
  result: RegisterImportResult;
  /** Every problem, for the XLSX download. */
  all: { errors: ImportProblem[]; warnings: ImportProblem[] };
}

/** How many problems of each kind the JSON answer lists (all are in the XLSX). */
export const PROBLEMS_LISTED = 200;

/** Up to this many checked people are kept in memory for the write (about 20 MB); more go to a temporary file. */
export const KEPT_AT_MOST = 25_000;

/** One import at a time per process (each may hold a 40 MB file and its checked people). */
let queue: Promise<unknown> = Promise.resolve();

export function runImport(
  db: Kysely<Database>,
  bytes: Buffer,
  opts: ImportOptions,
): Promise<ImportOutcome> {
  const run = queue.then(() => importNow(db, bytes, opts));
  queue = run.catch(() => undefined);
  return run;
}

async function importNow(
  db: Kysely<Database>,
  bytes: Buffer,
  opts: ImportOptions,
): Promise<ImportOutcome> {
  const check: CheckOptions = { regionCode: opts.regionCode, today: opts.today };
  const kept = opts.dryRun ? null : new KeptPeople(opts.keepAtMost ?? KEPT_AT_MOST);
  try {
    return await checkAndWrite(db, bytes, check, kept, opts.dryRun);
  } finally {
    kept?.dispose();
  }
}

async function checkAndWrite(
  db: Kysely<Database>,
  bytes: Buffer,
  check: CheckOptions,
  kept: KeptPeople | null,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const checked = await checkFile(bytes, check, kept);
  const { errors, warnings } = checked;
  const people = () => kept!.people(checked.excluded);
  const written = await writeImport(db, checked.plan, people, { dryRun });
  warnings.push(...written.warnings);
  errors.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  const valid = checked.plan.niks.size;
  return {
    result: {
      dry_run: dryRun,
      committed: !dryRun && valid > 0,
      sheet: checked.sheets.join(', '),
      format: checked.format,
      rows: checked.rows,
      valid_rows: valid,
      error_rows: checked.excluded.size,
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
