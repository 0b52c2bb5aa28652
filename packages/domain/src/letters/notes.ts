import { ADMIN_ROLE, type Role } from '../roles.ts';
import type { LetterStatus } from './statuses.ts';

/**
 * Who a request's note is for (issue 18.2, docs/letters.md "Catatan"). A note is written with a
 * status change and belongs to the status it moved the request to; that status decides, in
 * this one place, whether the resident may read it:
 *
 * - for the resident: the reason of Minta Dilengkapi (`needs_revision`) and of Tolak
 *   (`rejected`), a note with the issued letter (`completed`), the resident's own note when they
 *   cancel (`cancelled`) and a note with a resubmission (`submitted`);
 * - internal, for the office only: the clerk's note to the signer when sending for signature
 *   (`awaiting_signature`), the signer's return note (back to `processing`) and any note written
 *   while the office works on the letter (`processing`).
 *
 * Internal notes never leave the office: not in a resident's API answer (`note`,
 * `events[].note`, lists), notice or e-mail. The clerk and the signer see every note.
 */
export const INTERNAL_NOTE_STATUSES: readonly LetterStatus[] = ['processing', 'awaiting_signature'];

/** True when a note written moving a request to `status` is the office's own. */
export function noteIsInternal(status: LetterStatus): boolean {
  return INTERNAL_NOTE_STATUSES.includes(status);
}

/** The note as someone with `role` may read it: an internal note is null for a resident. */
export function noteFor<T extends string | null>(
  role: Role,
  status: LetterStatus,
  note: T,
): T | null {
  return role === ADMIN_ROLE || !noteIsInternal(status) ? note : null;
}
