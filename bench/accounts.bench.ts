// Issue 2's load figures: GET /api/profile and GET /api/users/list with 10,000 users, on SQLite
// and PostgreSQL, 50 connections; and login's rate, which argon2id bounds by design.
import { sql } from 'kysely';
import { openDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/services/passwords.ts';
import {
  freshDatabaseUrl,
  load,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
  type LoadResult,
} from './lib.ts';

const USERS = 10_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RELIGIONS = ['Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha'];

async function fill(url: string): Promise<void> {
  const db = openDb(url);
  await migrateToLatest(db.kysely);
  const hash = await hashPassword('bench-warga-123');
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('users')
    .values({
      name: 'Admin Bench',
      email: 'admin@bench.desa.id',
      password_hash: await hashPassword('bench-admin-123'),
      role: 'ADMINISTRATOR',
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let start = 0; start < USERS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(USERS, start + 500); i++) {
      rows.push({
        name: `Warga Bench ${String(i).padStart(5, '0')}`,
        email: `warga${i}@bench.desa.id`,
        password_hash: hash,
        role: 'WARGA' as const,
        active: 1,
        nik: `3201${String(i).padStart(12, '0')}`,
        religion: RELIGIONS[i % RELIGIONS.length]!,
        created_at: now,
        updated_at: now,
      });
    }
    await db.kysely.insertInto('users').values(rows).execute();
  }
  // Fresh statistics, as a database that has lived a while would have.
  await sql`analyze`.execute(db.kysely);
  await db.close();
}

async function token(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const results: Record<string, LoadResult[]> = {};
const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
if (await postgresReachable()) kinds.push('postgres');
else console.warn('PostgreSQL unreachable: accounts bench runs on SQLite only');

for (const kind of kinds) {
  const url = await freshDatabaseUrl(kind, 'accounts');
  await fill(url);
  const port = 3210;
  const server = await startServer({ DATABASE_URL: url }, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const resident = await token(base, 'warga42@bench.desa.id', 'bench-warga-123');
    const admin = await token(base, 'admin@bench.desa.id', 'bench-admin-123');
    const runs: LoadResult[] = [];
    runs.push(
      await load('GET /api/profile', {
        url: `${base}/api/profile`,
        headers: { authorization: `Bearer ${resident}` },
        connections: 50,
        duration: DURATION,
      }),
    );
    runs.push(
      await load('GET /api/users/list?page=37', {
        url: `${base}/api/users/list?page=37&per_page=15`,
        headers: { authorization: `Bearer ${admin}` },
        connections: 50,
        duration: DURATION,
      }),
    );
    runs.push(
      await load('GET /api/users/list?search=bench 0042', {
        url: `${base}/api/users/list?search=bench%200042`,
        headers: { authorization: `Bearer ${admin}` },
        connections: 50,
        duration: DURATION,
      }),
    );
    runs.push(
      await load('POST /api/login', {
        url: `${base}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'warga7@bench.desa.id', password: 'bench-warga-123' }),
        connections: 10,
        duration: Math.min(DURATION, 5),
      }),
    );
    results[kind] = runs;
  } finally {
    await stopServer(server);
  }
}

writeResults('accounts.json', { users: USERS, at: new Date().toISOString(), results });
for (const [kind, runs] of Object.entries(results)) {
  console.log(`\n${kind}`);
  console.table(
    runs.map((r) => ({
      name: r.name,
      'req/s': r.requests_per_s,
      p50: r.latency_p50_ms,
      p95: r.latency_p95_ms,
      p99: r.latency_p99_ms,
      errors: r.errors,
      non2xx: r.non_2xx,
    })),
  );
}
