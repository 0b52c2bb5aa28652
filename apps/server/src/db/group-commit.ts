/**
 * Group commit for SQLite (ADR 0010). With `synchronous = FULL` every COMMIT waits for the WAL
 * to reach the disk (an fsync, 0.3–3 ms on our VMs), and SQLite has a single writer: fifty
 * residents submitting at once paid fifty fsyncs one after another. Writes handed to
 * `groupCommit` that arrive in the same turn of the event loop share one transaction and so
 * one fsync:
 *
 * - each write runs inside its own SAVEPOINT: a write that fails is rolled back alone and
 *   its caller gets its error, while the others in the batch still commit;
 * - nobody is answered before the COMMIT that makes their write durable; if the COMMIT (or the
 *   transaction itself) fails, every write of the batch is rejected with that error, also
 *   those whose own statements had succeeded, because none of them was written;
 * - a write sees the effects of the writes before it in the batch (one connection, in order),
 *   exactly as if they had committed one after another.
 *
 * On PostgreSQL each write simply gets a transaction of its own: concurrent backends already
 * share WAL flushes there, and a batch on one connection would only serialise round trips.
 * Inside a transaction the write runs in that transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import { isSqlite, notifyCommitted } from './database.ts';
import type { Database } from './schema.ts';

export type Write<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  write: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** At most this many writes share one commit; the rest form the next batch at once. */
export const MAX_GROUP = 64;

const SAVEPOINT = 'group_write';

class GroupCommit {
  readonly #db: Kysely<Database>;
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  run<T>(write: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /**
   * The batch is taken in the check phase after the I/O callbacks that enqueued into it: the
   * requests that arrived together, and no later than that (no timer, no added latency when
   * the server is idle).
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const batch = this.#queue.splice(0, MAX_GROUP);
      if (this.#queue.length > 0) this.#schedule();
      void this.#commit(batch);
    });
  }

  async #commit(batch: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let trx;
    try {
      trx = await this.#db.startTransaction().execute();
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    try {
      for (const p of batch) {
        const inner = await trx.savepoint(SAVEPOINT).execute();
        try {
          const value = await p.write(inner);
          await inner.releaseSavepoint(SAVEPOINT).execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          // If SQLite has already rolled the whole transaction back (disk full, I/O error),
          // this fails too ("no such savepoint", "cannot rollback - no transaction is active")
          // and the batch fails as a whole below — with the write's own error, not the
          // rollback's, which would hide a SQLITE_FULL (issue 19.4).
          try {
            await inner.rollbackToSavepoint(SAVEPOINT).execute();
            await inner.releaseSavepoint(SAVEPOINT).execute();
          } catch {
            throw error;
          }
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
      // The WAL checkpoint runs now, before the next batch commits (see database.ts).
      notifyCommitted(this.#db);
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.error);
    });
  }
}

const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/**
 * Runs `write` atomically and durably: on SQLite in a commit shared with the writes arriving
 * alongside it (see above), on PostgreSQL in a transaction of its own.
 */
export function groupCommit<T>(db: Kysely<Database>, write: Write<T>): Promise<T> {
  if (db.isTransaction) return write(db as Transaction<Database>);
  if (!isSqlite(db)) return db.transaction().execute(write);
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group.run(write);
}
