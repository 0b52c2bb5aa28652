/**
 * `npm run backup` and `npm run restore` (docs/operations.md). Both finish under full write
 * load and never leave a file that looks like a backup but is not one.
 *
 * SQLite: `VACUUM INTO` from a connection of its own. It reads one snapshot of the database
 * (WAL mode: writers go on, the reader is never restarted) and writes a compact copy. The
 * online backup API that `sqlite3 .backup` uses from another process starts over whenever
 * another connection writes, and under steady submissions never finished. The copy is written
 * under a temporary name, synced, integrity-checked, and renamed only when whole.
 *
 * PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, MVCC), to a temporary name,
 * checked with `pg_restore --list`, renamed when whole. Restored with `pg_restore`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

const SQLITE_TABLES_EXPECTED = ['users', 'kysely_migration'];

/** The path a `file:` DATABASE_URL names, or null for PostgreSQL. */
export function sqliteFileOf(url: string): string | null {
  return url.startsWith('file:') ? url.slice('file:'.length) : null;
}

function stamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '');
}

/** Where a backup goes when no destination is given: ./backups/balai-YYYYMMDD-HHMMSS.(sqlite|dump). */
export function defaultBackupFile(url: string, dir = 'backups'): string {
  return path.join(dir, `balai-${stamp()}.${sqliteFileOf(url) ? 'sqlite' : 'dump'}`);
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A temporary name beside `file`, ending in `.partial`, never taken for a backup. */
const partialName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);

/** Throws a BackupError unless `file` is a whole SQLite database of Balai. */
export function checkSqliteFile(file: string): void {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = result.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) {
      throw new BackupError(`Pemeriksaan integritas gagal: ${problems.slice(0, 5).join('; ')}`);
    }
    const tables = new Set(
      (
        db.prepare(`select name from sqlite_master where type = 'table'`).all() as {
          name: string;
        }[]
      ).map((t) => t.name),
    );
    const missing = SQLITE_TABLES_EXPECTED.filter((t) => !tables.has(t));
    if (missing.length > 0) {
      throw new BackupError(
        `Berkas ini bukan basis data Balai (tidak ada tabel ${missing.join(', ')}).`,
      );
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(
      `Berkas ${file} bukan basis data SQLite yang utuh: ${(err as Error).message}`,
    );
  } finally {
    db?.close();
  }
}

/** Backs up the SQLite database `source` into `dest` (see the module comment). */
export function backupSqlite(source: string, dest: string): BackupResult {
  const start = performance.now();
  if (!fs.existsSync(source)) throw new BackupError(`Basis data ${source} tidak ada.`);
  if (fs.existsSync(dest)) throw new BackupError(`${dest} sudah ada; pilih nama lain.`);
  fs.mkdirSync(path.dirname(path.resolve(dest)), { recursive: true });
  const partial = partialName(dest);
  fs.rmSync(partial, { force: true });
  try {
    const db = new SQLite(source, { fileMustExist: true });
    try {
      // Waits for a moment when a writer is checkpointing; never blocks the writers.
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    fsyncFile(partial);
    checkSqliteFile(partial);
    fs.renameSync(partial, dest);
    fsyncDir(path.dirname(path.resolve(dest)));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file: dest, bytes: fs.statSync(dest).size, ms: performance.now() - start };
}

/**
 * Puts the backup `backup` in place of the SQLite database `target`, only while no process
 * has `target` open. The database it replaces is kept as `<target>.before-restore-<time>`.
 */
export function restoreSqlite(backup: string, target: string): BackupResult & { kept?: string } {
  const start = performance.now();
  checkSqliteFile(backup);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  let kept: string | undefined;
  if (fs.existsSync(target)) {
    // Leaving WAL mode needs the database to itself: refused while a server has it open.
    const db = new SQLite(target, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 0');
      const mode = db.pragma('journal_mode = DELETE', { simple: true });
      if (mode !== 'delete') throw new Error(String(mode));
    } catch {
      throw new BackupError(
        `${target} sedang dibuka oleh proses lain (server Balai masih berjalan?). Hentikan server dahulu, lalu pulihkan.`,
      );
    } finally {
      db.close();
    }
    kept = `${target}.before-restore-${stamp()}`;
  }
  const partial = partialName(target);
  try {
    fs.copyFileSync(backup, partial);
    fsyncFile(partial);
    checkSqliteFile(partial);
    if (kept) fs.renameSync(target, kept);
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(partial, target);
    fsyncDir(path.dirname(path.resolve(target)));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return {
    file: target,
    bytes: fs.statSync(target).size,
    ms: performance.now() - start,
    ...(kept ? { kept } : {}),
  };
}

/** The PostgreSQL tools: PG_BIN names their directory, else they are looked up on PATH. */
const pgTool = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(
        new BackupError(
          `${command} tidak dapat dijalankan (${e.message}); pasang klien PostgreSQL atau atur PG_BIN.`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new BackupError(`${path.basename(command)} gagal (kode ${code}): ${err.trim()}`)),
    );
  });
}

/** Backs up the PostgreSQL database `url` with pg_dump into `dest` (see the module comment). */
export async function backupPostgres(url: string, dest: string): Promise<BackupResult> {
  const start = performance.now();
  if (fs.existsSync(dest)) throw new BackupError(`${dest} sudah ada; pilih nama lain.`);
  fs.mkdirSync(path.dirname(path.resolve(dest)), { recursive: true });
  const partial = partialName(dest);
  try {
    await run(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      `--file=${partial}`,
      `--dbname=${url}`,
    ]);
    fsyncFile(partial);
    const list = await run(pgTool('pg_restore'), ['--list', partial]);
    if (!/TABLE DATA \S+ users /.test(list)) {
      throw new BackupError('Cadangan tidak memuat data tabel users; bukan basis data Balai?');
    }
    fs.renameSync(partial, dest);
    fsyncDir(path.dirname(path.resolve(dest)));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file: dest, bytes: fs.statSync(dest).size, ms: performance.now() - start };
}

/**
 * Restores a pg_dump archive into the PostgreSQL database `url` (existing Balai tables are
 * replaced), in one transaction: on any error the database is left as it was.
 */
export async function restorePostgres(backup: string, url: string): Promise<BackupResult> {
  const start = performance.now();
  if (!fs.existsSync(backup)) throw new BackupError(`${backup} tidak ada.`);
  await run(pgTool('pg_restore'), ['--list', backup]);
  await run(pgTool('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    backup,
  ]);
  return { file: backup, bytes: fs.statSync(backup).size, ms: performance.now() - start };
}
