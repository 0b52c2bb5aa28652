/**
 * Proof suite "migration-kill" (docs/reliability.md, issue 19.1): a real process migrating a
 * database is killed with SIGKILL, by its pid, at moments spread over the whole migration, and
 * the next start must always succeed and leave the same schema as a migration never killed.
 *
 * Scenarios: a fresh SQLite database; upgrades of a SQLite database holding 30,000 users from
 * 0007 and from 0008 to the latest (0008 builds the users' search index over every row); a
 * fresh PostgreSQL database (its own database on the shared server: only the client process is
 * killed, never PostgreSQL). Each first measures how long the migration takes unkilled (T), then
 * kills round i at (i + ½)/N · T after the process said it starts migrating, with some jitter.
 * After each kill the database is opened as the next start would (apps/server/src/db/migrate.ts,
 * in this process) and compared with the reference: every table, index and trigger (SQLite's
 * schema text; PostgreSQL's columns, indexes and triggers), every migration recorded once, the
 * rows kept, `integrity_check` and the FTS index's own check.
 *
 * The control: the same kills on a fresh SQLite database migrated as before the fix, by Kysely's
 * own Migrator (each statement committed alone on SQLite). The next start must fail at least
 * once there, or the suite fails: the kills do land inside migrations.
 *
 * `node --import tsx bench/proof/migration-kill.proof.ts child URL UPTO RUNNER` is the process
 * that is killed (started by the suite itself).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { openDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { migrations } from '../../apps/server/src/db/migrations/index.ts';
import { PG_ADMIN_URL, postgresReachable, ROOT, writeResults } from './lib.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
type AnyDb = Kysely<any>;
type Runner = 'balai' | 'kysely';

const NAMES = Object.keys(migrations).sort();
const upTo = (last: string): Record<string, Migration> =>
  Object.fromEntries(NAMES.filter((n) => n <= last).map((n) => [n, migrations[n]!]));

/** The migration as a start runs it (Balai's runner), or as before the fix (Kysely's Migrator). */
async function migrate(db: AnyDb, list: Record<string, Migration>, runner: Runner) {
  if (runner === 'balai') return migrateToLatest(db, list);
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => list },
  }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return [];
}

if (process.argv[2] === 'child') {
  const [, , , url, last, runner] = process.argv as [
    string,
    string,
    string,
    string,
    string,
    Runner,
  ];
  const db = openDb(url, { backgroundCheckpoint: false, poolSize: 2 });
  const list = upTo(last);
  process.stdout.write('start\n');
  const t = performance.now();
  await migrate(db.kysely, list, runner);
  process.stdout.write(`done ${Math.round(performance.now() - t)}\n`);
  await db.close();
  process.exit(0);
}

const ROUNDS = Number(process.env.PROOF_MIGRATION_KILL_ROUNDS ?? 16);
const USERS = Number(process.env.PROOF_MIGRATION_KILL_USERS ?? 30_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-proof-migration-kill-'));

/** Runs the child on `url`; kills it `killAfterMs` after it starts migrating (null: never). */
function child(url: string, last: string, runner: Runner, killAfterMs: number | null) {
  return new Promise<{ killed: boolean; migrationMs: number | null; out: string }>((resolve) => {
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/proof/migration-kill.proof.ts', 'child', url, last, runner],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let timer: NodeJS.Timeout | undefined;
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (killAfterMs !== null && timer === undefined && out.includes('start\n')) {
        timer = setTimeout(() => {
          try {
            process.kill(p.pid!, 'SIGKILL');
          } catch {
            /* already ended */
          }
        }, killAfterMs);
      }
    });
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (_code, signal) => {
      clearTimeout(timer);
      const done = /done (\d+)/.exec(out);
      resolve({ killed: signal === 'SIGKILL', migrationMs: done ? Number(done[1]) : null, out });
    });
  });
}

// ---- Databases --------------------------------------------------------------------------------

interface Target {
  /** A new copy of the starting database; returns its URL. */
  copy(round: number): Promise<string>;
  /** Tables, columns, indexes and triggers, for comparison with the reference. */
  schema(db: AnyDb): Promise<string[]>;
  /** Problems found by the database's own checks, and rows that should have been kept. */
  check(url: string): Promise<string[]>;
  drop(url: string): Promise<void>;
}

