/**
 * Proof suite "A full disk" (docs/reliability.md, issue 19.4). A real server on SQLite keeps its
 * database on one small tmpfs and its mail outbox on another, mounted for the run. Four loops
 * file letters without pause. Then both filesystems are filled to the last byte (a filler file
 * written until ENOSPC) for a few seconds, while the office keeps reading requests (each opening
 * writes an audit row) and polls /api/health. Then the database's disk is freed: filings resume,
 * and three password-reset mails are asked for — the database takes them, the outbox cannot.
 * Then the outbox's disk is freed and the mails must arrive.
 *
 * Checked: every filing answered 201 or 503 (the 503 with the full disk's message), never a 500;
 * every read 200; health said `disk: full` while full and `ok` after; every acknowledged request
 * there; one audit row per read; the three mails delivered; the server's log names SQLITE_FULL
 * and never "no transaction is active".
 *
 * The control runs the same against the server as it was before issue 19.4 (commit
 * CONTROL_COMMIT, extracted into data/): the suite must fail it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  ADMIN,
  fileLetters,
  freePort,
  LETTER_BASE,
  login,
  missingOn,
  ROOT,
  sleep,
  startServer,
  statusObject,
  stopServer,
  submission,
  writeResults,
} from './lib.ts';

/** The last commit before the full-disk handling (the control's server). */
const CONTROL_COMMIT = '68ed4f1^';
const DISK_MB = Number(process.env.PROOF_DISK_MB ?? 48);
const FULL_MS = Number(process.env.PROOF_DISK_FULL_MS ?? 6000);
const DISK_FULL_MESSAGE = /Ruang penyimpanan server kantor desa penuh/;

interface Run {
  server: string;
  filings: Record<string, number>;
  filings_while_full: Record<string, number>;
  refusal_messages: string[];
  reads_while_full: Record<string, number>;
  health_while_full: string[];
  health_after: string;
  acknowledged: number;
  missing: number;
  audit_views_expected: number;
  audit_views_found: number;
  mails_asked: number;
  mails_delivered: number;
  log_sqlite_full: number;
  log_no_transaction_active: number;
  log_unhandled: number;
  failures: string[];
}

/**
 * A tmpfs of `mb` MiB at `dir`. Needs the right to mount (root, or CAP_SYS_ADMIN); without it the
 * suite stops here and says so — a directory on the machine's own disk cannot be filled safely.
 */
const mounted = new Set<string>();
// Ended from outside (npm run proof's time limit, Ctrl-C): no tmpfs is left mounted.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    for (const dir of mounted) unmount(dir);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function mount(dir: string, mb: number): void {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    throw new Error(
      `disk-full: cannot mount a tmpfs at ${dir} (run as root or with CAP_SYS_ADMIN): ${String(err)}`,
    );
  }
  mounted.add(dir);
}

