import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * The version of what the public pages show (migration 0013, ADR 0025): bumped by the database
 * in the transaction of every write to content or settings (triggers, migration 0019), read
 * before a public answer is served from memory.
 *
 * Reads are coalesced: a request waits for a read that *started after it arrived* (so it sees
 * every change whose answer was sent before it came in, on any process), and all requests that
 * arrive while a read is on its way share the next one. Under load that is one small query per
 * round trip to the database, not one per request.
 *
 * On SQLite the row is read synchronously from a connection of its own with one compiled
 * statement (Kysely's asynchronous path cost 13 % of a kept answer's CPU,
 * bench/public-pages.bench.ts), and one read serves every request handled in the same turn of
 * the event loop: the requests whose bytes arrived together, before it (a client waits for an
 * answer before it sends again on a connection, so a request sent after a write's answer comes
 * in a later turn). The read is dropped when the turn ends (setImmediate), and when a write of
 * this process commits (`forget`, called as its answer is sent). Each read opens a
 * read transaction on the WAL's shared-memory index (file locks): at 50 connections, reading
 * once per request held a kept answer to 15,600 requests/s, once per turn let it reach 28,500.
 */
export interface PublicVersion {
  /** The current version, as a read started after this call sees it (a number on SQLite). */
  current(): number | Promise<number>;
  /**
   * A write of this process has committed (its answer is on its way): this turn's read is
   * dropped, so a request handled after it in the same turn (an in-process request, the page
   * builder's) reads again.
   */
  forget(): void;
  /** Closes the SQLite reader's connection, if any. */
  close(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one raw table outside the typed schema
type AnyDb = Kysely<any>;

/**
 * A synchronous reader of the version on a SQLite file (its own connection, WAL: it never waits
 * for a writer); null for PostgreSQL or an in-memory database.
 */
export async function sqliteVersionReader(
  db: AnyDb,
): Promise<{ read: () => number; close: () => void } | null> {
  const { rows } = await sql<{ file: string }>`
    select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return null;
  const connection = new SQLite(file, { fileMustExist: true, timeout: 5000 });
  let statement: SQLite.Statement<[], number>;
  try {
    statement = connection
      .prepare<[], number>('select version from public_version where id = 1')
      .pluck();
  } catch {
    // Not migrated (yet): the shared connection's path reads it when it is there.
    connection.close();
    return null;
  }
  return {
    read: () => Number(statement.get() ?? 0),
    close: () => connection.close(),
  };
}

export function publicVersion(
  db: AnyDb,
  sqliteReader: { read: () => number; close: () => void } | null = null,
): PublicVersion {
  /** The read on its way, if any. */
  let inFlight: Promise<number> | null = null;
  /** The read that starts once `inFlight` is done, shared by everyone who came meanwhile. */
  let next: Promise<number> | null = null;
  /** The SQLite read of this turn of the event loop, dropped when the turn ends. */
  let turnVersion: number | null = null;
  const endTurn = () => {
    turnVersion = null;
  };

  const read = async (): Promise<number> => {
    const { rows } = await sql<{
      version: number | string;
    }>`select version from public_version where id = 1`.execute(db);
    return Number(rows[0]?.version ?? 0);
  };

  const start = (): Promise<number> => {
    const p = read();
    inFlight = p;
    const clear = () => {
      if (inFlight === p) inFlight = null;
    };
    p.then(clear, clear);
    return p;
  };

  return {
    close() {
      sqliteReader?.close();
    },
    forget: endTurn,
    current() {
      if (sqliteReader) {
        try {
          if (turnVersion === null) {
            turnVersion = sqliteReader.read();
            setImmediate(endTurn);
          }
          return turnVersion;
        } catch {
          // The file went away or is locked in an odd way: the shared connection's path below.
        }
      }
      if (!inFlight) return start();
      // A read is on its way but started before we came: wait for it, then share the next one.
      if (!next) {
        const after = inFlight.then(
          () => undefined,
          () => undefined,
        );
        next = after.then(() => {
          next = null;
          return start();
        });
      }
      return next;
    },
  };
}
