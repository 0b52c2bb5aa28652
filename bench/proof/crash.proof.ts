/**
 * Proof suite "Crash" (docs/reliability.md): the server process is killed with SIGKILL at
 * random moments while eight loops file letters and two loops issue them, then started again
 * on the same database — 20 rounds on SQLite, 10 on PostgreSQL (when reachable).
 *
 * The office works as a real one does (crash-office.ts, issue 19): every filing carries an
 * Idempotency-Key and is sent again with it after a crash; half the letters are issued at once
 * (kp), half through the Kepala Desa's approval (ku: awaiting_signature, then approve), and every
 * answer to a status change is counted (only 200, 503 and no answer are allowed); a change whose
 * answer was lost is re-checked by reading the request again.
 *
 * At the end: every acknowledged request is there once, with the content it was sent with, and
 * nothing stored beyond what was filed; every issued letter (also those known only by a re-check)
 * has the number and the PDF (sha256) it was issued with; per sequence the numbers 1…N each
 * once, no gap; and the database passes its integrity check (SQLite `integrity_check` and
 * `foreign_key_check`; PostgreSQL `pg_amcheck` of every table and index).
 *
 * (PostgreSQL itself killed is pg-crash.proof.ts.)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  checkContent,
  checkIssued,
  fileWithKeys,
  issueLetters,
  numberGaps,
  setUpSigning,
  storedRequests,
  type Filed,
  type Issued,
} from './crash-office.ts';
import {
  freePort,
  freshDatabaseUrl,
  login,
  postgresReachable,
  sleep,
  startServer,
  statusObject,
  stopServer,
  writeResults,
} from './lib.ts';
import { startupKills } from './startup-kill.ts';

const ROUNDS = {
  sqlite: Number(process.env.PROOF_CRASH_ROUNDS_SQLITE ?? 20),
  postgres: Number(process.env.PROOF_CRASH_ROUNDS_POSTGRES ?? 10),
};
/**
 * How long the server runs between kills, in ms (a random moment in [min, max]). With 0.5–2 s a
 * PostgreSQL run on a machine at load ~30 issued 1 letter in 10 rounds: ~12 s of service in all,
 * shared by eight filing loops and two issuing ones (a ku takes four requests, the approval a
 * password check), while each restart took 22–45 s; on a quiet machine the same 3 rounds issued 20.
 * PostgreSQL runs 3–6 s between kills, still killed at a random moment of filings and approvals,
 * and a run that issues fewer than PROOF_CRASH_MIN_ISSUED letters fails as proving too little.
 */
const UP_MS = {
  sqlite: range(process.env.PROOF_CRASH_UP_MS_SQLITE ?? '500-2000'),
  postgres: range(process.env.PROOF_CRASH_UP_MS_POSTGRES ?? '3000-6000'),
};
const MIN_ISSUED = Number(process.env.PROOF_CRASH_MIN_ISSUED ?? 10);
const FILERS = 8;
const ISSUERS = 2;

