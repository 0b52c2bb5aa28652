/**
 * Proof suite "PostgreSQL going away, the server stays up" (docs/reliability.md, issues 14 and
 * 19): a cluster of the suite's own (private-postgres.ts, never the shared server) is taken away
 * in every way an office meets, while eight loops file letters and two loops issue every other
 * acknowledged one (processing, then completed: the letter number) through a real server:
 *
 * - `crash`: SIGKILL to the postmaster and every process it started;
 * - `fast` and `immediate`: `pg_ctl stop -m fast|immediate` (an administrator, a shutdown);
 * - `postmaster`: SIGKILL to the postmaster alone (its backends notice and end);
 * - `long`: down 8 s, longer than the server's 5 s connection timeout;
 * - `frozen`: SIGSTOP to every process of the cluster for 7 s (issue 19.6): requests must be
 *   answered 503 within about 5 s, not held.
 *
 * While it is away the server must answer (503, health 503); afterwards service resumes without
 * a restart. At the end, from the database: every acknowledged filing is there; every letter
 * acknowledged as issued has the number it was acknowledged with; no number twice; the numbers
 * of the sequence are 1…N without a gap; no answer but 200, 201 and 503 (a 500 is a failure).
 *
 * Then a control, to show the harness catches a real loss: the same with PostgreSQL told to
 * acknowledge commits before they are on disk (synchronous_commit=off, the WAL writer asleep
 * for 10 s), three crashes. There the check must find acknowledged requests missing.
 */
import pg from 'pg';
import {
  fileLetters,
  freePort,
  LETTER_BASE,
  login,
  sleep,
  startServer,
  statusObject,
  stopServer,
  writeResults,
  type Load,
} from './lib.ts';
import { createCluster, waitFor, type PrivateCluster } from './private-postgres.ts';

const KINDS = ['crash', 'fast', 'immediate', 'postmaster', 'long', 'frozen'] as const;
type Kind = (typeof KINDS)[number];
/** Extra `crash` rounds after one of each kind. */
const EXTRA_CRASHES = Number(process.env.PROOF_PG_CRASH_ROUNDS ?? 1);
/** Crashes of the control: a loss there depends on what sat in PostgreSQL's WAL buffers. */
const CONTROL_CRASHES = Number(process.env.PROOF_PG_CRASH_CONTROL_ROUNDS ?? 3);
const WORKERS = 8;

async function health(base: string): Promise<{ status: number; ms: number }> {
  const start = Date.now();
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - start };
  } catch {
    return { status: 0, ms: Date.now() - start };
  }
}

