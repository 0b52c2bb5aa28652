import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDb } from '../apps/server/src/db/database.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');
export const PG_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A fresh database for a bench: a new SQLite file, or a PostgreSQL database dropped and recreated. */
export async function freshDatabaseUrl(kind: 'sqlite' | 'postgres', name: string): Promise<string> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `balai-bench-${name}-`));
    return `file:${path.join(dir, 'balai.sqlite')}`;
  }
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  await c.query(`drop database if exists balai_bench_${name} with (force)`);
  await c.query(`create database balai_bench_${name}`);
  await c.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/balai_bench_${name}`;
  return url.toString();
}

/** Runs the real server as its own process, so the load generator does not share its event loop. */
export async function startServer(
  env: Record<string, string>,
  port: number,
  /** `stdout`: a file descriptor for the server's log; `main`: another tree's main.ts (a control). */
  opts: { stdout?: number; main?: string } = {},
): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', opts.main ?? 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '0',
        LOGIN_RATE_LIMIT_MAX: '1000000',
        // The benches file many requests per resident: the caps of issue 14.7 off.
        LETTER_MAX_OPEN_PER_RESIDENT: '0',
        LETTER_MAX_OPEN_PER_TYPE: '0',
        LETTER_MAX_SUBMISSIONS_PER_HOUR: '0',
        SEED_DEMO: '0',
        BALAI_ADMIN_EMAIL: 'admin@bench.desa.id',
        BALAI_ADMIN_PASSWORD: 'bench-admin-123',
        OUTBOX_DIR: path.join(os.tmpdir(), 'balai-bench-outbox'),
        ...env,
      },
      stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
    },
  );
  // Starting under tsx on a busy shared machine took over 20 s (BENCH_SERVER_START_S).
  const limitMs = Number(process.env.BENCH_SERVER_START_S ?? 90) * 1000;
  const start = Date.now();
  while (Date.now() - start < limitMs && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`server did not start (exit code ${child.exitCode})`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface LoadResult {
  name: string;
  tool: 'wrk' | 'autocannon';
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p95_ms: number;
  latency_p99_ms: number;
  errors: number;
  non_2xx: number;
  connections: number;
  duration_s: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}

const WRK = '/usr/bin/wrk';

/** wrk (C, light on the shared 2 cores) when installed — `apt-get install -y wrk` — else autocannon. */
export async function load(name: string, opts: LoadOptions): Promise<LoadResult> {
  if (fs.existsSync(WRK)) {
    runWrk({ ...opts, duration: 5 }); // warm-up: JIT, statement caches, pools
    const r = runWrk(opts);
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      name,
      tool: 'wrk',
      requests_per_s: Math.round(r.requests / (r.duration_us / 1e6)),
      latency_p50_ms: ms(r.p50_us),
      latency_p95_ms: ms(r.p95_us),
      latency_p99_ms: ms(r.p99_us),
      errors: r.connect + r.read + r.write + r.timeout,
      non_2xx: r.status,
      connections: opts.connections,
      duration_s: opts.duration,
    };
  }
  await autocannon({ ...opts, connections: Math.min(10, opts.connections), duration: 2 });
  const r = await autocannon({ ...opts });
  return {
    name,
    tool: 'autocannon',
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p95_ms: r.latency.p97_5,
    latency_p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non_2xx: r.non2xx,
    connections: opts.connections,
    duration_s: opts.duration,
  };
}

interface WrkJson {
  requests: number;
  duration_us: number;
  p50_us: number;
  p95_us: number;
  p99_us: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  status: number;
}

function runWrk(opts: LoadOptions): WrkJson {
  const out = spawnSync(
    WRK,
    [
      '-t1',
      `-c${opts.connections}`,
      `-d${opts.duration}s`,
      '--timeout',
      '10s',
      '-s',
      path.join(ROOT, 'bench/wrk-report.lua'),
      opts.url,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        WRK_METHOD: opts.method ?? 'GET',
        WRK_BODY: opts.body ?? '',
        WRK_HEADERS: Object.entries(opts.headers ?? {})
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      },
    },
  );
  const line = out.stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
  return JSON.parse(line.slice('WRK_JSON '.length)) as WrkJson;
}

export function writeResults(file: string, data: unknown): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, file), `${JSON.stringify(data, null, 2)}\n`);
}

/** The server's resident set and its peak so far (VmHWM), in MB, from /proc. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

export interface Download {
  status: number;
  ms: number;
  bytes: number;
  /** CSV: lines after the header. */
  rows: number | null;
  /** Highest RSS sampled during the download (every 20 ms), MB. */
  rssMax: number;
}

/**
 * Downloads `path` to nowhere (counting bytes and, for CSV, lines), sampling the server's RSS.
 * `slow`: the reader pauses 20 ms after every 64 KB (≈3 MB/s), the pace of a slow connection.
 */
export function download(base: string, bearer: string, p: string, pid: number, slow = false) {
  return new Promise<Download>((resolve, reject) => {
    const t0 = performance.now();
    let rssMax = 0;
    const sample = setInterval(() => (rssMax = Math.max(rssMax, memory(pid).rss)), 20);
    // highWaterMark (64 KB reads) is an option of Node's http.request that @types/node 20 lacks.
    const options = { headers: { authorization: `Bearer ${bearer}` }, highWaterMark: 64 * 1024 };
    const req = http.get(`${base}${p}`, options, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines += 1;
        if (slow) {
          res.pause();
          setTimeout(() => res.resume(), 20);
        }
      });
      res.on('end', () => {
        clearInterval(sample);
        rssMax = Math.max(rssMax, memory(pid).rss);
        const csv = String(res.headers['content-type']).startsWith('text/csv');
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          bytes,
          rows: csv ? lines - 1 : null,
          rssMax,
        });
      });
      res.on('error', reject);
    });
    req.on('error', (e) => {
      clearInterval(sample);
      reject(e);
    });
  });
}

/** How many requests a database holds; null when it cannot be read (absent, not filled). */
export async function countRequests(url: string): Promise<number | null> {
  if (url.startsWith('file:') && !fs.existsSync(url.slice('file:'.length))) return null;
  const db = openDb(url, { backgroundCheckpoint: false });
  try {
    const row = await db.kysely
      .selectFrom('letter_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } catch {
    return null;
  } finally {
    await db.close();
  }
}

/** A filled database left by the letters bench, newest first; undefined when there is none. */
export async function filledByLettersBench(
  kind: 'sqlite' | 'postgres',
  minimum: number,
): Promise<string | undefined> {
  if (kind === 'sqlite') {
    const files = fs
      .readdirSync(os.tmpdir())
      .filter((d) => d.startsWith('balai-bench-letters-'))
      .map((d) => path.join(os.tmpdir(), d, 'balai.sqlite'))
      .filter((f) => fs.existsSync(f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    for (const f of files)
      if (((await countRequests(`file:${f}`)) ?? 0) >= minimum) return `file:${f}`;
    return undefined;
  }
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  const { rowCount } = await c.query(
    "select 1 from pg_database where datname = 'balai_bench_letters'",
  );
  await c.end();
  if (!rowCount) return undefined;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = '/balai_bench_letters';
  return ((await countRequests(url.toString())) ?? 0) >= minimum ? url.toString() : undefined;
}

/** Fills a database with the letters bench's own generator and returns its URL. */
export function fillWithLettersBench(kind: 'sqlite' | 'postgres'): string {
  console.log(`${kind}: no filled database found; filling one with bench/letters.bench.ts`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/letters.bench.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_FILL_ONLY: '1', BENCH_DB: kind },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(r.stdout);
  const url = /^filled (\S+)$/m.exec(r.stdout)?.[1];
  if (r.status !== 0 || !url) throw new Error(`${kind}: the letters bench's fill failed`);
  return url;
}
