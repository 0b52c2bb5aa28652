// Runs the server suite on SQLite, then on PostgreSQL. Without REQUIRE_POSTGRES=1 an
// unreachable PostgreSQL skips the second run with a warning; with it, the run fails.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extra = process.argv.slice(2);

function run(db) {
  console.log(`\n▶ server tests on ${db}\n`);
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'apps/server/vitest.config.ts', ...extra],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: db, TEST_DATABASE_URL: url },
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    console.error(`PostgreSQL tidak dapat dihubungi di ${url}: ${err.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Test databases are copies of a migrated template (apps/server/test/template-db.ts); the
 * templates of earlier migration versions are dropped before a run. */
async function dropOldTemplates() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const old = await client.query(
      "select datname from pg_database where datname like 'balai\\_tmpl\\_%'",
    );
    for (const { datname } of old.rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

run('sqlite');
if (await postgresReachable()) {
  await dropOldTemplates();
  run('postgres');
} else if (process.env.REQUIRE_POSTGRES === '1') {
  console.error('REQUIRE_POSTGRES=1: the PostgreSQL run cannot be skipped. Failing.');
  process.exit(1);
} else {
  console.warn('\n⚠ PostgreSQL run SKIPPED (set REQUIRE_POSTGRES=1 to make this an error).\n');
}
