// Issue 24's register figures, on SQLite and PostgreSQL, through the real server over HTTP:
// - import of 10,000 people (~3,300 families): dry run and commit, each ≤ 10 s;
// - import of 100,000 people: dry run and commit, each ≤ 90 s, server memory (VmHWM) < 500 MB;
// - at 100,000 people (with 6,000 events in 2025): the person list with each filter p95 ≤ 50 ms,
//   GET /api/statistics ≤ 50 ms, a monthly report ≤ 200 ms (sequential requests, p95 of 40).
// REGISTER_BENCH_SIZES=10000 runs the small import only (a quick check).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { openDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import {
  freshDatabaseUrl,
  memory,
  postgresReachable,
  RESULTS_DIR,
  startServer,
  stopServer,
  writeResults,
} from './lib.ts';

const SIZES = (process.env.REGISTER_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ADMIN = { email: 'admin@bench.desa.id', password: 'bench-admin-123' };
const DUSUN = ['Krajan', 'Sukamaju', 'Cibeureum', 'Cikaret', 'Babakan', 'Pasir'];

const iso = (days: number) =>
  new Date(Date.UTC(1940, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

/** An OpenSID-format workbook of `n` people in families of three, written streamed to a file. */
async function workbook(n: number): Promise<string> {
  const file = path.join(os.tmpdir(), `balai-register-${n}.xlsx`);
  if (fs.existsSync(file)) return file;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  wb.addWorksheet('Kode Data').addRow(['kode']).commit();
  const ws = wb.addWorksheet('Data Penduduk');
  ws.addRow([
    'nik',
    'nama',
    'no_kk',
    'kk_level',
    'sex',
    'tempatlahir',
    'tanggallahir',
    'agama_id',
    'pendidikan_kk_id',
    'pekerjaan_id',
    'status_kawin',
    'warganegara_id',
    'nama_ayah',
    'nama_ibu',
    'golongan_darah_id',
    'alamat',
    'dusun',
    'rw',
    'rt',
    'status_dasar',
  ]).commit();
  for (let j = 0; j < n; j++) {
    const fam = Math.floor(j / 3);
    const role = j % 3;
    const sex = role === 1 ? 2 : role === 2 ? (j % 2) + 1 : 1;
    const birth = iso((j * 37) % 30000);
    const dd = Number(birth.slice(8, 10)) + (sex === 2 ? 40 : 0);
    const nik = `320101${String(dd).padStart(2, '0')}${birth.slice(5, 7)}${birth.slice(2, 4)}${String(j % 10000).padStart(4, '0')}`;
    // A NIK's date and serial may repeat past 10,000 people: make it unique by its region digits.
    const unique = `${String(32 + Math.floor(j / 10000)).padStart(2, '0')}${nik.slice(2)}`;
    ws.addRow([
      unique,
      `Warga ${j}`,
      `32010${String(fam).padStart(11, '0')}`,
      role === 0 ? 1 : role === 1 ? 3 : 4,
      sex,
      'Bogor',
      birth,
      (j % 7) + 1,
      (j % 10) + 1,
      (j % 89) + 1,
      role === 2 ? 1 : 2,
      1,
      `Ayah ${j}`,
      `Ibu ${j}`,
      (j % 13) + 1,
      `Jl. Melati ${fam}`,
      DUSUN[fam % DUSUN.length],
      String((fam % 5) + 1),
      String((fam % 8) + 1),
      1,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return file;
}

async function loginToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function importOnce(base: string, token: string, file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const t0 = performance.now();
  const res = await fetch(`${base}/api/register/import?dry_run=${dryRun ? 1 : 0}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as {
    added: number;
    updated: number;
    error_count: number;
    valid_rows: number;
  };
  const s = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  return {
    seconds: Math.round(s * 100) / 100,
    added: body.added,
    updated: body.updated,
    errors: body.error_count,
    valid_rows: body.valid_rows,
  };
}

async function p95(base: string, token: string, url: string, n = 40) {
  const times: number[] = [];
  for (let i = 0; i < n + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
  return { url, p50_ms: q(0.5), p95_ms: q(0.95) };
}

/** 6,000 events in 2025 (births, deaths, moves), as if recorded through the year. */
async function addEvents(url: string) {
  const db = openDb(url);
  const k = db.kysely;
  const ids = (
    await k.selectFrom('register_persons').select('id').orderBy('id').limit(6000).execute()
  ).map((r) => r.id);
  const now = new Date().toISOString();
  const kinds = ['death', 'move_out', 'lost'] as const;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    await k
      .insertInto('register_events')
      .values(
        part.map((id, j) => {
          const day = iso(31046 + ((i + j) % 365));
          return {
            person_id: id,
            kind: kinds[(i + j) % 3]!,
            occurred_on: day,
            reported_on: day,
            note: null,
            corrected: 0,
            created_by: null,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .execute();
    await k
      .updateTable('register_persons')
      .set({ life_status: 'meninggal' })
      .where('id', 'in', part)
      .execute();
  }
  // Fresh statistics and (PostgreSQL) the visibility map, as a database that has lived a while
  // (autovacuum) would have: index-only scans need it.
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(k);
  await db.close();
}

const results: Record<string, unknown> = {};
const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
if (await postgresReachable()) kinds.push('postgres');
const only = process.env.REGISTER_BENCH_DBS?.split(',');
for (const kind of kinds.filter((k) => !only || only.includes(k))) {
  const out: Record<string, unknown> = {};
  for (const n of SIZES) {
    const file = await workbook(n);
    const url = await freshDatabaseUrl(kind, `register${n}`);
    const db = openDb(url);
    await migrateToLatest(db.kysely);
    await db.close();
    const port = 3240;
    const server = await startServer({ DATABASE_URL: url }, port);
    const base = `http://127.0.0.1:${port}`;
    try {
      const token = await loginToken(base);
      const before = memory(server.pid!);
      const dry = await importOnce(base, token, file, true);
      const commit = await importOnce(base, token, file, false);
      const mem = memory(server.pid!);
      const row: Record<string, unknown> = {
        people: n,
        file_mb: Math.round(fs.statSync(file).size / 1e5) / 10,
        dry_run: dry,
        commit,
        server_rss_mb_before: before.rss,
        server_peak_mb_before: before.peak,
        server_peak_mb: mem.peak,
      };
      console.log(kind, JSON.stringify(row));
      if (n >= 100_000) {
        await stopServer(server);
        await addEvents(url);
        const again = await startServer({ DATABASE_URL: url }, port);
        try {
          const t = await loginToken(base);
          const queries = [
            '/api/register/persons',
            '/api/register/persons?life_status=hidup',
            '/api/register/persons?dusun_id=1&life_status=hidup',
            '/api/register/persons?rw_id=2',
            '/api/register/persons?gender=2&age_min=20&age_max=29',
            '/api/register/persons?life_status=hidup&religion=3&page=20',
            '/api/register/persons?dusun_id=1',
            '/api/register/persons?search=warga%2012345',
            '/api/register/persons?search=ga%2099',
            '/api/register/persons?search=warga%201',
            '/api/register/persons?search=3201',
            '/api/register/families?dusun_id=1',
          ];
          row.lists = [];
          for (const q of queries) (row.lists as unknown[]).push(await p95(base, t, q));
          row.statistics = await p95(base, t, '/api/statistics');
          row.monthly_report = await p95(base, t, '/api/register/monthly-report?month=2025-06');
          console.log(
            kind,
            JSON.stringify({
              lists: row.lists,
              statistics: row.statistics,
              monthly_report: row.monthly_report,
            }),
          );
        } finally {
          await stopServer(again);
        }
      }
      out[String(n)] = row;
    } finally {
      await stopServer(server);
    }
  }
  results[kind] = out;
}
// A run of one database keeps the other's figures from the last run.
const file = path.join(RESULTS_DIR, 'register.json');
const previous = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as Record<
  string,
  unknown
>;
writeResults('register.json', {
  ...previous,
  machine: `${os.cpus().length} cores`,
  // The shared machine's load (1, 5, 15 min) when the run ended: other work ran beside it.
  load: os.loadavg().map((l) => Math.round(l * 10) / 10),
  at: new Date().toISOString(),
  ...results,
});
