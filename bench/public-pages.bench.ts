// Issue 23's serving targets: Balai's hottest public answers against a bare Fastify process
// sending the same bytes, in the same run, at 50 connections (autocannon, or wrk when installed),
// BENCH_PUBLIC_DURATION seconds each (default 5). Targets: Balai ≥ 50 % of bare's requests/s,
// p99 ≤ 10 ms. Needs the web build (npm run build) for the page. Only 127.0.0.1; the two servers
// are this bench's own child processes, stopped at the end.
//
//   npm run bench -- public-pages
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  ROOT,
  freshDatabaseUrl,
  load,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
  type LoadResult,
} from './lib.ts';

const DURATION = Number(process.env.BENCH_PUBLIC_DURATION ?? 5);
const CONNECTIONS = 50;
const BALAI_PORT = 3251;
const BARE_PORT = 3252;

/** What is measured: the home page's header list (the content API answer every first visit
 * asks for), the settings every page reads, the letter types, and the rendered home page. */
const TARGETS: { name: string; path: string; headers?: Record<string, string> }[] = [
  {
    name: 'content API (homepage-headers)',
    path: '/api/homepage-headers?per_page=100&active=true',
  },
  { name: 'settings API', path: '/api/settings' },
  { name: 'letter types API', path: '/api/letter-types' },
  // As a browser asks for it: compressed (the kept page's brotli form).
  { name: 'rendered page /', path: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } },
];

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist-ssr/entry-server.js'))) {
  console.error('web build missing: run npm run build first');
  process.exit(1);
}

/** The exact bytes and headers an address answers with, asked as the load asks. */
function grab(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; encoding: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? 'application/octet-stream'),
            encoding: res.headers['content-encoding'] ?? null,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startBare(routesFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(BARE_PORT),
      BARE_ROUTES: routesFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return child;
}

interface Pair {
  name: string;
  path: string;
  bytes: number;
  balai: LoadResult;
  bare: LoadResult;
  ratio_pct: number;
}

const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
if (process.env.BENCH_PUBLIC_PG !== '0' && (await postgresReachable())) kinds.push('postgres');

const results: Record<string, Pair[]> = {};
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const loadBefore = loadAverage();
for (const kind of kinds) {
  const url = await freshDatabaseUrl(kind, 'public');
  const balai = await startServer({ DATABASE_URL: url, SEED_DEMO: '1' }, BALAI_PORT);
  let bare: ChildProcess | null = null;
  const routesFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'balai-bare-')),
    'routes.json',
  );
  try {
    const captured = [];
    for (const target of TARGETS) {
      const res = await grab(`http://127.0.0.1:${BALAI_PORT}${target.path}`, target.headers);
      if (res.status !== 200) throw new Error(`GET ${target.path} answered ${res.status}`);
      captured.push({ ...target, type: res.type, body: res.body });
    }
    fs.writeFileSync(
      routesFile,
      JSON.stringify(
        captured.map((c) => ({
          path: c.path.split('?')[0],
          type: c.type,
          encoding: c.encoding,
          body: c.body.toString('base64'),
        })),
      ),
    );
    bare = await startBare(routesFile);
    const pairs: Pair[] = [];
    for (const c of captured) {
      const opts = { connections: CONNECTIONS, duration: DURATION, headers: c.headers };
      const bareRun = await load(`bare ${c.name}`, {
        url: `http://127.0.0.1:${BARE_PORT}${c.path}`,
        ...opts,
      });
      const balaiRun = await load(c.name, {
        url: `http://127.0.0.1:${BALAI_PORT}${c.path}`,
        ...opts,
      });
      pairs.push({
        name: c.name,
        path: c.path,
        bytes: c.body.length,
        balai: balaiRun,
        bare: bareRun,
        ratio_pct: Math.round((balaiRun.requests_per_s / bareRun.requests_per_s) * 1000) / 10,
      });
    }
    results[kind] = pairs;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(balai);
    fs.rmSync(path.dirname(routesFile), { recursive: true, force: true });
  }
}

const loadAfter = loadAverage();
writeResults('public-pages.json', {
  at: new Date().toISOString(),
  cpus: os.cpus().length,
  load_average_before: loadBefore,
  load_average_after: loadAfter,
  connections: CONNECTIONS,
  duration_s: DURATION,
  results,
});
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
let missed = 0;
for (const [kind, pairs] of Object.entries(results)) {
  console.log(`\n${kind} (${CONNECTIONS} connections, ${DURATION} s each)`);
  console.table(
    pairs.map((p) => {
      const ok = p.ratio_pct >= 50 && p.balai.latency_p99_ms <= 10;
      if (!ok) missed += 1;
      return {
        answer: p.name,
        bytes: p.bytes,
        'Balai req/s': p.balai.requests_per_s,
        'bare req/s': p.bare.requests_per_s,
        '% of bare': p.ratio_pct,
        'Balai p50/p99 ms': `${p.balai.latency_p50_ms}/${p.balai.latency_p99_ms}`,
        'bare p50/p99 ms': `${p.bare.latency_p50_ms}/${p.bare.latency_p99_ms}`,
        errors: p.balai.errors + p.balai.non_2xx,
        target: ok ? 'met' : 'MISSED',
      };
    }),
  );
}
if (missed) console.log(`\n${missed} answer(s) under 50 % of bare Fastify or over 10 ms p99`);
