import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import type { Db } from './database.ts';

/**
 * Migrating and seeding happen under one lock, so any number of processes may start together
 * on an empty database (docs/reliability.md): the first migrates and seeds, the others wait,
 * then find nothing left to do.
 *
 * - PostgreSQL: a session advisory lock, taken on a connection of the pool held for the
 *   duration, keyed by the schema (tests give each file a schema of its own). Released by
 *   PostgreSQL when the connection ends, so a process killed while holding it blocks nobody.
 * - SQLite: an exclusive transaction on a small lock database beside the file
 *   (`balai.sqlite.startup-lock`), waited for through SQLite's busy timeout. The database
 *   itself cannot carry the lock: migrations and seeding run their own transactions on it.
 *   The operating system drops the lock of a process that dies.
 */
const LOCK_CLASS = 0x4ba1a1; // first key of the advisory lock: "Balai startup"
/** How long a process waits for another's migration and seed (a demo seed takes seconds). */
export const STARTUP_LOCK_WAIT_MS = 5 * 60_000;

export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${LOCK_CLASS}, hashtext(current_schema()))`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(current_schema()))`
          .execute(conn)
          .catch(() => {}); // a lost connection has released it already
      }
    });
  }
  if (!db.file || db.file === ':memory:') return work();
  const lock = new SQLite(`${db.file}.startup-lock`);
  try {
    lock.pragma(`busy_timeout = ${STARTUP_LOCK_WAIT_MS}`);
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
