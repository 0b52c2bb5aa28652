/**
 * Kysely's SQLite dialect, with a ROLLBACK that does not hide the error that caused it.
 *
 * When a statement fails, Kysely's `transaction().execute()` rolls back and rethrows the
 * statement's error, unless the ROLLBACK itself throws: then the ROLLBACK's error is thrown
 * instead. After some errors SQLite has already rolled the transaction back by itself (SQLITE_FULL,
 * SQLITE_IOERR, SQLITE_NOMEM, SQLITE_BUSY: "may or may not be rolled back automatically"), and its
 * ROLLBACK then fails with "cannot rollback - no transaction is active". A full disk was logged
 * and answered as that (issue 19.4). Here a ROLLBACK with no transaction open is skipped, so the
 * real error reaches the log and the error handler (plugins/errors.ts answers SQLITE_FULL 503).
 */
import type SQLite from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

class SqliteDriverKeepingErrors extends SqliteDriver {
  readonly #sqlite: SQLite.Database;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite rolled it back already: nothing to undo, and the caller's error is the one to keep.
    if (!this.#sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

export class SqliteDialectKeepingErrors extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SQLite.Database;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.#config, this.#sqlite);
  }
}
