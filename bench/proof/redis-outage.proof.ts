/**
 * Proof suite "Redis taken away under load" (docs/reliability.md, issue 19.3). Two server
 * processes on one new PostgreSQL database count their limits in a redis-server of the suite's
 * own (private-redis.ts: a free port, no persistence, signalled only by its pid — never the
 * shared Redis). Six loops list and file letters over both, through four phases:
 *
 * 1. baseline, Redis there;
 * 2. Redis killed (SIGKILL): no 5xx, latency as in the baseline, `/api/health` 200 `degraded`
 *    with the reason, the outage logged once per process, forgot-password (5 a minute per
 *    address) limited per process — each lets five through;
 * 3. Redis started again: health `ok`, the limit counted across both again (the sixth of three
 *    and three is a 429);
 * 4. Redis stopped (SIGSTOP: connections open, nothing answered): latency bounded by the
 *    command timeout, health `degraded`; after SIGCONT requests to both processes count in
 *    Redis again.
 *
 * The control: the server as it was before issue 19.3 (its tree at PROOF_REDIS_CONTROL_COMMIT,
 * unpacked with `git archive` into a temporary directory), with Redis killed. The same checks
 * must fail there — slow answers or 5xx, no `degraded` — or the suite fails.
 */
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  freshDatabaseUrl,
  LETTER_BASE,
  login,
  postgresReachable,
  ROOT,
  sleep,
  startServer,
  statusObject,
  stopServer,
  submission,
  writeResults,
} from './lib.ts';
import { privateRedis } from './private-redis.ts';

const PHASE_MS = Number(process.env.PROOF_REDIS_PHASE_MS ?? 5_000);
/** A commit before the fallback (an ancestor of 68ed4f1, issue 19.3): the control runs its server. */
const CONTROL_COMMIT = process.env.PROOF_REDIS_CONTROL_COMMIT ?? 'a972fb1';
const WORKERS = 6;

if (!(await postgresReachable())) {
  console.error('PostgreSQL tidak dapat dihubungi: suite ini membutuhkannya.');
  process.exit(1);
}

const problems: string[] = [];
const expectThat = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

type Phase = 'baseline' | 'killed' | 'back' | 'frozen' | 'thawed';
interface PhaseStats {
  statuses: Map<number, number>;
  ms: number[];
}

/** Loops listing and filing letters over `bases` until stop(); answers counted per phase. */
function traffic(bases: string[], token: string) {
  const phases = new Map<Phase, PhaseStats>();
  let phase: Phase = 'baseline';
  let running = true;
  let n = 0;
  const loops = Array.from({ length: WORKERS }, async (_, w) => {
    for (let i = 0; running; i++) {
      const base = bases[(w + i) % bases.length]!;
      const post = i % 2 === 0;
      const stats = phases.get(phase) ?? { statuses: new Map(), ms: [] };
      phases.set(phase, stats);
      const start = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${base}${LETTER_BASE}${post ? '' : '?per_page=20'}`, {
          method: post ? 'POST' : 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            ...(post ? { 'content-type': 'application/json' } : {}),
          },
          ...(post ? { body: JSON.stringify(submission(++n)) } : {}),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        /* no answer: 0 */
      }
      stats.ms.push(performance.now() - start);
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    }
  });
  return {
    phases,
    set: (p: Phase) => (phase = p),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const summary = (s: PhaseStats | undefined) => ({
  answers: s ? statusObject(s.statuses) : {},
  p50_ms: percentile(s?.ms ?? [], 50),
  p95_ms: percentile(s?.ms ?? [], 95),
  max_ms: Math.round(Math.max(0, ...(s?.ms ?? []))),
});
const failures = (s: PhaseStats | undefined) =>
  [...(s?.statuses ?? [])].filter(([k]) => k === 0 || k >= 500).reduce((a, [, v]) => a + v, 0);

async function health(base: string) {
  const start = performance.now();
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
    const body = (await res.json()) as { data?: { status: string; reasons?: string[] } };
    return { status: res.status, data: body.data, ms: Math.round(performance.now() - start) };
  } catch {
    return { status: 0, data: undefined, ms: Math.round(performance.now() - start) };
  }
}
const forgot = async (base: string, i: number) =>
  (
    await fetch(`${base}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `tidak.ada.${i}@bukti.desa.id` }),
      signal: AbortSignal.timeout(30_000),
    })
  ).status;

