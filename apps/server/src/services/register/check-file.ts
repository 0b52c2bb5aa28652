import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import v8 from 'node:v8';
import vm from 'node:vm';
import { HEAD_RELATIONSHIP } from '@balai/domain';
import type { ImportProblem, RegisterImportResult } from '@balai/domain/contract';
import {
  placeKey,
  type ImportPlan,
  type ParsedPerson,
} from '../../repositories/register-import.ts';
import { checkRow } from './parse-rows.ts';
import { readRegisterFile } from './read-file.ts';

/**
 * The checking pass of an import (issue 24), streamed over the file: every row checked, and only
 * what the write needs kept — each valid NIK's row, each family's head row, the places, and the
 * checked people themselves for a commit (`KeptPeople`: in memory up to a bound, beyond it in a
 * temporary file), so the write reads them back instead of parsing the XML a second time.
 */

/**
 * A full garbage collection, asked for every COLLECT_EVERY rows while a file is read. Reading
 * XML row by row makes hundreds of MB of short-lived objects; V8, left to itself, grows the
 * server's heap to hold them before it collects (866 MB measured for 100,000 people), while the
 * data the import keeps is some tens of MB. One collection costs tens of milliseconds.
 */
v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;
export const COLLECT_EVERY = 5000;
export function collectEvery(n: number): void {
  if (n % COLLECT_EVERY === 0) fullGc();
}

/**
 * A string of its own. A cell's text is a slice of the XML text the parser read it from, and a
 * kept slice keeps that whole chunk alive: the NIKs and No. KKs the plan holds kept the sheet's
 * entire XML (about 0.9 KB per row) until the import ended. Copied, they hold only themselves.
 */
function own<T extends string | null>(s: T): T {
  return (s === null ? s : Buffer.from(s, 'utf8').toString('utf8')) as T;
}

export interface CheckOptions {
  /** This village's kecamatan region code (6 digits) for the NIK check; null skips it. */
  regionCode: string | null;
  today: string;
}

export interface CheckedFile {
  errors: ImportProblem[];
  warnings: ImportProblem[];
  sheets: string[];
  format: RegisterImportResult['format'];
  rows: number;
  plan: ImportPlan;
  /** Row numbers not taken (an error, or a NIK twice in the file). */
  excluded: Set<number>;
}

export async function checkFile(
  bytes: Buffer,
  opts: CheckOptions,
  /** Where the checked people go for the write; null for a dry run (nothing is kept). */
  kept: KeptPeople | null,
): Promise<CheckedFile> {
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
  let rows = 0;
  for await (const r of file.rows) {
    rows++;
    collectEvery(rows);
    const check = checkRow(r, opts.regionCode, opts.today);
    for (const e of check.errors) errors.push(e);
    for (const w of check.warnings) warnings.push(w);
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
    plan.niks.set(own(p.nik), { row: p.row, status: p.life_status });
    learn(plan, heads, p);
    if (kept) await kept.add(p);
  }
  // Rows whose NIK turned out to be twice in the file are not written.
  for (const [nik, v] of plan.niks) if (excluded.has(v.row)) plan.niks.delete(nik);
  if (rows === 0) {
    errors.push({ row: 2, column: 'name', message: 'Lembar data tidak berisi satu baris pun.' });
  }
  familyWarnings(heads, warnings);
  await kept?.finish();
  return { errors, warnings, sheets, format, rows, plan, excluded };
}

/**
 * The checked people of a file, for the write: up to `inMemoryAtMost` in memory; past that all
 * of them go, one JSON line each, to a file in a private temporary directory (mode 0600: they
 * are personal data), read back line by line and removed by `dispose` however the import ends.
 * Reading 100,000 rows of XML twice took as long as the rest of the commit; a JSON line is read
 * back in microseconds, and the server's memory holds neither the XML nor the people.
 */
export class KeptPeople {
  private list: ParsedPerson[] = [];
  private dir: string | null = null;
  private out: fs.WriteStream | null = null;

  constructor(private readonly inMemoryAtMost: number) {}

  private get file() {
    return path.join(this.dir!, 'people.jsonl');
  }

  async add(p: ParsedPerson): Promise<void> {
    if (!this.out && this.list.length < this.inMemoryAtMost) {
      this.list.push(p);
      return;
    }
    if (!this.out) {
      this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-import-'));
      this.out = fs.createWriteStream(this.file, { mode: 0o600 });
      const earlier = this.list;
      this.list = [];
      for (const q of earlier) await this.write(q);
    }
    await this.write(p);
  }

  private async write(p: ParsedPerson) {
    if (!this.out!.write(`${JSON.stringify(p)}\n`)) await once(this.out!, 'drain');
  }

  async finish(): Promise<void> {
    if (!this.out) return;
    this.out.end();
    await once(this.out, 'finish');
  }

  /** The kept people but the `excluded` rows (a NIK found twice later in the file), in order. */
  async *people(excluded: ReadonlySet<number>): AsyncGenerator<ParsedPerson> {
    if (!this.dir) {
      let n = 0;
      for (const p of this.list) {
        collectEvery(++n);
        if (!excluded.has(p.row)) yield p;
      }
      return;
    }
    const lines = readline.createInterface({
      input: fs.createReadStream(this.file),
      crlfDelay: Infinity,
    });
    let n = 0;
    // The write's garbage (parsed lines, the batches' SQL) is collected as the reading's is.
    for await (const line of lines) {
      collectEvery(++n);
      const p = JSON.parse(line) as ParsedPerson;
      if (!excluded.has(p.row)) yield p;
    }
  }

  /** Spilled to a file: true (for the tests). */
  get spilled(): boolean {
    return this.dir !== null;
  }

  dispose(): void {
    this.out?.destroy();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.list = [];
  }
}

/** A family's head row (SHDK 1, else its first row) gives its address and place. */
function learn(
  plan: ImportPlan,
  heads: Map<string, { first: number; heads: number }>,
  p: ParsedPerson,
) {
  const isHead = p.relationship === HEAD_RELATIONSHIP;
  const seen = plan.families.get(p.kk_number);
  const kk = seen ? p.kk_number : own(p.kk_number);
  if (!seen || (isHead && !seen.isHead)) {
    plan.families.set(kk, {
      address: own(p.address),
      hamlet: own(p.hamlet),
      rw: own(p.rw),
      rt: own(p.rt),
      isHead,
    });
  }
  const place = { hamlet: p.hamlet, rw: p.rw, rt: p.rt };
  const key = placeKey(place);
  if (!plan.places.has(key)) {
    plan.places.set(own(key), { hamlet: own(p.hamlet), rw: own(p.rw), rt: own(p.rt) });
  }
  const h = heads.get(kk);
  if (h) {
    if (isHead) h.heads++;
  } else heads.set(kk, { first: p.row, heads: isHead ? 1 : 0 });
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
