// Parts 1-3 of the letters bench: issuing through the real path, the residents' submissions
// (bursts and a continuous load), and the admin's filtered lists, through the running server.
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { LETTER_TYPES } from '../../packages/domain/src/index.ts';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { openDb } from '../../apps/server/src/db/database.ts';
import { renderLetterPdf, warmUpLetterPdf } from '../../apps/server/src/letters/pdf/index.ts';
import { sampleLetterInput, sampleLogo } from '../../apps/server/src/letters/pdf/sample.ts';
import { changeLetterRequest, type Actor } from '../../apps/server/src/letters/workflow.ts';
import { findUserById } from '../../apps/server/src/repositories/users.ts';
import { load, type LoadResult } from '../lib.ts';
import {
  ADMIN,
  ADMIN_CONNECTIONS,
  DURATION,
  ISSUED,
  PASSWORD,
  PUBLIC_URL,
  WARMUP_ROUNDS,
  percentile,
  round,
  token,
} from './config.ts';

export async function issuing(url: string) {
  const db = openDb(url);
  warmUpLetterPdf();
  const admin = await findUserById(db.kysely, 1);
  if (!admin) throw new Error('no administrator');
  const actor: Actor = { user: admin, ip: '127.0.0.1' };
  const deps = { db: db.kysely, publicUrl: PUBLIC_URL };
  const pending = await db.kysely
    .selectFrom('letter_requests')
    .select(['id', 'type'])
    .where('status', '=', 'processing')
    .orderBy('id', 'desc')
    .limit(ISSUED + 10)
    .execute();
  const times: number[] = [];
  for (const [i, row] of pending.entries()) {
    const type = LETTER_TYPES.find((t) => t.code === row.type)!;
    const t0 = performance.now();
    await changeLetterRequest(deps, type, actor, row.id, { fields: {}, status: 'completed' });
    // The first few warm the statement caches and the logo; they are not counted.
    if (i >= 10) times.push(performance.now() - t0);
  }
  // For comparison: rendering alone, on the same letters' input shape.
  const input = sampleLetterInput(await sampleLogo('png'));
  const renders: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await renderLetterPdf({ ...input, number: `500/${i}/3201012001/XI/2026` });
    renders.push(performance.now() - t0);
  }
  await db.close();
  times.sort((a, b) => a - b);
  renders.sort((a, b) => a - b);
  return {
    letters: times.length,
    issue_median_ms: round(percentile(times, 50)),
    issue_p95_ms: round(percentile(times, 95)),
    render_only_median_ms: round(percentile(renders, 50)),
  };
}

export async function residentTokens(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++)
    tokens.push(await token(base, `warga${i * 7}@bench.desa.id`, PASSWORD));
  return tokens;
}

/** The same 50 residents as a load generator: 50 connections, each sending again at once. */
export async function submissions(base: string, tokens: string[]): Promise<LoadResult> {
  const body = JSON.stringify(LETTER_EXAMPLES.kp);
  let next = 0;
  const opts = {
    url: `${base}/api/incomes-statement`,
    connections: 50,
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          },
          body,
        }),
      },
    ],
  };
  await autocannon({ ...opts, duration: 3 }); // warm-up
  const r = await autocannon({ ...opts, duration: DURATION });
  return {
    name: 'POST /api/incomes-statement (50 residents)',
    tool: 'autocannon',
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p95_ms: r.latency.p97_5,
    latency_p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non_2xx: r.non2xx,
    connections: 50,
    duration_s: DURATION,
  };
}

/** CPU time (user and system, all threads) a process has used so far, in ms; Linux only. */
function processCpuMs(pid: number | undefined): { user: number; system: number } | undefined {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
    system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
  };
}
const CLOCK_TICKS = 100;

/**
 * 50 residents press "Ajukan" at the same moment, again and again: each round sends one request
 * per resident at once and waits for all 50 answers. Every round's 50 latencies are samples
 * (40 rounds: 2,000 samples; p99 is then the 1,980th fastest, in effect the slowest answer of a
 * typical burst). The first rounds warm the server's POST path (JIT, statement caches, pools)
 * and are not counted, but their errors are.
 */
