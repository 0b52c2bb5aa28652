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
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
