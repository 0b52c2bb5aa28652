/**
 * Types the letter modules share (workflow.ts, issuing.ts and their callers), kept apart so
 * that neither of those two has to import the other for them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SubmissionCaps } from '../repositories/letter-submissions.ts';
import type { UserRow } from '../repositories/users.ts';

export interface WorkflowDeps {
  db: Kysely<Database>;
  /** Where the public site lives; the QR code opens `${publicUrl}/verify/{token}`. */
  publicUrl: string;
  /** Caps on a resident's own submissions (issue 14.7); absent: none. */
  caps?: SubmissionCaps;
}

/** Who acts, and from which address (for the audit log). */
export interface Actor {
  user: UserRow;
  ip: string;
}
