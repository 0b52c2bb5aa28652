import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { listLetterRequests } from './src/repositories/letter-requests.ts';
import type { Database } from './src/db/schema.ts';
const file = `${process.argv[2]}/balai.sqlite`;
const raw = new SQLite(file, { readonly: true });
const queries: { sql: string; params: unknown[]; ms: number }[] = [];
const k = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }), log: (e) => { queries.push({ sql: e.query.sql, params: [...e.query.parameters], ms: e.queryDurationMillis }); } });
const cases: [string, Parameters<typeof listLetterRequests>[1]][] = JSON.parse(process.argv[3]);
for (const [name, f] of cases) {
  await listLetterRequests(k, f);
  queries.length = 0;
  const t0 = performance.now(); await listLetterRequests(k, f); const ms = performance.now() - t0;
  console.log(`\n=== ${name}: ${ms.toFixed(1)} ms`);
  for (const q of queries) {
    console.log(q.ms.toFixed(1), 'ms:', q.sql.slice(0, 600), JSON.stringify(q.params).slice(0, 200));
    for (const row of raw.prepare(`explain query plan ${q.sql}`).all(...(q.params as any[]))) console.log('   ', (row as any).detail);
  }
}
