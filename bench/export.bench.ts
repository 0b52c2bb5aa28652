// Issue 12.5's export figures, on SQLite and PostgreSQL at 1,000,000 letter requests: the
// filtered queue as CSV and XLSX (target: 10,000 rows in under 2 s), a search's export, the
// server's memory around a 100,000-row export (flat: the rows are streamed, never held), and the
// register of outgoing letters as XLSX and PDF.
//
//   npm run bench -- export
//
// It measures the databases `npm run bench -- letters` fills, like bench/dashboard.bench.ts:
// BENCH_SQLITE_URL / BENCH_POSTGRES_URL, else the newest filled ones the letters bench left (a
// /tmp/balai-bench-letters-*/balai.sqlite, the balai_bench_letters database), else it runs that
// fill itself. BENCH_DB=sqlite narrows a run; BENCH_EXPORT_RUNS sets the timed runs (default 5).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/database.ts';
import {
  download,
  memory,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
  type Download,
  countRequests,
  filledByLettersBench,
  fillWithLettersBench,
} from './lib.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);
const TARGET_10K_MS = 2_000;
const ADMIN = { email: 'admin@bench.desa.id', password: 'bench-admin-123' };

type Kind = 'sqlite' | 'postgres';

/** The village day (WIB) of an instant. */
const villageDay = (iso: string) =>
  new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Filters of about the sizes measured, found in the data: from the village day of the n-th
 * newest request (or issued letter), so a range `from=…` matches a little more than n rows; the
 * day after it, a little fewer.
 */
