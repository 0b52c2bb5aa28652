import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './migrations/helpers.ts';
import { migrations as ALL_MIGRATIONS } from './migrations/index.ts';

/**
 * Applies the migrations a database lacks, each **together with its record in one
 * transaction** (issue 19.1, docs/reliability.md "A migration is atomic"): a process killed at
 * any moment leaves each migration either wholly applied and recorded or not at all, and the
 * next start applies the missing ones from their beginning.
 *
 * Kysely's own Migrator cannot promise that on SQLite: its SQLite adapter reports no
 * transactional DDL, so every statement committed alone and a migration killed half-way left
 * tables nobody recorded (`table "letter_requests" already exists` at every later start). SQLite
 * does run DDL inside a transaction, so this runner opens one itself: `BEGIN IMMEDIATE` on
 * SQLite (the write lock from the start, so the check of the record and the writes see one
 * state), `BEGIN` and a transaction-scoped advisory lock on PostgreSQL (two processes migrating
 * one schema take turns; the startup lock, db/startup-lock.ts, usually serialises them already).
 *
 * The bookkeeping table is Kysely's (`kysely_migration`: name, timestamp), so databases migrated
 * before keep their history. A migration therefore must be able to run inside a transaction:
 * no `create index concurrently`, `vacuum` or `alter system` on PostgreSQL, no `VACUUM` or
 * pragmas that only act outside a transaction (`foreign_keys`, `journal_mode`) on SQLite, and
 * no transaction of its own (test/migrate.test.ts checks the sources).
 */
const TABLE = 'kysely_migration';
/** First key of the migration lock (PostgreSQL); the startup lock uses another. */
const MIGRATION_LOCK_CLASS = 0x4ba1a2;

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(
      `migrasi ${migration} gagal dan dibatalkan seluruhnya: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'MigrationError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>;

/** The bookkeeping table, qualified by our schema on PostgreSQL (never another schema's). */
async function migrationTable(db: AnyDb) {
  if (!isPostgres(db)) return sql.table(TABLE);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL search_path names no schema that exists');
  return sql.table(`${schema}.${TABLE}`);
}

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when
 * it throws (and by the database itself when the process dies before the commit).
 */
async function inTransaction<T>(db: AnyDb, work: (conn: AnyDb) => Promise<T>): Promise<T> {
  const postgres = isPostgres(db);
  return db.connection().execute(async (conn) => {
    await sql.raw(postgres ? 'begin' : 'begin immediate').execute(conn);
    try {
      if (postgres) {
        await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_CLASS}, hashtext(current_schema()))`.execute(
          conn,
        );
      }
      const result = await work(conn);
      await sql.raw('commit').execute(conn);
      return result;
    } catch (err) {
      // A lost PostgreSQL connection, or SQLite having rolled back on its own, has nothing to undo.
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => {});
      throw err;
    }
  });
}

/**
 * Brings `db` to the latest migration; returns the names applied now, in order. `list` is every
 * migration by name (tests pass their own); they are applied in the order of their names.
 */
export async function migrateToLatest(
  db: AnyDb,
  list: Record<string, Migration> = ALL_MIGRATIONS,
): Promise<string[]> {
  const table = await migrationTable(db);
  await inTransaction(db, async (conn) => {
    await sql`create table if not exists ${table} (
      name varchar(255) not null primary key,
      timestamp varchar(255) not null
    )`.execute(conn);
  });
  const names = Object.keys(list).sort();
  /** The recorded migrations, checked against `list`. */
  const executed = async (conn: AnyDb): Promise<Set<string>> => {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(conn);
    const done = new Set(rows.map((r) => r.name));
    const unknown = [...done].filter((n) => !(n in list));
    if (unknown.length) {
      throw new Error(
        `basis data ini sudah menjalankan migrasi yang tidak dikenal versi Balai ini (${unknown.join(', ')}); jalankan versi Balai yang membuatnya`,
      );
    }
    const skipped = names.find(
      (n, i) => !done.has(n) && names.slice(i + 1).some((m) => done.has(m)),
    );
    if (skipped) {
      throw new Error(
        `migrasi ${skipped} belum diterapkan, padahal migrasi sesudahnya sudah; migrasi baru harus bernama sesudah yang terakhir`,
      );
    }
    return done;
  };
  // Outside a transaction first: a start with nothing to apply writes nothing.
  const before = await executed(db);
  const applied: string[] = [];
  for (const name of names.filter((n) => !before.has(n))) {
    const done = await inTransaction(db, async (conn) => {
      // Again under the lock: another process may have applied it meanwhile.
      if ((await executed(conn)).has(name)) return false;
      try {
        await list[name]!.up(conn);
      } catch (err) {
        throw new MigrationError(name, err);
      }
      await sql`insert into ${table} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        conn,
      );
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
