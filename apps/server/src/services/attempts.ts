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
 * that number was under the limit. An attempt that finds the limit reached only because of
 * attempts still being checked (their outcome unknown: the owner's parallel requests with the
 * right password are such) waits for them to end, up to PENDING_WAIT_MS, and counts again; only
 * failures refuse at once. A reservation left by a crashed process counts as a failure until its
 * window passes.
 */

/** How long an attempt waits for other attempts still being checked before it is refused (under HTTP_IDLE_TIMEOUT_S). */
export const PENDING_WAIT_MS = 20_000;

/**
 * Reserves and admits an attempt: its reservation when it may be checked, otherwise null and the
 * moment its refusal ends. `blocked(reservation, true)` is when the limit ends counting the other
 * attempts still being checked, `blocked(reservation, false)` counting failures only (0 = not
 * blocked). An attempt that waits gives its reservation up meanwhile, so waiting attempts never
 * hold each other up.
 */
export async function admitAttempt(
  db: Kysely<Database>,
  reserve: () => Promise<number>,
  blocked: (reservation: number, withPending: boolean) => Promise<number>,
): Promise<{ reservation: number; until: 0 } | { reservation: null; until: number }> {
  const deadline = Date.now() + PENDING_WAIT_MS;
  for (;;) {
    const reservation = await reserve();
    try {
      const withPending = await blocked(reservation, true);
      if (withPending <= Date.now()) return { reservation, until: 0 };
      const failuresOnly = await blocked(reservation, false);
      await dropReservation(db, reservation);
      if (failuresOnly > Date.now()) return { reservation: null, until: failuresOnly };
      if (Date.now() >= deadline) return { reservation: null, until: withPending };
    } catch (err) {
      await dropReservation(db, reservation).catch(() => undefined);
      throw err;
    }
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
  }
}

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
