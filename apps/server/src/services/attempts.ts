import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeAudit, type AuditEntry } from '../repositories/audit-log.ts';

/**
 * Attempts at a secret (a password, a signing PIN) that are recorded BEFORE the secret is checked
 * (issue 18.5, ADR 0011). Counting failures after each check let parallel requests all read the
 * same count and all be checked: 30 passwords got through a limit of 5. Now each attempt first
 * writes its reservation — an audit row `<kind>.attempt` — and only then counts the failures
 * and reservations of the window other than its own; past the limit it removes its reservation
 * and is refused, otherwise the reservation becomes the failure (or is removed on success).
 *
 * Why no more than the limit can be checked, on any database and across processes: every insert
 * is committed before its count. Of the attempts that were let through, the one that counted
 * last saw every other one's reservation (each was written before that one's own, earlier,
 * count) — so it counted at least all of them but itself, and it was let through only while
 * that number was under the limit. Parallel attempts can only be refused too often, never let
 * through too often; a reservation left by a crashed process counts as a failure until its
 * window passes.
 */

/** The audit action of an attempt whose outcome is not yet known. */
export const pendingAction = (kind: string) => `${kind}.attempt`;

/** Writes the attempt's reservation; its audit id. */
export function reserveAttempt(
  db: Kysely<Database>,
  kind: string,
  entry: Omit<AuditEntry, 'action'>,
): Promise<number> {
  return writeAudit(db, { ...entry, action: pendingAction(kind) });
}

/** The attempt failed: its reservation becomes the failure row (same time: when it was tried). */
export async function reservationFailed(
  db: Kysely<Database>,
  reservation: number,
  failure: Omit<AuditEntry, 'subject_key' | 'ip'>,
): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({
      action: failure.action,
      user_id: failure.user_id ?? null,
      subject_type: failure.subject_type ?? null,
      subject_id: failure.subject_id ?? null,
      detail: failure.detail ? JSON.stringify(failure.detail) : null,
    })
    .where('id', '=', reservation)
    .execute();
}

/** The attempt was refused before its check, or succeeded: its reservation no longer counts. */
export async function dropReservation(db: Kysely<Database>, reservation: number): Promise<void> {
  await db.deleteFrom('audit_log').where('id', '=', reservation).execute();
}

/**
 * A refusal: the moment the window of the `max`-th newest counted row ends, or 0 when fewer than
 * `max` rows count (the timestamps are oldest first).
 */
export function blockedUntil(times: readonly string[], max: number, windowMs: number): number {
  return times.length >= max ? Date.parse(times[times.length - max]!) + windowMs : 0;
}