async function fillUsers(db: AnyDb, n: number) {
  await sql`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})
    insert into users (name, email, password_hash, role, active, created_at, updated_at)
    select 'Warga Bukti ' || i, 'warga' || i || '@bukti.desa.id', 'x', 'WARGA', 1,
           '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
    from seq`.execute(db);
}

async function sqliteTarget(from: string | null, users: number): Promise<Target> {
  const template = path.join(dir, `template-${from ?? 'empty'}.sqlite`);
  if (from) {
    const db = openDb(`file:${template}`, { backgroundCheckpoint: false });
    await migrateToLatest(db.kysely, upTo(from));
    await fillUsers(db.kysely, users);
    await db.close(); // the last connection: the WAL is checkpointed and removed
  }
  return {
    async copy(round) {
      const file = path.join(dir, `${from ?? 'fresh'}-${round}.sqlite`);
      if (from) fs.copyFileSync(template, file);
      return `file:${file}`;
    },
    async schema(db) {
      const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
        select type, name, sql from sqlite_master
        where name not like 'sqlite_%' and name not like 'kysely_migration%'
        order by type, name`.execute(db);
      return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
    },
    async check(url) {
      const db = new SQLite(url.slice('file:'.length));
      try {
        const problems = (db.pragma('integrity_check') as { integrity_check: string }[])
          .map((r) => r.integrity_check)
          .filter((r) => r !== 'ok');
        db.exec(`insert into users_search (users_search) values ('integrity-check')`);
        const n = (db.prepare('select count(*) as n from users').get() as { n: number }).n;
        if (from && n !== users) problems.push(`${n} users instead of ${users}`);
        return problems;
      } catch (err) {
        return [String(err)];
      } finally {
        db.close();
      }
    },
    async drop(url) {
      fs.rmSync(url.slice('file:'.length), { force: true });
      fs.rmSync(`${url.slice('file:'.length)}-wal`, { force: true });
      fs.rmSync(`${url.slice('file:'.length)}-shm`, { force: true });
    },
  };
}

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

function postgresTarget(): Target {
  const urlOf = (name: string) => {
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    return u.toString();
  };
  return {
    async copy(round) {
      const name = `balai_proof_mkill_${process.pid}_${round < 0 ? `x${-round}` : round}`;
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      await admin((c) => c.query(`create database ${name}`));
      return urlOf(name);
    },
    async schema(db) {
      const { rows } = await sql<{ line: string }>`
        select table_name || '.' || column_name || ' ' || data_type as line
          from information_schema.columns where table_schema = 'public'
            and table_name not like 'kysely_migration%'
        union all select indexname || ': ' || indexdef from pg_indexes where schemaname = 'public'
        union all select trigger_name || ' ' || event_manipulation || ' ' || event_object_table
          from information_schema.triggers where trigger_schema = 'public'
        order by 1`.execute(db);
      return rows.map((r) => r.line);
    },
    async check() {
      return [];
    },
    async drop(url) {
      const name = new URL(url).pathname.slice(1);
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

// ---- Rounds -----------------------------------------------------------------------------------

interface Outcome {
  round: number;
  kill_after_ms: number;
  killed: boolean;
  /** Migrations recorded when the process died (of those it was to apply). */
  recorded_at_kill: number;
  next_start: 'ok' | string;
}

async function recorded(db: AnyDb): Promise<number> {
  try {
    const rows = await db.selectFrom('kysely_migration').select('name').execute();
    return rows.length;
  } catch {
    return 0; // not even the bookkeeping table yet
  }
}

async function scenario(
  name: string,
  target: Target,
  from: string | null,
  runner: Runner,
  rounds: number,
  reference: string[],
) {
  const last = NAMES.at(-1)!;
  const baseline = from ? NAMES.indexOf(from) + 1 : 0;
  // T: the migration unkilled (also shows the runner ends where the reference is).
  const calibrationUrl = await target.copy(-1);
  const calibration = await child(calibrationUrl, last, runner, null);
  await target.drop(calibrationUrl);
  const T = calibration.migrationMs;
  if (T === null) throw new Error(`${name}: the unkilled migration failed:\n${calibration.out}`);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < rounds; i++) {
    const jitter = (Math.random() - 0.5) * (T / rounds);
    const at = Math.max(0, Math.round(((i + 0.5) / rounds) * T + jitter));
    const url = await target.copy(i);
    const run = await child(url, last, runner, at);
    const db = openDb(url, { backgroundCheckpoint: false, poolSize: 2 });
    const outcome: Outcome = {
      round: i + 1,
      kill_after_ms: at,
      killed: run.killed,
      recorded_at_kill: (await recorded(db.kysely)) - baseline,
      next_start: 'ok',
    };
    try {
      await migrate(db.kysely, upTo(last), runner); // the next start
      const schema = await target.schema(db.kysely);
      const missing = reference.filter((l) => !schema.includes(l));
      const extra = schema.filter((l) => !reference.includes(l));
      const count = await recorded(db.kysely);
      const problems = [
        ...(missing.length ? [`missing ${missing.slice(0, 3).join('; ')}`] : []),
        ...(extra.length ? [`extra ${extra.slice(0, 3).join('; ')}`] : []),
        ...(count !== NAMES.length ? [`${count} migrations recorded`] : []),
      ];
      await db.close();
      problems.push(...(await target.check(url)));
      if (problems.length) outcome.next_start = problems.join(' | ');
    } catch (err) {
      await db.close().catch(() => {});
      outcome.next_start = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    }
    await target.drop(url);
    outcomes.push(outcome);
  }
  const killed = outcomes.filter((o) => o.killed);
  const failed = outcomes.filter((o) => o.next_start !== 'ok');
  const midway = killed.filter(
    (o) => o.recorded_at_kill > 0 && o.recorded_at_kill < NAMES.length - baseline,
  ).length;
  console.log(
    `  ${name}: migration unkilled ${T} ms; ${killed.length} of ${rounds} killed (${midway} between two migrations, ${killed.filter((o) => o.recorded_at_kill === 0).length} before the first was recorded); next start failed ${failed.length} times${failed.length ? `: ${failed[0]!.next_start}` : ''}`,
  );
  return {
    scenario: name,
    runner,
    from: from ?? 'empty',
    migration_ms: T,
    rounds,
    killed: killed.length,
    killed_between_migrations: midway,
    next_start_failed: failed.length,
    outcomes,
  };
}

async function referenceSchema(target: Target): Promise<string[]> {
  const url = await target.copy(-2);
  const db = openDb(url, { backgroundCheckpoint: false, poolSize: 2 });
  try {
    await migrateToLatest(db.kysely);
    return await target.schema(db.kysely);
  } finally {
    await db.close();
    await target.drop(url);
  }
}

try {
  const results = [];
  // PROOF_MIGRATION_KILL_ONLY=sqlite or =postgres runs one database's part (and the control).
  const only = process.env.PROOF_MIGRATION_KILL_ONLY;
  const fresh = await sqliteTarget(null, 0);
  const sqliteReference = await referenceSchema(fresh);
  if (only !== 'postgres') {
    results.push(await scenario('SQLite, fresh', fresh, null, 'balai', ROUNDS, sqliteReference));
  }
  for (const from of only === 'postgres' ? [] : ['0007-letter-edit-audit', '0008-desk-indexes']) {
    const target = await sqliteTarget(from, USERS);
    results.push(
      await scenario(`SQLite, ${from} → latest`, target, from, 'balai', ROUNDS, sqliteReference),
    );
  }
  if (only === 'sqlite') {
    // not asked for
  } else if (await postgresReachable()) {
    const target = postgresTarget();
    const reference = await referenceSchema(target);
    results.push(await scenario('PostgreSQL, fresh', target, null, 'balai', ROUNDS / 2, reference));
  } else {
    console.log('  PostgreSQL not reachable: that part is not run.');
  }
  const control = await scenario(
    'control: SQLite, fresh, Kysely’s Migrator (before the fix)',
    fresh,
    null,
    'kysely',
    ROUNDS,
    sqliteReference,
  );
  const failures = results.reduce((n, r) => n + r.next_start_failed, 0);
  const caught = control.next_start_failed > 0;
  const passed = failures === 0 && caught;
  console.log(
    `  control: the next start failed ${control.next_start_failed} of ${control.rounds} times — ${caught ? 'the harness sees a migration left half-applied' : 'NOTHING CAUGHT: the kills may not land inside migrations'}`,
  );
  writeResults('proof-migration-kill.json', {
    suite: 'migration-kill: a migrating process killed, the next start',
    date: new Date().toISOString(),
    command: 'npm run proof -- migration-kill',
    passed,
    results,
    control,
  });
  console.log(passed ? 'migration-kill: passed' : 'migration-kill: FAILED');
  process.exitCode = passed ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
