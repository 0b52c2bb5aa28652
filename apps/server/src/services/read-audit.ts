import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isDiskFull } from '../lib/db-errors.ts';
import { nowIso } from '../lib/time.ts';
import { writeAudit, type AuditEntry } from '../repositories/audit-log.ts';

/**
 * The audit rows of reads: an administrator opening a request, its PDF or an attachment, an
 * export (issue 19.4, docs/reliability.md "A full disk").
 *
 * The promise is that every look at a resident's data is recorded. A full disk must not stop the
 * office from reading, so when a row cannot be written for lack of space the read is answered
 * and the row is held — in memory, with the moment of the read, and written to the log in full
 * (the log usually lives on another disk) — and written to the table, in order, as soon as
 * space is back. At most `maxHeld` rows are held: past that the read is refused with the full
 * disk's 503, because a read nobody can account for would break the promise. Any other error
 * fails the read as before.
 */
export interface ReadAudit {
  write(entry: AuditEntry): Promise<void>;
  /** Rows waiting for space. */
  held(): number;
  /** Tries to write the held rows now; resolves when done (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createReadAudit(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  opts: { maxHeld?: number; retryMs?: number; onDiskFull?: () => void } = {},
): ReadAudit {
  const maxHeld = opts.maxHeld ?? 10_000;
  const retryMs = opts.retryMs ?? 5_000;
  const held: (AuditEntry & { at: string })[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, retryMs).unref();
  };

  const writeHeld = async () => {
    // One transaction: all of them or, if the disk is still full, none (and kept in order).
    const rows = held.slice();
    await db.transaction().execute(async (trx) => {
      for (const row of rows) await writeAudit(trx, row);
    });
    held.splice(0, rows.length);
    log.info({ rows: rows.length }, 'audit rows held while the disk was full written');
  };

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      try {
        if (held.length > 0) await writeHeld();
      } catch (err) {
        if (isDiskFull(err)) opts.onDiskFull?.();
        else log.error({ err }, 'audit rows held while the disk was full: write failed');
      } finally {
        flushing = null;
        if (held.length > 0) schedule();
      }
    })();
    return flushing;
  };

  return {
    async write(entry) {
      const row = { ...entry, at: entry.at ?? nowIso() };
      try {
        await writeAudit(db, row);
      } catch (err) {
        if (!isDiskFull(err) || held.length >= maxHeld) throw err;
        opts.onDiskFull?.();
        held.push(row);
        log.warn({ err, audit: row, held: held.length }, 'disk full: audit row of a read held');
        schedule();
      }
    },
    held: () => held.length,
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
      if (timer) clearTimeout(timer);
      timer = null;
      for (const row of held) {
        log.error({ audit: row }, 'disk full at shutdown: audit row not written (here only)');
      }
    },
  };
}
