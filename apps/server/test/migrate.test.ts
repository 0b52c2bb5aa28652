import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/database.ts';
import { migrateToLatest, MigrationError } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { onPostgres, PG_URL } from './helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of a half-migrated database
type AnyDb = Kysely<any>;

const names = Object.keys(migrations).sort();
const opened: { db: Db; drop: () => Promise<void> }[] = [];

/** An empty database of its own: a new SQLite file, or a new PostgreSQL schema. */
async function emptyDb(): Promise<Db> {
  if (onPostgres) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = openDb(PG_URL, { searchPath: schema, poolSize: 2 });
    opened.push({
      db,
      drop: async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    });
    return db;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-migrate-'));
  const db = openDb(`file:${path.join(dir, 'balai.sqlite')}`, { backgroundCheckpoint: false });
  opened.push({ db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) });
  return db;
}

afterEach(async () => {
  for (const { db, drop } of opened.splice(0)) {
    await db.close();
    await drop();
  }
});

/** The tables of the database (ours, not another schema's), without the migration table. */
/**
 * The tables of this test's own database: on PostgreSQL Kysely's introspection lists every
 * schema's, and the other test files' schemas (running at the same time) hold these tables too.
 */
async function ownTables(db: Db) {
  const all = await (db.kysely as AnyDb).introspection.getTables();
  if (!onPostgres) return all;
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely);
  return all.filter((t) => t.schema === rows[0]!.s);
}

async function tables(db: Db): Promise<string[]> {
  const all = await ownTables(db);
  return all
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('users_search_'))
    .sort();
}

async function columns(db: Db, table: string): Promise<string[]> {
  const all = await ownTables(db);
  return (all.find((t) => t.name === table)?.columns ?? []).map((c) => c.name).sort();
}

async function recorded(db: Db): Promise<string[]> {
  const rows = await (db.kysely as AnyDb).selectFrom('kysely_migration').select('name').execute();
  return rows.map((r) => r.name as string).sort();
}

const first = (n: number) => Object.fromEntries(names.slice(0, n).map((k) => [k, migrations[k]!]));

describe(`migrations on ${onPostgres ? 'PostgreSQL' : 'SQLite'} (issue 19.1)`, () => {
  it('applies every migration once, and nothing on the next start', async () => {
    const db = await emptyDb();
    expect(await migrateToLatest(db.kysely)).toEqual(names);
    expect(await recorded(db)).toEqual(names);
    expect(await migrateToLatest(db.kysely)).toEqual([]);
  });

  it('a migration that fails half-way leaves nothing behind and is applied whole next time', async () => {
    const db = await emptyDb();
    const at = names.indexOf('0004-letters');
    // The real 0004 (tables, indexes, a unique constraint), then a failure before its record.
    const failing: Migration = {
      up: async (conn) => {
        await migrations['0004-letters']!.up(conn);
        throw new Error('planted failure after the DDL');
      },
    };
    const error = await migrateToLatest(db.kysely, {
      ...first(at),
      '0004-letters': failing,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe('0004-letters');
    expect((error as Error).message).toContain('planted failure after the DDL');

    // The three before it are there; nothing of 0004: no table, no record.
    expect(await recorded(db)).toEqual(names.slice(0, at));
    const afterFailure = await tables(db);
    expect(afterFailure).toContain('users');
    expect(afterFailure).not.toContain('letter_requests');
    expect(afterFailure.filter((t) => t.startsWith('letter_'))).toEqual([]);

    // The next start applies it from the beginning, and everything after it.
    expect(await migrateToLatest(db.kysely)).toEqual(names.slice(at));
    expect(await recorded(db)).toEqual(names);
    expect(await tables(db)).toContain('letter_requests');
  });

  it('an upgrade that fails after adding columns and changing rows is undone, then applied whole', async () => {
    const db = await emptyDb();
    const at = names.indexOf('0009-signing');
    await migrateToLatest(db.kysely, first(at));
    const kysely = db.kysely as AnyDb;
    const now = new Date().toISOString();
    await kysely
      .insertInto('users')
      .values({
        name: 'Admin Lama',
        email: 'lama@balai.local',
        password_hash: 'x',
        role: 'ADMINISTRATOR',
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const before = await columns(db, 'users');

    const error = await migrateToLatest(db.kysely, {
      ...first(at),
      '0009-signing': {
        up: async (conn) => {
          await migrations['0009-signing']!.up(conn);
          await sql`insert into signing_settings (id, approval_exempt, updated_at) values (1, '[]', ${now})`.execute(
            conn,
          );
          throw new Error('killed after 0009');
        },
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    // The added columns, the update of the administrators and the new tables are all gone.
    expect(await columns(db, 'users')).toEqual(before);
    expect(await tables(db)).not.toContain('signing_settings');
    expect(await recorded(db)).toEqual(names.slice(0, at));

    expect(await migrateToLatest(db.kysely)).toEqual(names.slice(at));
    const admin = await kysely
      .selectFrom('users')
      .select(['position'])
      .where('email', '=', 'lama@balai.local')
      .executeTakeFirstOrThrow();
    expect(admin.position).toBe('operator');
  });

  it('carries on a database migrated by Kysely’s own Migrator before', async () => {
    const db = await emptyDb();
    const schema = onPostgres
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]!.s
      : undefined;
    const { error } = await new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => first(names.indexOf('0008-desk-indexes') + 1) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await migrateToLatest(db.kysely)).toEqual(
      names.slice(names.indexOf('0008-desk-indexes') + 1),
    );
    expect(await recorded(db)).toEqual(names);
  });

  it('refuses a database that ran a migration this version does not know', async () => {
    const db = await emptyDb();
    await migrateToLatest(db.kysely, {
      ...migrations,
      '9999-from-the-future': { up: async () => {} },
    });
    await expect(migrateToLatest(db.kysely)).rejects.toThrow(/9999-from-the-future/);
  });
});

describe('migration sources', () => {
  // Each migration runs inside a transaction (db/migrate.ts): these statements cannot (PostgreSQL)
  // or silently do nothing there (SQLite pragmas), and a migration's own transaction would nest.
  const forbidden = [
    /\bconcurrently\b/i,
    /\bvacuum\b/i,
    /\balter\s+system\b/i,
    /\bpragma\b/i,
    /\.transaction\(\)/,
    /\bbegin\b\s*(?:immediate|exclusive|transaction|;|`)/i,
    /\bcommit\b/i,
  ];

  it('hold no statement that cannot run inside the migration’s transaction', () => {
    const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
    for (const file of fs.readdirSync(dir).filter((f) => /^\d{4}-.*\.ts$/.test(f))) {
      const code = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//'))
        .join('\n');
      for (const pattern of forbidden) expect(code, `${file}: ${pattern}`).not.toMatch(pattern);
    }
  });
});
