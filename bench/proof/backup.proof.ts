/**
 * Proof suite "Backup under load" (docs/reliability.md): a real server takes submissions from
 * eight loops without pause; `npm run backup` runs again and again meanwhile. Every backup must
 * finish; each is restored with `npm run restore` into a new database, a second server is
 * started on it, and every request acknowledged before that backup began must be there.
 * SQLite, then PostgreSQL (when reachable). For comparison the SQLite part also tries the
 * formerly documented `sqlite3 FILE ".backup …"` under the same load, bounded in time.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { checkIssued, issueLetters, numberGaps, type Filed, type Issued } from './crash-office.ts';
import {
  fileLetters,
  freePort,
  freshDatabaseUrl,
  LETTER_BASE,
  login,
  missingOn,
  PG_ADMIN_URL,
  postgresReachable,
  runCli,
  sleep,
  startServer,
  statusObject,
  stopServer,
  submission,
  writeResults,
} from './lib.ts';

const ROUNDS = { sqlite: Number(process.env.PROOF_BACKUP_ROUNDS ?? 5), postgres: 3 };
const WORKERS = 8;
const OLD_WAY_LIMIT_S = 30;

interface Round {
  backup_ms: number;
  bytes: number;
  acknowledged_before: number;
  acknowledged_during: number;
  missing_on_copy: number;
  issued_checked?: number;
  issued_changed?: string[];
  next_number?: string;
  /** Per sequence on the copy after the next letter: issued, last, gaps, twice. */
  sequences?: Record<string, { issued: number; last: number; gaps: number[]; twice: number }>;
}

/** So that a letter's QR code may point at it: issuing is refused for a local address. */
const PUBLIC_URL = 'https://sukamaju.desa.id';

/** Files and issues one letter (kp) on `base`; its number. */
async function issueOne(base: string, token: string): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const filed = await fetch(`${base}${LETTER_BASE}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(submission(999_999)),
  });
  const id = ((await filed.json()) as { data: { id: number } }).data.id;
  let number = '';
  for (const status of ['processing', 'completed']) {
    const res = await fetch(`${base}${LETTER_BASE}/${id}/status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ status }),
    });
    const body = (await res.json()) as { data?: { number: string | null } };
    if (res.status !== 200) throw new Error(`issuing on the copy: ${res.status}`);
    number = body.data?.number ?? '';
  }
  return number;
}

/** A database for the restored copy: a new SQLite file, or a new PostgreSQL database. */
async function emptyDatabase(kind: 'sqlite' | 'postgres', dir: string, name: string) {
  if (kind === 'sqlite') return `file:${path.join(dir, `${name}.sqlite`)}`;
  return freshDatabaseUrl('postgres', name);
}

/** `sqlite3 SOURCE ".backup DEST"` from another process, as docs/operations.md once advised. */
function oldWay(source: string, dest: string): Promise<{ finished: boolean; seconds: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sqlite3', [source, `.backup '${dest}'`], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), OLD_WAY_LIMIT_S * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        finished: code === 0,
        seconds: Math.round((performance.now() - start) / 100) / 10,
      });
    });
  });
}

/**
 * The control: the last SQLite copy restored once more, and in it one issued letter's number
 * changed and the sequence moved one ahead (as a copy taken from a torn file could be). The
 * checks above must report the changed letter and the gap the next number leaves.
 */
async function plantedFault(dir: string, copy: { file: string; issued: Issued[] }) {
  const letter = copy.issued[0];
  if (!letter) return { caught: false, reason: 'no issued letter in the copy' };
  const target = `file:${path.join(dir, 'proof_control.sqlite')}`;
  const restore = await runCli('apps/server/src/cli/restore.ts', [copy.file], {
    DATABASE_URL: target,
  });
  if (restore.code !== 0) throw new Error(`restore (control): ${restore.out}`);
  const db = new SQLite(target.slice('file:'.length));
  db.prepare(`update letter_requests set number = number || '-X' where id = ?`).run(letter.id);
  db.prepare('update letter_sequences set last_seq = last_seq + 1').run();
  db.close();
  const port = await freePort();
  const server = await startServer({ DATABASE_URL: target, PUBLIC_URL }, port);
  let changed: string[];
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    changed = await checkIssued(base, token, copy.issued);
    await issueOne(base, token);
  } finally {
    await stopServer(server);
  }
  const gaps = await numberGaps('sqlite', target);
  return { caught: changed.length === 1 && gaps.problems === 1, changed, gaps: gaps.report };
}

