import type { Kysely } from 'kysely';
import {
  decide,
  SIGNER_ACCOUNT_FIELDS,
  type Decision,
  type PolicyUser,
  type SigningSetup,
} from '@balai/domain';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import type { UserRow } from '../../repositories/users.ts';
import { refuseDenied, type ConfirmMethod } from '../../services/signing-confirmation.ts';
import { accountChangedNotice, noticeSigners } from '../../services/signing-notices.ts';

// The accounts that sign (issue 18, ADR 0020): who may change a signer's account or make someone
// a Kepala Desa is the permission policy's answer (packages/domain/src/policy.ts); this applies
// it to the users API, and records and tells the Kepala Desa of each such change.

type Next = Omit<PolicyUser, 'id'>;

/**
 * The fields of a signer's account (SIGNER_ACCOUNT_FIELDS) this update really changes: a new
 * password always, the others when their value differs. The admin form sends every field, so
 * a field sent unchanged is no change.
 */
export function signerFieldsChanged(
  target: UserRow,
  body: Partial<Record<string, unknown>>,
  next: Next,
): string[] {
  const now: Record<string, unknown> = {
    email: target.email,
    name: target.name,
    nip: target.nip,
    position: target.position,
    active: Boolean(target.active),
    role: target.role,
  };
  const after: Record<string, unknown> = {
    ...now,
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    position: next.position,
    active: Boolean(next.active),
    role: next.role,
  };
  return SIGNER_ACCOUNT_FIELDS.filter((f) =>
    f === 'password'
      ? typeof body.password === 'string' && body.password !== ''
      : (after[f] ?? null) !== (now[f] ?? null),
  );
}

/** The policy's decision about this update of `target` (before anything else is checked). */
export function updateDecision(
  actor: UserRow,
  setup: SigningSetup,
  target: UserRow,
  next: Next,
  fields: readonly string[],
): Decision {
  const decision = decide(actor, 'user.update', { setup, target, next, fields });
  refuseDenied(decision);
  return decision;
}

/** The policy's decision about creating an account that would be `next`. */
export function createDecision(actor: UserRow, setup: SigningSetup, next: Next): Decision {
  const decision = decide(actor, 'user.create', { setup, next });
  refuseDenied(decision);
  return decision;
}

/**
 * A change that needed the Kepala Desa's confirmation: an audit row `signing.signer_account`
 * (who, which account, which fields, how confirmed) and a notice to the Kepala Desa; answers
 * its e-mail, queued in the same transaction (issue 22).
 */
export async function recordSignerChange(
  trx: Kysely<Database>,
  input: {
    actor: UserRow;
    ip: string;
    setup: SigningSetup;
    account: { id: number; name: string };
    fields: readonly string[];
    method: ConfirmMethod;
    created?: boolean;
    publicUrl: string;
  },
): Promise<void> {
  await writeAudit(trx, {
    action: 'signing.signer_account',
    user_id: input.actor.id,
    subject_type: 'user',
    subject_id: input.account.id,
    ip: input.ip,
    detail: {
      fields: [...input.fields],
      confirmed_by: input.method,
      ...(input.created ? { created: true } : {}),
    },
  });
  await noticeSigners(
    trx,
    [input.setup.head_user_id],
    accountChangedNotice(input.actor.name, input.account, input.fields, input.created),
    input.publicUrl,
  );
}
