import type { Kysely } from 'kysely';
import {
  USER_IDENTITY_FIELD_NAMES,
  USER_LABELS,
  identityLockedMessage,
  type UserIdentityField,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import type { UserRow } from '../repositories/users.ts';

/**
 * Verified identities (issue 11.6). The office checks a resident's name, NIK, No. KK, birth
 * place and date against the KTP and KK and marks the identity verified; from then on the
 * resident cannot change those fields, only an administrator can, and every change of an
 * identity field, by anyone, is audited with its old and new value (NIK and No. KK masked).
 */

export const identityVerified = (user: Pick<UserRow, 'identity_verified_at'>): boolean =>
  user.identity_verified_at !== null;

/** Numbers that identify a person on their own: only the last 4 digits go into the audit log. */
const MASKED: ReadonlySet<UserIdentityField> = new Set(['nik', 'kk_number']);

/** "3201014506900002" → "************0002"; other values as they are. */
export function auditValue(field: UserIdentityField, value: string | null): string | null {
  if (value === null || !MASKED.has(field)) return value;
  return value.length <= 4
    ? '*'.repeat(value.length)
    : '*'.repeat(value.length - 4) + value.slice(-4);
}

export interface IdentityChange {
  field: UserIdentityField;
  old: string | null;
  new: string | null;
}

/**
 * The identity fields a write really changes: fields sent with the value they already have
 * (a form sending everything back) are no change.
 */
export function identityChanges(
  before: Pick<UserRow, UserIdentityField>,
  values: Partial<Record<string, unknown>>,
): IdentityChange[] {
  const out: IdentityChange[] = [];
  for (const field of USER_IDENTITY_FIELD_NAMES) {
    if (!(field in values) || values[field] === undefined) continue;
    const next = (values[field] as string | null) ?? null;
    const old = before[field] ?? null;
    if (next !== old) out.push({ field, old, new: next });
  }
  return out;
}

/**
 * The 422 a verified resident gets for changing an identity field of their own profile: one
 * message per field, saying how to get it corrected.
 */
export function refuseLockedIdentity(
  user: Pick<UserRow, UserIdentityField | 'identity_verified_at'>,
  values: Partial<Record<string, unknown>>,
): void {
  if (!identityVerified(user)) return;
  const changes = identityChanges(user, values);
  if (changes.length === 0) return;
  const errors = Object.fromEntries(
    changes.map((c) => [c.field, [identityLockedMessage(USER_LABELS[c.field] ?? c.field)]]),
  );
  throw new HttpError(422, errors[changes[0]!.field]![0]!, errors);
}

/** One audit row for the identity fields a write changed (none when nothing changed). */
export async function auditIdentityChanges(
  db: Kysely<Database>,
  entry: { actorId: number; subjectId: number; ip: string; changes: IdentityChange[] },
): Promise<void> {
  if (entry.changes.length === 0) return;
  await writeAudit(db, {
    action: 'user.identity.change',
    user_id: entry.actorId,
    subject_type: 'user',
    subject_id: entry.subjectId,
    ip: entry.ip,
    detail: {
      changes: Object.fromEntries(
        entry.changes.map((c) => [
          c.field,
          { old: auditValue(c.field, c.old), new: auditValue(c.field, c.new) },
        ]),
      ),
    },
  });
}