function range(text: string): [number, number] {
  const [min, max = min] = text.split('-').map(Number);
  return [min!, max!];
}
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

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
  // A public address, so that a letter's QR code may point at it (or issuing is refused).
  const env = { DATABASE_URL: url, PUBLIC_URL: 'https://sukamaju.desa.id' };
  let server = await startServer(env, port);
  const token = await login(base);
  const headToken = await setUpSigning(base, token);
  const load = fileWithKeys(base, token, FILERS);
  const queue: Filed[] = [];
  let taken = 0;
  const feeder = setInterval(() => {
    // Every other acknowledged request goes on to be issued (kp at once, ku through approval).
    while (taken < load.filed.length) {
      const f = load.filed[taken++]!;
      if (f.n % 4 < 2) queue.push(f);
    }
  }, 20);
  const issuing = issueLetters(base, { office: token, head: headToken }, queue, ISSUERS);
  const restartsMs: number[] = [];
  try {
    for (let i = 0; i < ROUNDS[kind]; i++) {
      const [min, max] = UP_MS[kind];
      const up = min + Math.round(Math.random() * (max - min));
      await sleep(up);
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      const t = Date.now();
      server = await startServer(env, port);
      restartsMs.push(Date.now() - t);
      process.stdout.write(
        `  ${kind} round ${i + 1}: killed after ${up} ms up (${load.filed.length} acknowledged, ${issuing.issued.length} issued so far), back in ${Date.now() - t} ms\n`,
      );
    }
    await sleep(1_000);
  } finally {
    clearInterval(feeder);
    await load.stop();
    await issuing.stop();
  }
  const ids = load.filed.map((f) => f.id);
  // The same request acknowledged for two filings, or a filing stored twice (a retried key).
  const twice = ids.length - new Set(ids).size;
  const { missing, changed: contentWrong } = await checkContent(base, token, load.filed);
  const wrongLetters = await checkIssued(base, token, issuing.issued);
  const numbers = issuing.issued.map((l) => l.number);
  const duplicateNumbers = numbers.length - new Set(numbers).size;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const stored = await storedRequests(kind, url);
  const gaps = await numberGaps(kind, url);
  const integrityProblems = integrity(kind, url);
  const badAnswers = [...issuing.answers]
    .filter(([k]) => !/ (200|0|503)$/.test(k))
    .map(([k, n]) => `${k} ×${n}`);
  const result = {
    database: kind,
    rounds: ROUNDS[kind],
    up_between_kills_ms: UP_MS[kind],
    restart_ms: { min: Math.min(...restartsMs), max: Math.max(...restartsMs) },
    acknowledged: ids.length,
    filings_retried_with_their_key: load.retried(),
    missing: missing.length,
    acknowledged_twice: twice,
    stored_without_answer: stored - new Set(ids).size,
    content_changed: contentWrong,
    issued: issuing.issued.length,
    issued_known_by_recheck: issuing.issued.filter((l) => l.rechecked).length,
    rechecks: issuing.rechecks(),
    letters_changed: wrongLetters,
    duplicate_numbers: duplicateNumbers,
    sequences: gaps.report,
    integrity: integrityProblems,
    filing_answers: statusObject(load.statuses),
    status_answers: Object.fromEntries([...issuing.answers].sort()),
    bad_status_answers: badAnswers,
    too_few_issued: issuing.issued.length < MIN_ISSUED,
    refusals: issuing.refusals,
    unexpected: load.unexpected,
  };
  console.log(
    `  ${kind}: ${result.acknowledged} acknowledged (${result.filings_retried_with_their_key} retries with their key), ${result.missing} missing, ${twice} twice, ${contentWrong.length} changed; ${result.issued} issued (${result.issued_known_by_recheck} known by re-check), ${wrongLetters.length} changed, ${duplicateNumbers} numbers twice, ${gaps.problems} gaps; integrity ${integrityProblems.length ? integrityProblems.join('; ') : 'ok'}; status answers ${JSON.stringify(result.status_answers)}${result.too_few_issued ? `; FEWER THAN ${MIN_ISSUED} ISSUED: proves too little` : ''}`,
  );
  const control =
    kind === 'sqlite' ? await plantedFault(url, port, env, load.filed, issuing.issued) : null;
  if (control) console.log(`  control: ${JSON.stringify(control)}`);
  const failures =
    (control && !control.caught ? 1 : 0) +
    (result.too_few_issued ? 1 : 0) +
    result.missing +
    twice +
    Math.max(0, result.stored_without_answer) +
    contentWrong.length +
    wrongLetters.length +
    duplicateNumbers +
    gaps.problems +
    integrityProblems.length +
    badAnswers.length +
    load.unexpected.length;
  return { ...result, control, failures };
}

/**
 * The control: one filing's purpose changed and one issued letter's number taken away in the
 * database, then the same checks on a server started on it must report exactly those.
 */
async function plantedFault(
  url: string,
  port: number,
  env: Record<string, string>,
  filed: Filed[],
  issued: Issued[],
) {
  const victim = filed.find((f) => !issued.some((l) => l.id === f.id));
  const letter = issued[0];
  if (!victim || !letter) return { caught: false, reason: 'nothing to plant a fault in' };
  const db = new SQLite(url.slice('file:'.length));
  db.prepare(
    `update letter_requests set data = replace(data, ' #' || ?, ' #' || ? || '0') where id = ?`,
  ).run(String(victim.n), String(victim.n), victim.id);
  db.prepare('update letter_requests set number = null, number_seq = null where id = ?').run(
    letter.id,
  );
  db.close();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(env, port);
  try {
    const token = await login(base);
    const content = await checkContent(base, token, filed);
    const letters = await checkIssued(base, token, issued);
    const gaps = await numberGaps('sqlite', url);
    const caught =
      content.changed.length === 1 &&
      content.changed[0]!.startsWith(`${victim.id} `) &&
      letters.length === 1 &&
      gaps.problems === 1;
    return {
      caught,
      content_changed: content.changed,
      letters_changed: letters,
      gaps: gaps.problems,
    };
  } finally {
    await stopServer(server);
  }
}

// PROOF_CRASH_ONLY=sqlite or =postgres runs one part.
const only = process.env.PROOF_CRASH_ONLY;
const results = [];
if (only !== 'postgres') results.push(await suite('sqlite'));
if (only !== 'sqlite') {
  if (await postgresReachable()) results.push(await suite('postgres'));
  else console.log('PostgreSQL not reachable: that part is not run.');
}
// First starts killed during start-up, migration and seeding (issue 19.2, startup-kill.ts).
const STARTUP_ROUNDS = Number(process.env.PROOF_CRASH_STARTUP_ROUNDS ?? 8);
if (only !== 'postgres' && STARTUP_ROUNDS > 0) {
  results.push(await startupKills('sqlite', STARTUP_ROUNDS));
}
if (only !== 'sqlite' && STARTUP_ROUNDS > 0 && (await postgresReachable())) {
  results.push(await startupKills('postgres', Math.ceil(STARTUP_ROUNDS / 2)));
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