/** Two loops issuing acknowledged filings (every other one): processing, then completed. */
function issueLetters(base: string, token: string, load: Load) {
  const issued = new Map<number, string>();
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  let running = true;
  let next = 0;
  const send = async (id: number, status: string) => {
    try {
      const res = await fetch(`${base}${LETTER_BASE}/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ status, note: null }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (![200, 409, 503].includes(res.status) && unexpected.length < 20)
        unexpected.push(`${status} ${res.status} ${text.slice(0, 200)}`);
      return { status: res.status, body: text };
    } catch {
      statuses.set(0, (statuses.get(0) ?? 0) + 1);
      return { status: 0, body: '' };
    }
  };
  const loops = Array.from({ length: 2 }, async () => {
    while (running) {
      const id = load.acknowledged[next];
      if (id === undefined || id % 2 === 1) {
        if (id !== undefined) next++;
        else await sleep(20);
        continue;
      }
      next++;
      // A step answered 503 is sent again; a 409 means its earlier try had committed after all.
      for (const step of ['processing', 'completed']) {
        for (let attempt = 0; attempt < 40; attempt++) {
          const r = await send(id, step);
          if (r.status === 200 && step === 'completed') {
            const number = (JSON.parse(r.body) as { data: { number: string | null } }).data.number;
            if (number) issued.set(id, number);
          }
          if (r.status !== 503 && r.status !== 0) break;
          await sleep(100);
        }
      }
    }
  });
  return {
    issued,
    statuses,
    unexpected,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Filings lost; issued letters whose number changed; numbers twice; gaps in the sequence. */
async function check(url: string, load: Load, issued: Map<number, string>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number; number: string | null; number_seq: number }>(
      'select id, number, number_seq from letter_requests where id = any($1::int[]) or number is not null',
      [load.acknowledged],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const numbered = rows.filter((r) => r.number !== null);
    const seqs = new Map<number, number>();
    for (const r of numbered) seqs.set(r.number_seq, (seqs.get(r.number_seq) ?? 0) + 1);
    const { rows: seqRows } = await c.query<{ last: number }>(
      'select coalesce(max(last_seq), 0) as last from letter_sequences',
    );
    const last = Number(seqRows[0]!.last);
    const gaps = Array.from({ length: last }, (_, i) => i + 1).filter((k) => !seqs.has(k));
    return {
      acknowledged: load.acknowledged.length,
      lost: load.acknowledged.filter((id) => !byId.has(id)).length,
      issued_acknowledged: issued.size,
      issued_in_database: numbered.length,
      number_changed: [...issued].filter(([id, n]) => byId.get(id)?.number !== n).length,
      numbers_twice: numbered.length - new Set(numbered.map((r) => r.number)).size,
      last_seq: last,
      gaps: gaps.length,
    };
  } finally {
    await c.end();
  }
}

async function createDatabase(cluster: PrivateCluster) {
  const c = new pg.Client({ connectionString: cluster.url('postgres') });
  await c.connect();
  await c.query('create database balai');
  await c.end();
}

interface Round {
  kind: Kind;
  after_ms: number;
  processes: number;
  server_alive_while_down: boolean;
  /** Health answers while away, with how long each took. */
  health_while_down: { status: number; ms: number }[];
  down_ms: number;
  resumed_ms: number | null;
}

/** Takes the cluster away in the way of `kind`, checks the server meanwhile, brings it back. */
async function round(
  kind: Kind,
  cluster: PrivateCluster,
  base: string,
  settings: Record<string, string>,
) {
  const checks: { status: number; ms: number }[] = [];
  const t = Date.now();
  let processes = 1;
  if (kind === 'frozen') {
    processes = cluster.freeze().length;
    checks.push(await health(base)); // waits for the bound, ~5 s
    await sleep(Math.max(0, 7_000 - (Date.now() - t)));
    checks.push(await health(base));
    cluster.thaw();
  } else {
    if (kind === 'crash' || kind === 'long') processes = cluster.crash().length;
    else if (kind === 'postmaster') cluster.killPostmaster();
    else cluster.stopWith(kind);
    const downFor = kind === 'long' ? 8_000 : 1_000;
    do {
      checks.push(await health(base));
      await sleep(kind === 'long' ? 2_000 : 300);
    } while (Date.now() - t < downFor);
    cluster.start(settings);
  }
  return { processes, checks, downMs: Date.now() - t };
}

async function run(mode: 'durable' | 'control', kinds: Kind[]) {
  const cluster = createCluster(await freePort());
  const settings: Record<string, string> =
    mode === 'control'
      ? {
          synchronous_commit: 'off',
          wal_writer_delay: '10000ms',
          wal_writer_flush_after: '1GB',
          wal_buffers: '64MB',
        }
      : {};
  const results: Round[] = [];
  let server;
  let load: Load | undefined;
  let issuing: ReturnType<typeof issueLetters> | undefined;
  try {
    cluster.start(settings);
    await createDatabase(cluster);
    const port = await freePort();
    // Not a loopback address: issuing with a loopback QR needs the office's consent (0010).
    const env = { DATABASE_URL: cluster.url('balai'), PUBLIC_URL: 'https://sukamaju.desa.id' };
    server = await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    load = fileLetters(base, token, WORKERS);
    if (mode === 'durable') issuing = issueLetters(base, token, load);
    for (const kind of kinds) {
      const wait = 1_500 + Math.round(Math.random() * 1_500);
      await sleep(wait);
      const { processes, checks, downMs } = await round(kind, cluster, base, settings);
      const serverAlive = server.exitCode === null;
      const resumed = await waitFor(async () => (await health(base)).status === 200, 15_000);
      results.push({
        kind,
        after_ms: wait,
        processes,
        server_alive_while_down: serverAlive,
        health_while_down: checks,
        down_ms: downMs,
        resumed_ms: resumed,
      });
      console.log(
        `  ${mode} ${kind}: after ${wait} ms, ${processes} processes, away ${downMs} ms (with the restart); server ${serverAlive ? 'up' : 'DOWN'}, health ${checks.map((c) => `${c.status} (${c.ms} ms)`).join(', ')}; service back ${resumed === null ? 'NEVER' : `${resumed} ms`} after`,
      );
    }
    await sleep(1_500);
    await load.stop();
    await issuing?.stop();
    const outcome = await check(cluster.url('balai'), load, issuing?.issued ?? new Map());
    return {
      mode,
      settings,
      rounds: results,
      answers: statusObject(load.statuses),
      status_changes: issuing ? statusObject(issuing.statuses) : {},
      unexpected: [...load.unexpected, ...(issuing?.unexpected ?? [])],
      server_exited: server.exitCode !== null,
      ...outcome,
    };
  } finally {
    await load?.stop();
    await issuing?.stop();
    if (server) await stopServer(server);
    cluster.remove();
  }
}

const durable = await run('durable', [...KINDS, ...Array<Kind>(EXTRA_CRASHES).fill('crash')]);
console.log(
  `  durable: ${durable.acknowledged} acknowledged, ${durable.lost} lost; ${durable.issued_acknowledged} issued (acknowledged), ${durable.number_changed} changed, ${durable.numbers_twice} numbers twice, ${durable.gaps} gaps in 1…${durable.last_seq}; answers ${JSON.stringify(durable.answers)}, status changes ${JSON.stringify(durable.status_changes)}`,
);
const control = await run('control', Array<Kind>(CONTROL_CRASHES).fill('crash'));
console.log(
  `  control (synchronous_commit=off): ${control.acknowledged} acknowledged, ${control.lost} lost — ${control.lost > 0 ? 'the harness caught the loss' : 'no loss this time'}`,
);

const problems: string[] = [];
if (durable.lost > 0) problems.push(`${durable.lost} acknowledged requests lost`);
if (durable.number_changed > 0) problems.push(`${durable.number_changed} issued numbers changed`);
if (durable.numbers_twice > 0) problems.push(`${durable.numbers_twice} numbers twice`);
if (durable.gaps > 0) problems.push(`${durable.gaps} gaps in the numbers`);
if (durable.issued_acknowledged === 0) problems.push('no letter was issued under load');
if (durable.server_exited) problems.push('the server exited');
if (durable.unexpected.length > 0)
  problems.push(`unexpected answers: ${durable.unexpected.join(' | ')}`);
for (const answers of [durable.answers, durable.status_changes])
  if ((answers['0'] ?? 0) > 0) problems.push(`${answers['0']} requests without an answer`);
for (const r of durable.rounds) {
  if (!r.server_alive_while_down) problems.push(`${r.kind}: server down while PostgreSQL was`);
  if (r.health_while_down.length === 0) problems.push(`${r.kind}: health not checked while away`);
  const bad = r.health_while_down.filter((h) => h.status !== 503 || h.ms > 6_500);
  if (bad.length > 0)
    problems.push(`${r.kind}: health ${bad.map((h) => `${h.status} in ${h.ms} ms`).join(', ')}`);
  if (r.resumed_ms === null) problems.push(`${r.kind}: service did not resume within 15 s`);
}
if (control.lost === 0)
  problems.push('the control lost nothing: the harness was not shown to catch a loss');

writeResults('proof-pg-crash.json', {
  suite: 'PostgreSQL going away, server stays up',
  date: new Date().toISOString(),
  command: 'npm run proof -- pg-crash',
  passed: problems.length === 0,
  problems,
  durable,
  control,
});
console.log(problems.length === 0 ? 'pg-crash: passed' : `pg-crash: ${problems.join('; ')}`);
process.exit(problems.length === 0 ? 0 : 1);
