import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// COUNT(*) and BIGSERIAL come back from pg as strings; our ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpenDbOptions {
  /** PostgreSQL only: the schema to use as search_path (tests give each file its own). */
  searchPath?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

/**
 * better-sqlite3 compiles SQL on every prepare(), and Kysely prepares each query it runs; most
 * of a simple request's time went there. Kysely's SQL text is stable per query shape, so
 * compiled statements are kept and reused (bounded, in case of unusual dynamic SQL).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= 2000) cache.clear();
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** Opens the database a DATABASE_URL names: `file:PATH` is embedded SQLite, `postgres://` is PostgreSQL. */
export function openDb(url: string, options: OpenDbOptions = {}): Db {
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return {
      kysely,
      dialect: 'sqlite',
      close: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}
