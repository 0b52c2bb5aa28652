import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isoPlus } from '../lib/time.ts';
import { recentFailures } from '../repositories/audit-log.ts';
import {
  admitAttempt,
  blockedUntil,
  dropReservation,
  pendingAction,
  reservationFailed,
  reserveAttempt,
} from './attempts.ts';

/**
 * The lock-out of a signer's password or PIN checks (docs/signing.md, issue 18.5): after
 * CONFIRM_FAILURES failures in CONFIRM_WINDOW_MS the account's checks are refused (429) until the
 * window passes, whatever the address — a stolen session must not become a way to guess them.
 * Each check is recorded before it runs (services/attempts.ts), so 200 parallel requests check at
 * most CONFIRM_FAILURES secrets.
 */

/** Failed password or PIN checks per account in the window before the next check is refused. */
export const CONFIRM_FAILURES = 10;
export const CONFIRM_WINDOW_MS = 15 * 60_000;
export const CONFIRM_FAILED = 'signing.confirm_failed';
const KIND = 'signing.confirm';
const COUNTED = [CONFIRM_FAILED, pendingAction(KIND)] as const;

/** A check let through: its reservation, to end with `confirmFailed` or `confirmEnded`. */
export interface ConfirmAttempt {
  userId: number;
  reservation: number;
}

/** Records the check about to run, or refuses it (429 with Retry-After) while the account is locked. */
export async function beginConfirmAttempt(
  db: Kysely<Database>,
  userId: number,
  ip: string,
): Promise<ConfirmAttempt> {
  const key = `user:${userId}`;
  const { reservation, until } = await admitAttempt(
    db,
    () =>
      reserveAttempt(db, KIND, {
        user_id: userId,
        subject_type: 'user',
        subject_id: userId,
        subject_key: key,
        ip,
      }),
    async (except, withPending) =>
      blockedUntil(
        await recentFailures(db, {
          action: withPending ? COUNTED : [CONFIRM_FAILED],
          since: isoPlus(-CONFIRM_WINDOW_MS),
          subjectKey: key,
          except,
        }),
        CONFIRM_FAILURES,
        CONFIRM_WINDOW_MS,
      ),
  );
  if (reservation === null) {
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw new HttpError(
      429,
      `Terlalu banyak percobaan kata sandi atau PIN. Silakan coba lagi dalam ${Math.ceil(seconds / 60)} menit.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  return { userId, reservation };
}

/** The password or PIN was wrong: the reservation becomes the `signing.confirm_failed` row. */
export function confirmFailed(
  db: Kysely<Database>,
  attempt: ConfirmAttempt,
  method: 'password' | 'pin',
): Promise<void> {
  return reservationFailed(db, attempt.reservation, {
    action: CONFIRM_FAILED,
    user_id: attempt.userId,
    subject_type: 'user',
    subject_id: attempt.userId,
    detail: { method },
  });
}

/** The check passed (or never ran): the reservation no longer counts. */
export function confirmEnded(db: Kysely<Database>, attempt: ConfirmAttempt): Promise<void> {
  return dropReservation(db, attempt.reservation);
}
