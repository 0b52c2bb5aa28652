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
}

export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.user_id ?? null,
      action: entry.action,
      subject_type: entry.subject_type ?? null,
      subject_id: entry.subject_id ?? null,
      subject_key: entry.subject_key ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: nowIso(),
    })
    .execute();
}

/** Failures of one kind since a moment, grouped by a key or an address, oldest first. */
export async function recentFailures(
  db: Kysely<Database>,
  opts: { action: string; since: string; subjectKey?: string; ip?: string },
): Promise<string[]> {
  let q = db
    .selectFrom('audit_log')
    .select('created_at')
    .where('action', '=', opts.action)
    .where('created_at', '>', opts.since);
  if (opts.subjectKey !== undefined) q = q.where('subject_key', '=', opts.subjectKey);
  if (opts.ip !== undefined) q = q.where('ip', '=', opts.ip);
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