function unmount(dir: string): void {
  mounted.delete(dir);
  try {
    execFileSync('umount', [dir]);
  } catch {
    execFileSync('umount', ['-l', dir]);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  // The run's folder, once both of its filesystems are gone.
  if (fs.existsSync(path.dirname(dir)) && fs.readdirSync(path.dirname(dir)).length === 0) {
    fs.rmdirSync(path.dirname(dir));
  }
}

/** Writes `file` until the filesystem refuses (ENOSPC), in ever smaller pieces; bytes written. */
function fill(file: string): number {
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 512]) {
    const chunk = Buffer.alloc(size, 7);
    try {
      for (;;) bytes += fs.writeSync(fd, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
  }
  fs.closeSync(fd);
  return bytes;
}

async function health(base: string): Promise<string> {
  try {
    const res = await fetch(`${base}/api/health`);
    const body = (await res.json()) as { data?: { status: string; disk?: string } };
    return `${res.status} ${body.data?.status ?? '?'} disk=${body.data?.disk ?? '?'}`;
  } catch {
    return 'no answer';
  }
}

async function run(name: string, main?: string): Promise<Run> {
  const top = path.join(os.tmpdir(), `balai-disk-full-${process.pid}-${name}`);
  const dataDir = path.join(top, 'data');
  const mailDir = path.join(top, 'outbox');
  mount(dataDir, DISK_MB);
  mount(mailDir, 4);
  const logFile = path.join(os.tmpdir(), `balai-disk-full-${process.pid}-${name}.log`);
  const logFd = fs.openSync(logFile, 'w');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const failures: string[] = [];
  const child = await startServer(
    { DATABASE_URL: `file:${dataDir}/balai.sqlite`, OUTBOX_DIR: mailDir, LOG_LEVEL: 'info' },
    port,
    { stdout: logFd, ...(main ? { main } : {}) },
  );
  try {
    const token = await login(base);
    const auth = { authorization: `Bearer ${token}` };
    const load = fileLetters(base, token, 4);
    await sleep(2000);

    // Full.
    const before = new Map(load.statuses);
    fill(path.join(dataDir, 'filler'));
    fill(path.join(mailDir, 'filler'));
    const reads = new Map<number, number>();
    let viewsOk = 0;
    const healthWhileFull: string[] = [];
    const refusals = new Set<string>();
    const fullUntil = Date.now() + FULL_MS;
    const readers = Array.from({ length: 2 }, async () => {
      while (Date.now() < fullUntil) {
        const id = load.acknowledged[Math.floor(Math.random() * load.acknowledged.length)]!;
        const res = await fetch(`${base}${LETTER_BASE}/${id}`, { headers: auth });
        const body = await res.text();
        reads.set(res.status, (reads.get(res.status) ?? 0) + 1);
        if (res.status === 200) viewsOk++;
        else if (refusals.size < 5) refusals.add(`read ${res.status} ${body.slice(0, 160)}`);
      }
    });
    const filer = (async () => {
      // A filing of our own now and then, to read the refusal's message.
      for (let n = 900_000; Date.now() < fullUntil; n++) {
        const res = await fetch(`${base}${LETTER_BASE}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(submission(n)),
        });
        const body = (await res.json()) as { message?: string; data?: { id: number } };
        if (res.status === 201) load.acknowledged.push(body.data!.id);
        else refusals.add(`${res.status} ${body.message ?? ''}`);
        await sleep(500);
      }
    })();
    while (Date.now() < fullUntil) {
      healthWhileFull.push(await health(base));
      await sleep(1000);
    }
    await Promise.all([...readers, filer]);
    const whileFull = new Map<number, number>();
    for (const [s, n] of load.statuses) whileFull.set(s, n - (before.get(s) ?? 0));

    // The database's disk freed; the outbox's still full while three mails are asked for.
    fs.rmSync(path.join(dataDir, 'filler'));
    await sleep(1500);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email }),
      });
      if (res.status !== 200) failures.push(`forgot-password answered ${res.status}`);
    }
    await sleep(3000);
    fs.rmSync(path.join(mailDir, 'filler'));
    const mails = () => fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length;
    for (let i = 0; i < 150 && mails() < 3; i++) await sleep(200);
    await sleep(2000);
    await load.stop();
    // Held audit rows are written within their retry pause (5 s).
    await sleep(6000);
    const healthAfter = await health(base);
    const missing = await missingOn(base, token, load.acknowledged);
    await stopServer(child);

    const db = new SQLite(`${dataDir}/balai.sqlite`, { readonly: true });
    const views = db
      .prepare(`select count(*) as n from audit_log where action = 'letter.view'`)
      .get() as { n: number };
    db.close();
    fs.closeSync(logFd);
    const log = fs.readFileSync(logFile, 'utf8');
    fs.rmSync(logFile);
    const count = (re: RegExp) => log.split('\n').filter((l) => re.test(l)).length;

    const r: Run = {
      server: main ?? 'apps/server/src/main.ts',
      filings: statusObject(load.statuses),
      filings_while_full: statusObject(whileFull),
      refusal_messages: [...refusals],
      reads_while_full: statusObject(reads),
      health_while_full: healthWhileFull,
      health_after: healthAfter,
      acknowledged: load.acknowledged.length,
      missing: missing.length,
      audit_views_expected: viewsOk + load.acknowledged.length,
      audit_views_found: views.n,
      mails_asked: 3,
      mails_delivered: mails(),
      log_sqlite_full: count(/SQLITE_FULL/),
      log_no_transaction_active: count(/no transaction is active/),
      log_unhandled: count(/"unhandled error"/),
      failures,
    };
    const other = [...load.statuses.keys()].filter((s) => s !== 201 && s !== 503);
    if (other.length > 0) failures.push(`filings answered ${other.join(', ')} (only 201 or 503)`);
    if ((whileFull.get(503) ?? 0) === 0) failures.push('no filing answered 503 while full');
    if (![...refusals].every((m) => m.startsWith('503') && DISK_FULL_MESSAGE.test(m)))
      failures.push('a refusal was not the full disk 503');
    if ([...reads.keys()].some((s) => s !== 200)) failures.push('a read was not answered 200');
    if (!healthWhileFull.some((h) => h.includes('disk=full')))
      failures.push('health never said the disk was full');
    if (!healthAfter.startsWith('200 ok')) failures.push(`health after: ${healthAfter}`);
    if (missing.length > 0) failures.push(`${missing.length} acknowledged requests missing`);
    // One row per opening: the reads while full and the final check's (one per acknowledged).
    if (views.n !== r.audit_views_expected)
      failures.push(`audit rows of reads: ${views.n}, expected ${r.audit_views_expected}`);
    if (r.mails_delivered !== 3) failures.push(`mails delivered: ${r.mails_delivered} of 3`);
    if (r.log_sqlite_full === 0) failures.push('the log never names SQLITE_FULL');
    if (r.log_no_transaction_active > 0) failures.push('the log says "no transaction is active"');
    if (r.log_unhandled > 0) failures.push(`${r.log_unhandled} unhandled errors in the log`);
    return r;
  } finally {
    if (child.exitCode === null) await stopServer(child);
    unmount(dataDir);
    unmount(mailDir);
    fs.rmSync(top, { recursive: true, force: true });
  }
}

/** The server as it was before the fix, in data/ (ignored by git), for the control. */
function controlTree(): string {
  const dir = path.join(ROOT, 'data', `proof-control-disk-full`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', CONTROL_COMMIT, 'apps/server'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return path.join(dir, 'apps/server/src/main.ts');
}

const fixed = await run('fixed');
console.log('fixed:', JSON.stringify(fixed, null, 1));
const main = controlTree();
const control = await run('control', path.relative(ROOT, main));
console.log('control:', JSON.stringify(control, null, 1));
fs.rmSync(path.join(ROOT, 'data', 'proof-control-disk-full'), { recursive: true, force: true });

const failures = [...fixed.failures];
if (control.failures.length === 0) failures.push('the control passed: the checks catch nothing');
writeResults('proof-disk-full.json', { disk_mb: DISK_MB, full_ms: FULL_MS, fixed, control });
console.log(
  `disk-full: fixed ${fixed.failures.length === 0 ? 'passed' : `FAILED: ${fixed.failures.join('; ')}`}; ` +
    `control caught: ${control.failures.join('; ') || 'nothing'}`,
);
process.exit(failures.length === 0 ? 0 : 1);
