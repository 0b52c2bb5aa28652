import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

export interface AuditEntry {
  user_id?: number | null;
  action: string;
  subject_type?: string | null;
  subject_id?: number | null;
  subject_key?: string | null;
  ip?: string | null;
  /** Never passwords, tokens or full NIKs. */
  detail?: Record<string, unknown> | null;
  /** When it happened, if not now (a row held while the disk was full, services/read-audit.ts). */
  at?: string;
}

/** Appends an audit row; its id. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<number> {
  const row = await db
    .insertInto('audit_log')
    .values({
      user_id: entry.user_id ?? null,
      action: entry.action,
      subject_type: entry.subject_type ?? null,
      subject_id: entry.subject_id ?? null,
      subject_key: entry.subject_key ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: entry.at ?? nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Failures of one kind (or several) since a moment, grouped by a key or an address, oldest first;
 * `except` leaves one row out (an attempt's own reservation, services/attempts.ts).
 */
export async function recentFailures(
  db: Kysely<Database>,
  opts: {
    action: string | readonly string[];
    since: string;
    subjectKey?: string;
    ip?: string;
    except?: number;
  },
): Promise<string[]> {
  let q = db
    .selectFrom('audit_log')
    .select('created_at')
    .where('action', 'in', typeof opts.action === 'string' ? [opts.action] : [...opts.action])
    .where('created_at', '>', opts.since);
  if (opts.subjectKey !== undefined) q = q.where('subject_key', '=', opts.subjectKey);
  if (opts.ip !== undefined) q = q.where('ip', '=', opts.ip);
  if (opts.except !== undefined) q = q.where('id', '<>', opts.except);
  const rows = await q.orderBy('created_at').execute();
  return rows.map((r) => r.created_at);
}

export async function lastEventAt(
  db: Kysely<Database>,
  opts: { action: string; subjectKey: string },
): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('action', '=', opts.action)
    .where('subject_key', '=', opts.subjectKey)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export function listAudit(db: Kysely<Database>, opts: { action?: string; limit?: number } = {}) {
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(opts.limit ?? 100);
  if (opts.action) q = q.where('action', '=', opts.action);
  return q.execute();
}
