/**
 * Proof suite "PostgreSQL killed, the server stays up" (docs/reliability.md): a cluster of the
 * suite's own (private-postgres.ts, never the shared server) is killed with SIGKILL — the
 * postmaster and every process it started — at random moments while eight loops file letters
 * through a real Balai server. While it is down the server must answer (503, health 503); once
 * PostgreSQL has recovered, service resumes without a restart; at the end every acknowledged
 * request is in the database, once.
 *
 * Then a control, to show the harness catches a real loss: the same with PostgreSQL told to
 * acknowledge commits before they are on disk (synchronous_commit=off, the WAL writer asleep
 * for 10 s). There the check must find acknowledged requests missing.
 */
import pg from 'pg';
import {
  fileLetters,
  freePort,
  login,
  sleep,
  startServer,
  statusObject,
  stopServer,
  writeResults,
  type Load,
} from './lib.ts';
import { createCluster, waitFor, type PrivateCluster } from './private-postgres.ts';

const ROUNDS = Number(process.env.PROOF_PG_CRASH_ROUNDS ?? 5);
const WORKERS = 8;

async function health(base: string): Promise<number> {
  try {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Acknowledged ids the database does not hold, and ids acknowledged twice. */
async function check(url: string, load: Load) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>(
      'select id from letter_requests where id = any($1::int[])',
      [load.acknowledged],
    );
    const present = new Set(rows.map((r) => Number(r.id)));
    return {
      acknowledged: load.acknowledged.length,
      lost: load.acknowledged.filter((id) => !present.has(id)).length,
      acknowledged_twice: load.acknowledged.length - new Set(load.acknowledged).size,
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
  killed_after_ms: number;
  processes_killed: number;
  server_alive_while_down: boolean;
  health_while_down: number;
  recovery_ms: number;
  resumed_ms: number | null;
}

async function run(mode: 'durable' | 'control', rounds: number) {
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
  try {
    cluster.start(settings);
    await createDatabase(cluster);
    const port = await freePort();
    server = await startServer({ DATABASE_URL: cluster.url('balai') }, port);
    const base = `http://127.0.0.1:${port}`;
    load = fileLetters(base, await login(base), WORKERS);
    for (let i = 0; i < rounds; i++) {
      const wait = 1_500 + Math.round(Math.random() * 1_500);
      await sleep(wait);
      const killed = cluster.crash();
      await sleep(300);
      const down = await health(base);
      const serverAlive = server.exitCode === null;
      await sleep(700);
      const t = Date.now();
      cluster.start(settings);
      const recovery = Date.now() - t;
      const resumed = await waitFor(async () => (await health(base)) === 200, 15_000);
      results.push({
        killed_after_ms: wait,
        processes_killed: killed.length,
        server_alive_while_down: serverAlive,
        health_while_down: down,
        recovery_ms: recovery,
        resumed_ms: resumed,
      });
      console.log(
        `  ${mode} round ${i + 1}: killed ${killed.length} PostgreSQL processes after ${wait} ms; server ${serverAlive ? 'up' : 'DOWN'}, health ${down} while away; PostgreSQL recovered in ${recovery} ms, service back ${resumed === null ? 'NEVER' : `${resumed} ms`} after`,
      );
    }
    await sleep(1_000);
    await load.stop();
    const outcome = await check(cluster.url('balai'), load);
    const serverExited = server.exitCode !== null;
    return {
      mode,
      settings,
      rounds: results,
      answers: statusObject(load.statuses),
      unexpected: load.unexpected,
      server_exited: serverExited,
      ...outcome,
    };
  } finally {
    await load?.stop();
    if (server) await stopServer(server);
    cluster.remove();
  }
}

const durable = await run('durable', ROUNDS);
console.log(
  `  durable: ${durable.acknowledged} acknowledged, ${durable.lost} lost, ${durable.acknowledged_twice} twice; answers ${JSON.stringify(durable.answers)}`,
);
const control = await run('control', 1);
console.log(
  `  control (synchronous_commit=off): ${control.acknowledged} acknowledged, ${control.lost} lost — ${control.lost > 0 ? 'the harness caught the loss' : 'no loss this time'}`,
);

const problems: string[] = [];
if (durable.lost > 0) problems.push(`${durable.lost} acknowledged requests lost`);
if (durable.acknowledged_twice > 0) problems.push('a request acknowledged twice');
if (durable.server_exited) problems.push('the server exited');
if (durable.unexpected.length > 0)
  problems.push(`unexpected answers: ${durable.unexpected.join(' | ')}`);
if ((durable.answers['0'] ?? 0) > 0)
  problems.push(`${durable.answers['0']} requests without an answer`);
for (const r of durable.rounds) {
  if (!r.server_alive_while_down) problems.push('server down while PostgreSQL was');
  if (r.health_while_down !== 503)
    problems.push(`health ${r.health_while_down} while PostgreSQL was down`);
  if (r.resumed_ms === null) problems.push('service did not resume within 15 s');
}
if (control.lost === 0)
  problems.push('the control lost nothing: the harness was not shown to catch a loss');

writeResults('proof-pg-crash.json', {
  suite: 'PostgreSQL killed, server stays up',
  date: new Date().toISOString(),
  command: 'npm run proof -- pg-crash',
  passed: problems.length === 0,
  problems,
  durable,
  control,
});
console.log(problems.length === 0 ? 'pg-crash: passed' : `pg-crash: ${problems.join('; ')}`);
process.exit(problems.length === 0 ? 0 : 1);
