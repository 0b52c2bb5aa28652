// Issue 3's load figures: the home page's header list and a stored image (large and
// thumbnail), from the seeded demo village, at 50 connections on SQLite and PostgreSQL.
// Target: ≥ 5,000 requests/s on SQLite.
import { openDb } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemoContent } from '../apps/server/src/seed/content.ts';
import {
  freshDatabaseUrl,
  load,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
  type LoadResult,
} from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

/** A fresh database with the demo village; returns the id of the first header's image. */
async function fill(url: string): Promise<number> {
  const db = openDb(url);
  try {
    await migrateToLatest(db.kysely);
    await seedDemoContent(db.kysely);
    const header = await db.kysely
      .selectFrom('homepage_headers')
      .select('image')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    return header.image;
  } finally {
    await db.close();
  }
}

const results: Record<string, LoadResult[]> = {};
const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
if (await postgresReachable()) kinds.push('postgres');
else console.warn('PostgreSQL unreachable: content bench runs on SQLite only');

for (const kind of kinds) {
  const url = await freshDatabaseUrl(kind, 'content');
  const imageId = await fill(url);
  const port = 3211;
  const server = await startServer({ DATABASE_URL: url }, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const path of ['/api/homepage-headers', `/files/${imageId}`]) {
      const res = await fetch(`${base}${path}`);
      if (!res.ok)
        throw new Error(`GET ${path} answered ${res.status}; is every route registered?`);
    }
    const runs: LoadResult[] = [];
    const get = async (name: string, path: string) =>
      runs.push(
        await load(name, { url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION }),
      );
    await get('GET /api/homepage-headers', '/api/homepage-headers');
    await get('GET /files/{id}', `/files/${imageId}`);
    await get('GET /files/{id}/thumb', `/files/${imageId}/thumb`);
    results[kind] = runs;
  } finally {
    await stopServer(server);
  }
}

writeResults('content.json', { at: new Date().toISOString(), results });
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