export async function submissionBursts(
  base: string,
  tokens: string[],
  rounds: number,
  serverPid: number | undefined,
) {
  const body = JSON.stringify(LETTER_EXAMPLES.kp);
  const latencies: number[] = [];
  const slowest: number[] = [];
  let errors = 0;
  // node:http with kept-alive sockets rather than fetch: the load generator shares the 2 cores
  // with the server, and fetch spent about 0.9 ms of CPU per request there, against about 0.3.
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const url = new URL(`${base}/api/incomes-statement`);
  const post = (t: string) =>
    new Promise<number>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${t}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 201) errors += 1;
            resolve(performance.now() - t0);
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve(performance.now() - t0);
      });
      req.end(body);
    });
  for (let r = 0; r < WARMUP_ROUNDS; r++) await Promise.all(tokens.map(post));
  const cpu0 = processCpuMs(serverPid);
  const client0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    const burst = await Promise.all(tokens.map(post));
    latencies.push(...burst);
    slowest.push(Math.max(...burst));
  }
  const cpu1 = processCpuMs(serverPid);
  const client = process.cpuUsage(client0);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  slowest.sort((a, b) => a - b);
  return {
    name: `POST /api/incomes-statement, ${tokens.length} residents at once × ${rounds} rounds`,
    requests: latencies.length,
    warmup_rounds: WARMUP_ROUNDS,
    latency_p50_ms: round(percentile(latencies, 50)),
    latency_p95_ms: round(percentile(latencies, 95)),
    latency_p99_ms: round(percentile(latencies, 99)),
    latency_max_ms: round(latencies.at(-1) ?? 0),
    /** The slowest answer of the median burst: how long the 50th resident typically waits. */
    burst_slowest_median_ms: round(percentile(slowest, 50)),
    /** The server's CPU time (all its threads) per submission: a figure the shared machine's noise hardly moves. */
    server_cpu_ms_per_request:
      cpu0 && cpu1
        ? round((cpu1.user + cpu1.system - cpu0.user - cpu0.system) / latencies.length)
        : null,
    /** Of which in the kernel (sockets, fsync). */
    server_system_cpu_ms_per_request:
      cpu0 && cpu1 ? round((cpu1.system - cpu0.system) / latencies.length) : null,
    client_cpu_ms_per_request: round((client.user + client.system) / 1000 / latencies.length),
    errors,
  };
}

export async function adminLists(base: string, url: string): Promise<LoadResult[]> {
  // Search terms that exist in the data: a NIK prefix and a number of the busiest type.
  const db = openDb(url);
  const sample = await db.kysely
    .selectFrom('letter_requests')
    .select(['applicant_nik', 'number'])
    .where('type', '=', 'ku')
    .where('number', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.close();
  const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 7);
  const admin = await token(base, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${admin}` };
  const scenarios: [string, string][] = [
    ['ku, status submitted (the queue)', '/api/business-certificate?status=submitted'],
    ['ku, all statuses, page 1', '/api/business-certificate'],
    ['ku, page 200', '/api/business-certificate?page=200'],
    ['ku, search name "rahma"', '/api/business-certificate?search=rahma'],
    ['ku, search "siti rahma"', '/api/business-certificate?search=siti%20rahma'],
    [
      'ku, search NIK prefix',
      `/api/business-certificate?search=${sample.applicant_nik.slice(0, 10)}`,
    ],
    ['ku, search number', `/api/business-certificate?search=${encodeURIComponent(sample.number!)}`],
    [
      'ku, one month, completed',
      `/api/business-certificate?status=completed&from=${month}-01&to=${month}-28`,
    ],
    [
      'all types, pending (submitted,needs_revision)',
      '/api/letter-requests?status=submitted,needs_revision',
    ],
    ['all types, search name "lestari"', '/api/letter-requests?search=lestari'],
    ['all types, search prefix "sit" (several words)', '/api/letter-requests?search=sit'],
    ['archive, search number', `/api/pdf-histories?search=${encodeURIComponent(sample.number!)}`],
    // Not a list: the dashboard's snapshot (ADR 0012), for the record. Its target, over two of
    // its refreshes, is measured by bench/dashboard.bench.ts on these same databases.
    ['dashboard (snapshot, at most 60 s old)', '/api/dashboard'],
  ];
  const out: LoadResult[] = [];
  // BENCH_LISTS=sit,rahma: only the scenarios whose name contains one of these.
  const only = process.env.BENCH_LISTS?.split(',');
  for (const [name, path] of scenarios) {
    if (only && !only.some((o) => name.includes(o))) continue;
    out.push(
      await load(name, {
        url: `${base}${path}`,
        headers,
        connections: ADMIN_CONNECTIONS,
        duration: DURATION,
      }),
    );
  }
  return out;
}