async function suite(kind: 'sqlite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `balai-proof-backup-`));
  const url = await freshDatabaseUrl(kind, 'proof_backup');
  const port = await freePort();
  const server = await startServer({ DATABASE_URL: url, PUBLIC_URL }, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await login(base);
  const load = fileLetters(base, token, WORKERS);
  // Two loops issue every other acknowledged request meanwhile (processing, then completed).
  const queue: Filed[] = [];
  let taken = 0;
  const feeder = setInterval(() => {
    while (taken < load.acknowledged.length) {
      const id = load.acknowledged[taken++]!;
      if (id % 2 === 0) queue.push({ id, n: 0, code: 'kp' });
    }
  }, 20);
  const issuing = issueLetters(base, { office: token, head: token }, queue, 2);
  const rounds: Round[] = [];
  const copies: { file: string; before: number[]; issued: Issued[] }[] = [];
  let oldWayResult: { finished: boolean; seconds: number } | undefined;
  let failures = 0;
  try {
    for (let i = 0; i < ROUNDS[kind]; i++) {
      await sleep(1_500);
      const before = [...load.acknowledged];
      const issuedBefore = [...issuing.issued];
      const file = path.join(dir, `copy-${i}.${kind === 'sqlite' ? 'sqlite' : 'dump'}`);
      const run = await runCli('apps/server/src/cli/backup.ts', [file], { DATABASE_URL: url });
      if (run.code !== 0) {
        failures += 1;
        console.log(`  round ${i + 1}: backup FAILED: ${run.out}`);
        continue;
      }
      const leftovers = fs.readdirSync(dir).filter((f) => f.endsWith('.partial'));
      if (leftovers.length > 0) failures += 1;
      rounds.push({
        backup_ms: Math.round(run.ms),
        bytes: fs.statSync(file).size,
        acknowledged_before: before.length,
        acknowledged_during: load.acknowledged.length - before.length,
        missing_on_copy: -1,
      });
      copies.push({ file, before, issued: issuedBefore });
      console.log(
        `  round ${i + 1}: backup ${Math.round(run.ms)} ms (process), ${before.length} acknowledged before, ${load.acknowledged.length - before.length} while it ran`,
      );
    }
    if (kind === 'sqlite') {
      oldWayResult = await oldWay(url.slice('file:'.length), path.join(dir, 'old-way.sqlite'));
      console.log(
        `  sqlite3 .backup under the same load: ${oldWayResult.finished ? 'finished' : 'did NOT finish'} (${oldWayResult.seconds} s, limit ${OLD_WAY_LIMIT_S} s)`,
      );
    }
  } finally {
    clearInterval(feeder);
    await load.stop();
    await issuing.stop();
    await stopServer(server);
  }

  for (const [i, copy] of copies.entries()) {
    const target = await emptyDatabase(kind, dir, `proof_restored_${i}`);
    const restore = await runCli('apps/server/src/cli/restore.ts', [copy.file], {
      DATABASE_URL: target,
    });
    if (restore.code !== 0) throw new Error(`restore ${i}: ${restore.out}`);
    const p2 = await freePort();
    const second = await startServer({ DATABASE_URL: target, PUBLIC_URL }, p2);
    try {
      const base2 = `http://127.0.0.1:${p2}`;
      const token2 = await login(base2);
      const missing = await missingOn(base2, token2, copy.before);
      rounds[i]!.missing_on_copy = missing.length;
      if (missing.length > 0) failures += 1;
      // The letters issued before the backup began: same number, same PDF bytes.
      const changed = await checkIssued(base2, token2, copy.issued);
      rounds[i]!.issued_checked = copy.issued.length;
      rounds[i]!.issued_changed = changed;
      if (changed.length > 0) failures += 1;
      // The next letter issued on the copy takes the number after the copy's last one.
      rounds[i]!.next_number = await issueOne(base2, token2);
      console.log(
        `  copy ${i + 1}: ${copy.before.length} checked on a server started on it, ${missing.length} missing; ${copy.issued.length} issued letters, ${changed.length} changed; next number ${rounds[i]!.next_number}`,
      );
    } finally {
      await stopServer(second);
    }
    const gaps = await numberGaps(kind, target);
    rounds[i]!.sequences = gaps.report;
    if (gaps.problems > 0) failures += 1;
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${new URL(target).pathname.slice(1)} with (force)`);
      await c.end();
    }
  }
  const last = copies.at(-1);
  const control = kind === 'sqlite' && last ? await plantedFault(dir, last) : null;
  if (control) console.log(`  control: ${JSON.stringify(control)}`);
  if (control && !control.caught) failures += 1;
  if (load.unexpected.length > 0) failures += 1;
  const badAnswers = [...issuing.answers].filter(([k]) => !/ (200|0|503)$/.test(k));
  if (badAnswers.length > 0) failures += 1;
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    database: kind,
    workers: WORKERS,
    rounds,
    answers: statusObject(load.statuses),
    issued: issuing.issued.length,
    control,
    status_answers: Object.fromEntries([...issuing.answers].sort()),
    unexpected: load.unexpected,
    ...(oldWayResult ? { sqlite3_dot_backup: { ...oldWayResult, limit_s: OLD_WAY_LIMIT_S } } : {}),
    failures,
  };
}

const results = [];
console.log('SQLite:');
results.push(await suite('sqlite'));
if (await postgresReachable()) {
  console.log('PostgreSQL:');
  results.push(await suite('postgres'));
} else {
  console.log('PostgreSQL not reachable: that part is not run.');
}
const failures = results.reduce((n, r) => n + r.failures, 0);
writeResults('proof-backup.json', {
  suite: 'backup under load',
  date: new Date().toISOString(),
  command: 'npm run proof -- backup',
  passed: failures === 0,
  results,
});
console.log(
  failures === 0 ? 'backup under load: passed' : `backup under load: ${failures} failures`,
);
process.exit(failures === 0 ? 0 : 1);