async function until(check: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await check()) return Date.now() - start;
    await sleep(100);
  }
  return null;
}

const redis = privateRedis(await freePort());
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-proof-redis-'));
const servers: ChildProcess[] = [];
const result: Record<string, unknown> = {};
let control: Record<string, unknown> = {};
try {
  await redis.start();
  const url = await freshDatabaseUrl('postgres', 'proof_redis');
  const env = { DATABASE_URL: url, REDIS_URL: redis.url, RATE_LIMIT_MAX: '1000000' };
  const ports = [await freePort(), await freePort()];
  const logs = ports.map((_, i) => path.join(logDir, `server-${i + 1}.log`));
  // Started one after the other: the first migrates and seeds the new database.
  for (const [i, port] of ports.entries())
    servers.push(await startServer(env, port, { stdout: fs.openSync(logs[i]!, 'a') }));
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const warnings = () =>
    logs.map(
      (f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => l.includes('Redis unavailable')).length,
    );
  await until(
    async () => (await Promise.all(bases.map(health))).every((h) => h.data?.status === 'ok'),
    10_000,
  );

  const load = traffic(bases, await login(bases[0]!));
  await sleep(PHASE_MS);

  // 2. Killed.
  const warnedBefore = warnings();
  load.set('killed');
  await redis.kill();
  await sleep(300);
  const killedHealth = await Promise.all(bases.map(health));
  const perProcess: number[][] = [];
  for (const [i, base] of bases.entries()) {
    const statuses: number[] = [];
    for (let k = 0; k < 6; k++) statuses.push(await forgot(base, 100 * i + k));
    perProcess.push(statuses);
  }
  await sleep(PHASE_MS);
  const warnedKilled = warnings();

  // 3. Back.
  load.set('back');
  await redis.start();
  const backMs = await until(
    async () => (await Promise.all(bases.map(health))).every((h) => h.data?.status === 'ok'),
    10_000,
  );
  const shared: number[] = [];
  for (let k = 0; k < 7; k++) shared.push(await forgot(bases[k % 2]!, 200 + k));
  await sleep(PHASE_MS);

  // 4. Frozen, then thawed.
  load.set('frozen');
  redis.freeze();
  await sleep(300);
  const frozenHealth = await Promise.all(bases.map(health));
  await sleep(PHASE_MS);
  load.set('thawed');
  redis.thaw();
  const thawMs = await until(
    async () => (await Promise.all(bases.map(health))).every((h) => h.data?.status === 'ok'),
    10_000,
  );
  const cli = (...args: string[]) =>
    execFileSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8' }).trim();
  const key = cli('--scan', '--pattern', '*forgot-password*').split('\n')[0]!;
  const countBefore = Number(cli('GET', key));
  for (const [i, base] of bases.entries()) await forgot(base, 300 + i);
  const countAfter = Number(cli('GET', key));
  await sleep(1_000);
  await load.stop();
  const warnedAll = warnings();

  const phases = Object.fromEntries(
    (['baseline', 'killed', 'back', 'frozen', 'thawed'] as Phase[]).map((p) => [
      p,
      summary(load.phases.get(p)),
    ]),
  );
  Object.assign(result, { phases, killed_health: killedHealth, frozen_health: frozenHealth });
  Object.assign(result, { forgot_per_process: perProcess, forgot_shared: shared });
  Object.assign(result, {
    back_ms: backMs,
    thaw_ms: thawMs,
    shared_count: [countBefore, countAfter],
  });
  Object.assign(result, {
    warnings: { before: warnedBefore, killed: warnedKilled, end: warnedAll },
  });
  for (const [p, s] of Object.entries(phases)) console.log(`  ${p}: ${JSON.stringify(s)}`);

  const base95 = phases.baseline!.p95_ms;
  for (const p of ['killed', 'back', 'frozen', 'thawed'] as Phase[])
    expectThat(failures(load.phases.get(p)) === 0, `${p}: no 5xx, every request answered`);
  expectThat(
    phases.killed!.p95_ms <= Math.max(2 * base95, base95 + 150) && phases.killed!.max_ms < 2_000,
    `killed: latency as in the baseline (p95 ${phases.killed!.p95_ms} vs ${base95} ms, max ${phases.killed!.max_ms} ms)`,
  );
  expectThat(
    phases.frozen!.p95_ms <= Math.max(2 * base95, base95 + 600) && phases.frozen!.max_ms < 2_500,
    `frozen: latency bounded by the command timeout (p95 ${phases.frozen!.p95_ms}, max ${phases.frozen!.max_ms} ms)`,
  );
  for (const [what, hs] of [
    ['killed', killedHealth],
    ['frozen', frozenHealth],
  ] as const)
    expectThat(
      hs.every(
        (h) =>
          h.status === 200 &&
          h.data?.status === 'degraded' &&
          h.data.reasons?.some((r) => r.includes('Redis')),
      ),
      `${what}: health 200 degraded with the reason on both (${hs.map((h) => `${h.status} ${h.data?.status} ${h.ms} ms`).join(', ')})`,
    );
  expectThat(
    perProcess.every((s) => s.join() === '200,200,200,200,200,429'),
    `killed: forgot-password limited per process (${perProcess.map((s) => s.join(' ')).join(' / ')})`,
  );
  expectThat(
    backMs !== null && shared.slice(0, 5).every((s) => s === 200) && shared[5] === 429,
    `back: health ok after ${backMs} ms; the limit counted across both again (${shared.join(' ')})`,
  );
  expectThat(
    thawMs !== null && countAfter === countBefore + 2,
    `thawed: health ok after ${thawMs} ms; a request to each process counted in Redis (${countBefore} → ${countAfter})`,
  );
  expectThat(
    warnedKilled.every((w, i) => w === warnedBefore[i]! + 1) &&
      warnedAll.every((w, i) => w === warnedBefore[i]! + 2),
    `each outage logged once per process (warnings ${warnedBefore.join('/')} → ${warnedKilled.join('/')} → ${warnedAll.join('/')})`,
  );
  for (const s of servers.splice(0)) await stopServer(s);

  control = await runControl();
} finally {
  for (const s of servers) await stopServer(s);
  await redis.kill();
  fs.rmSync(logDir, { recursive: true, force: true });
}