async function periods(url: string) {
  const db = openDb(url, { backgroundCheckpoint: false });
  try {
    const nth = async (n: number, type?: 'ku') => {
      let q = db.kysely.selectFrom('letter_requests').select('created_at');
      if (type) q = q.where('type', '=', type);
      const row = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(n - 1)
        .limit(1)
        .executeTakeFirstOrThrow();
      return villageDay(row.created_at);
    };
    const issued = async (n: number) => {
      const rows = await db.kysely
        .selectFrom('pdf_histories')
        .select('issued_at')
        .orderBy('issued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(n - 1)
        .execute();
      const newest = await db.kysely
        .selectFrom('pdf_histories')
        .select((eb) => eb.fn.max('issued_at').as('max'))
        .executeTakeFirstOrThrow();
      const from = villageDay(rows[0]!.issued_at);
      const to = villageDay(String(newest.max));
      const bound = (day: string, plus = 0) =>
        new Date(Date.parse(`${day}T00:00:00+07:00`) + plus).toISOString();
      const counted = await db.kysely
        .selectFrom('pdf_histories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('issued_at', '>=', bound(from))
        .where('issued_at', '<', bound(to, 86_400_000))
        .executeTakeFirstOrThrow();
      return { from, to, letters: Number(counted.n) };
    };
    const dayAfter = (d: string) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return {
      tenThousand: await nth(10_000),
      hundredThousand: dayAfter(await nth(100_000)),
      register: await issued(5_000),
    };
  } finally {
    await db.close();
  }
}

async function token(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const round = (n: number) => Math.round(n);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(base: string, bearer: string, pid: number, p: string, runs = RUNS) {
  await download(base, bearer, p, pid); // warm-up: caches, JIT
  const results: Download[] = [];
  for (let i = 0; i < runs; i++) results.push(await download(base, bearer, p, pid));
  const ms = results.map((r) => r.ms);
  const last = results.at(-1)!;
  if (results.some((r) => r.status !== 200)) throw new Error(`${p}: status ${last.status}`);
  return {
    path: p,
    rows: last.rows,
    bytes: last.bytes,
    median_ms: round(median(ms)),
    max_ms: round(Math.max(...ms)),
  };
}

async function measure(kind: Kind, url: string) {
  const requests = await countRequests(url);
  const found = await periods(url);
  const port = 3213;
  const server = await startServer(
    { DATABASE_URL: url, PUBLIC_URL: 'http://localhost:3000' },
    port,
  );
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  try {
    const bearer = await token(base);
    const q10k = `/api/letter-requests/export?from=${found.tenThousand}`;
    const csv10k = await timed(base, bearer, pid, `${q10k}&format=csv`);
    const xlsx10k = await timed(base, bearer, pid, `${q10k}&format=xlsx`);
    // A search: the type's requests of residents named "Siti…" (ADR 0009's terms), newest first.
    const search = await timed(
      base,
      bearer,
      pid,
      '/api/letter-requests/export?format=csv&type=ku&search=siti',
    );
    // A search covering every request (a NIK prefix): refused with a 422 once counted to the cap.
    const refused = await (async () => {
      const ms: number[] = [];
      let status = 0;
      for (let i = 0; i < 3; i++) {
        const r = await download(
          base,
          bearer,
          '/api/letter-requests/export?format=csv&search=32',
          pid,
        );
        ms.push(r.ms);
        status = r.status;
      }
      return {
        path: '/api/letter-requests/export?format=csv&search=32',
        status,
        median_ms: round(median(ms)),
      };
    })();
    const { register } = found;
    const registerXlsx = await timed(
      base,
      bearer,
      pid,
      `/api/letter-register?from=${register.from}&to=${register.to}&format=xlsx`,
    );
    const registerPdf = await timed(
      base,
      bearer,
      pid,
      `/api/letter-register?from=${register.from}&to=${register.to}&format=pdf`,
      3,
    );
    const pdfPages = await (async () => {
      const res = await fetch(
        `${base}/api/letter-register?from=${register.from}&to=${register.to}&format=pdf`,
        { headers: { authorization: `Bearer ${bearer}` } },
      );
      const file = path.join(os.tmpdir(), `balai-bench-register-${kind}.pdf`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;
      fs.rmSync(file);
      return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    })();

    // Memory around 100,000-row exports, each format, a fast and a slow reader.
    const q100k = `/api/letter-requests/export?from=${found.hundredThousand}`;
    const big: Record<string, unknown>[] = [];
    for (const [format, slow] of [
      ['csv', false],
      ['xlsx', false],
      ['xlsx', true],
    ] as const) {
      const before = memory(pid);
      const r = await download(base, bearer, `${q100k}&format=${format}`, pid, slow);
      if (r.status !== 200) throw new Error(`100k ${format}: status ${r.status}`);
      const after = memory(pid);
      big.push({
        format,
        reader: slow ? 'slow (≈3 MB/s)' : 'fast',
        rows: r.rows,
        bytes: r.bytes,
        ms: round(r.ms),
        rss_before_mb: before.rss,
        rss_max_during_mb: r.rssMax,
        rss_after_mb: after.rss,
        rss_growth_mb: r.rssMax - before.rss,
      });
    }
    const rowsOf100k = big[0]!.rows as number;
    const result = {
      requests,
      filters: found,
      export_10k_csv: csv10k,
      export_10k_xlsx: xlsx10k,
      export_search_csv: search,
      export_refused_over_cap: refused,
      register_xlsx: registerXlsx,
      register_pdf: { ...registerPdf, pages: pdfPages },
      export_100k: big,
      target_10k_ms: TARGET_10K_MS,
      target_met:
        (csv10k.rows ?? 0) >= 10_000 &&
        rowsOf100k > 90_000 &&
        refused.status === 422 &&
        csv10k.median_ms < TARGET_10K_MS &&
        xlsx10k.median_ms < TARGET_10K_MS,
    };
    console.log(kind, JSON.stringify(result, null, 2));
    return result;
  } finally {
    await stopServer(server);
  }
}

const kinds: Kind[] = ['sqlite'];
if (await postgresReachable()) kinds.push('postgres');
else console.warn('PostgreSQL unreachable: export bench runs on SQLite only');
if (process.env.BENCH_DB)
  kinds.splice(0, kinds.length, ...(process.env.BENCH_DB.split(',') as Kind[]));

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
for (const kind of kinds) {
  const url =
    process.env[kind === 'sqlite' ? 'BENCH_SQLITE_URL' : 'BENCH_POSTGRES_URL'] ??
    (await filledByLettersBench(kind, REQUESTS)) ??
    fillWithLettersBench(kind);
  console.log(`${kind}: measuring ${url}`);
  results[kind] = await measure(kind, url);
}
writeResults('export.json', { at: new Date().toISOString(), results });

console.table(
  Object.entries(results).map(([kind, r]) => ({
    db: kind,
    '10k csv ms': r.export_10k_csv.median_ms,
    '10k xlsx ms': r.export_10k_xlsx.median_ms,
    'search rows': r.export_search_csv.rows,
    'search ms': r.export_search_csv.median_ms,
    'register pdf ms': r.register_pdf.median_ms,
    '100k rss growth MB': r.export_100k.map((b) => b.rss_growth_mb).join(' / '),
    target: r.target_met ? 'met' : 'MISSED',
  })),
);
if (Object.values(results).some((r) => !r.target_met)) {
  console.error(`export: target missed (10,000 rows in under ${TARGET_10K_MS} ms)`);
  process.exitCode = 1;
}
