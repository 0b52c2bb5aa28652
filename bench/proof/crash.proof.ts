/**
 * Proof suite "Crash" (docs/reliability.md): the server process is killed with SIGKILL at
 * random moments while eight loops file letters and two loops issue them, then started again
 * on the same database — 20 rounds on SQLite, 10 on PostgreSQL (when reachable). At the end
 * every acknowledged request must be there, every issued letter must have kept the number and
 * the PDF (sha256) it was acknowledged with, no two letters share a number, and the database
 * passes its integrity check (SQLite `integrity_check` and `foreign_key_check`; PostgreSQL
 * `pg_amcheck` of every table and index).
 *
 * (PostgreSQL itself killed is pg-crash.proof.ts.)
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  fileLetters,
  freePort,
  freshDatabaseUrl,
  LETTER_BASE,
  login,
  missingOn,
  postgresReachable,
  sleep,
  startServer,
  statusObject,
  writeResults,
} from './lib.ts';

const ROUNDS = {
  sqlite: Number(process.env.PROOF_CRASH_ROUNDS_SQLITE ?? 20),
  postgres: Number(process.env.PROOF_CRASH_ROUNDS_POSTGRES ?? 10),
};
const FILERS = 8;
const ISSUERS = 2;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

interface Issued {
  id: number;
  number: string;
  sha256: string;
}

/** Loops that take acknowledged requests and issue them (processing → completed). */
function issueLetters(base: () => string, token: string, queue: number[], loops: number) {
  let running = true;
  const issued: Issued[] = [];
  const answers = new Map<number, number>();
  const count = (s: number) => answers.set(s, (answers.get(s) ?? 0) + 1);
  const post = (id: number, status: string) =>
    fetch(`${base()}${LETTER_BASE}/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status }),
    });
  const workers = Array.from({ length: loops }, async () => {
    while (running) {
      const id = queue.shift();
      if (id === undefined) {
        await sleep(20);
        continue;
      }
      try {
        for (const status of ['processing', 'completed']) {
          const res = await post(id, status);
          count(res.status);
          const body = (await res.json()) as {
            data?: { number: string | null; pdf: { sha256: string } | null };
          };
          if (res.status !== 200) break;
          if (status === 'completed' && body.data?.number && body.data.pdf) {
            issued.push({ id, number: body.data.number, sha256: body.data.pdf.sha256 });
          }
        }
      } catch {
        count(0);
        await sleep(50);
      }
    }
  });
  return {
    issued,
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function checkIssued(base: string, token: string, issued: Issued[]) {
  const wrong: string[] = [];
  for (const letter of issued) {
    const res = await fetch(`${base}${LETTER_BASE}/${letter.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as {
      data: { number: string | null; status: string; pdf: { sha256: string } | null };
    };
    if (body.data.number !== letter.number || body.data.pdf?.sha256 !== letter.sha256) {
      wrong.push(`${letter.id}: ${letter.number} → ${body.data.number}`);
      continue;
    }
    const pdf = await fetch(`${base}${LETTER_BASE}/${letter.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const sha = createHash('sha256')
      .update(Buffer.from(await pdf.arrayBuffer()))
      .digest('hex');
    if (sha !== letter.sha256) wrong.push(`${letter.id}: PDF changed`);
  }
  return wrong;
}

function integrity(kind: 'sqlite' | 'postgres', url: string): string[] {
  if (kind === 'sqlite') {
    const db = new SQLite(url.slice('file:'.length), { readonly: true });
    try {
      const ic = (db.pragma('integrity_check') as { integrity_check: string }[])
        .map((r) => r.integrity_check)
        .filter((r) => r !== 'ok');
      const fk = db.pragma('foreign_key_check') as unknown[];
      return [...ic, ...(fk.length ? [`${fk.length} foreign key violations`] : [])];
    } finally {
      db.close();
    }
  }
  try {
    execFileSync(
      path.join(PG_BIN, 'pg_amcheck'),
      [
        '--install-missing',
        '--heapallindexed',
        '-h',
        new URL(url).hostname,
        '-p',
        new URL(url).port || '5432',
        '-U',
        new URL(url).username,
        new URL(url).pathname.slice(1),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return [];
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    return [`pg_amcheck: ${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`.trim()];
  }
}

async function suite(kind: 'sqlite' | 'postgres') {
  const url = await freshDatabaseUrl(kind, 'proof_crash');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer({ DATABASE_URL: url }, port);
  const token = await login(base);
  const load = fileLetters(base, token, FILERS);
  const queue: number[] = [];
  let taken = 0;
  const feeder = setInterval(() => {
    // Every other acknowledged request goes on to be issued.
    while (taken < load.acknowledged.length) {
      const id = load.acknowledged[taken++]!;
      if (id % 2 === 0) queue.push(id);
    }
  }, 20);
  const issuing = issueLetters(() => base, token, queue, ISSUERS);
  const restartsMs: number[] = [];
  try {
    for (let i = 0; i < ROUNDS[kind]; i++) {
      await sleep(500 + Math.round(Math.random() * 1500));
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      const t = Date.now();
      server = await startServer({ DATABASE_URL: url }, port);
      restartsMs.push(Date.now() - t);
      process.stdout.write(`  ${kind} round ${i + 1}: killed, back in ${Date.now() - t} ms\n`);
    }
    await sleep(1_000);
  } finally {
    clearInterval(feeder);
    await load.stop();
    await issuing.stop();
  }
  const missing = await missingOn(base, token, load.acknowledged);
  const wrongLetters = await checkIssued(base, token, issuing.issued);
  const numbers = issuing.issued.map((l) => l.number);
  const duplicateNumbers = numbers.length - new Set(numbers).size;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const integrityProblems = integrity(kind, url);
  const result = {
    database: kind,
    rounds: ROUNDS[kind],
    restart_ms: { min: Math.min(...restartsMs), max: Math.max(...restartsMs) },
    acknowledged: load.acknowledged.length,
    missing: missing.length,
    issued: issuing.issued.length,
    letters_changed: wrongLetters,
    duplicate_numbers: duplicateNumbers,
    integrity: integrityProblems,
    filing_answers: statusObject(load.statuses),
    issuing_answers: statusObject(issuing.answers),
    unexpected: load.unexpected,
  };
  console.log(
    `  ${kind}: ${result.acknowledged} acknowledged, ${result.missing} missing; ${result.issued} issued, ${wrongLetters.length} changed, ${duplicateNumbers} numbers twice; integrity ${integrityProblems.length ? integrityProblems.join('; ') : 'ok'}; issuing answers ${JSON.stringify(result.issuing_answers)}`,
  );
  const failures =
    result.missing +
    wrongLetters.length +
    duplicateNumbers +
    integrityProblems.length +
    load.unexpected.length;
  return { ...result, failures };
}

// PROOF_CRASH_ONLY=sqlite or =postgres runs one part.
const only = process.env.PROOF_CRASH_ONLY;
const results = [];
if (only !== 'postgres') results.push(await suite('sqlite'));
if (only !== 'sqlite') {
  if (await postgresReachable()) results.push(await suite('postgres'));
  else console.log('PostgreSQL not reachable: that part is not run.');
}
const failures = results.reduce((n, r) => n + r.failures, 0);
writeResults('proof-crash.json', {
  suite: 'crash: server killed under submissions and issuing',
  date: new Date().toISOString(),
  command: 'npm run proof -- crash',
  passed: failures === 0,
  results,
});
console.log(failures === 0 ? 'crash: passed' : `crash: ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