/** The server before issue 19.3, Redis killed: the checks above must find it failing. */
async function runControl() {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-proof-control-'));
  let server: ChildProcess | undefined;
  try {
    execFileSync(
      'sh',
      ['-c', `git archive ${CONTROL_COMMIT} apps/server packages | tar -x -C ${tree}`],
      { cwd: ROOT },
    );
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    if (redis.pid === null) await redis.start();
    const port = await freePort();
    const url = await freshDatabaseUrl('postgres', 'proof_redis_control');
    server = await startServer(
      { DATABASE_URL: url, REDIS_URL: redis.url, RATE_LIMIT_MAX: '1000000' },
      port,
      {
        main: path.join(tree, 'apps/server/src/main.ts'),
      },
    );
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    await redis.kill();
    await sleep(300);
    const load = traffic([base], token);
    load.set('killed');
    const h = await health(base);
    await sleep(PHASE_MS);
    await load.stop();
    const s = summary(load.phases.get('killed'));
    const caught =
      failures(load.phases.get('killed')) > 0 || s.max_ms >= 2_000 || h.data?.status !== 'degraded';
    console.log(
      `  control (${CONTROL_COMMIT}, before the fallback): ${JSON.stringify(s)}; health ${h.status} after ${h.ms} ms — ${caught ? 'the checks caught it' : 'NOT caught'}`,
    );
    if (!caught)
      problems.push(
        'the control was not caught: the checks were not shown to catch a server that waits for Redis',
      );
    return { commit: CONTROL_COMMIT, killed: s, health: { status: h.status, ms: h.ms }, caught };
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

writeResults('proof-redis-outage.json', {
  suite: 'Redis taken away under load',
  date: new Date().toISOString(),
  command: 'npm run proof -- redis-outage',
  passed: problems.length === 0,
  problems,
  ...result,
  control,
});
console.log(
  problems.length === 0 ? 'redis-outage: passed' : `redis-outage: ${problems.join('; ')}`,
);
process.exit(problems.length === 0 ? 0 : 1);
