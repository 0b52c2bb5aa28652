// Helpers for migrations only. Frozen like the migrations themselves: change by adding, never by editing.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on either database. */
export function idColumn(
  db: Kysely<unknown>,
): [string, 'serial' | 'integer', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db)
    ? ['id', 'serial', (c) => c.primaryKey()]
    : ['id', 'integer', (c) => c.primaryKey().autoIncrement()];
}

/** Large binary content (file bytes). */
export function blobType(db: Kysely<unknown>): 'bytea' | 'blob' {
  return isPostgres(db) ? 'bytea' : 'blob';
}
