/**
 * The signer's own confirmation (issue 15, issue 18): the account's password or signing PIN,
 * checked like a signature passphrase before a letter is approved, a PIN is set, or the Kepala
 * Desa changes who signs, the away dates, the approvals or a signer's account (ADR 0020). The
 * lock-out around each check is services/signing-lockout.ts.
 */
import type { Kysely } from 'kysely';
import { WRONG_PASSWORD, WRONG_PIN, type Confirmation, type Decision } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError, forbidden, invalidField } from '../lib/http-error.ts';
import type { UserRow } from '../repositories/users.ts';
import { verifyPassword } from './passwords.ts';
import { beginConfirmAttempt, confirmEnded, confirmFailed } from './signing-lockout.ts';

export type ConfirmMethod = 'password' | 'pin';

/**
 * Checks the account's password or PIN (the PIN when one is given), within the account's
 * lock-out (429 once locked). A wrong one is a 422 on `field(method)` (by default the method's
 * own name) and counts as a failure (`signing.confirm_failed`).
 */
export async function confirmSigner(
  db: Kysely<Database>,
  actor: { user: UserRow; ip: string },
  given: { password?: string | undefined; pin?: string | undefined },
  field: (method: ConfirmMethod) => string = (method) => method,
): Promise<ConfirmMethod> {
  const { user, ip } = actor;
  const method: ConfirmMethod = given.pin !== undefined ? 'pin' : 'password';
  if (method === 'pin' && user.signing_pin_hash === null) {
    throw invalidField(
      field('pin'),
      'Anda belum membuat PIN. Gunakan kata sandi, atau buat PIN lebih dulu.',
    );
  }
  const attempt = await beginConfirmAttempt(db, user.id, ip);
  let ok = false;
  try {
    ok =
      method === 'pin'
        ? await verifyPassword(user.signing_pin_hash, given.pin ?? '')
        : await verifyPassword(user.password_hash, given.password ?? '');
  } finally {
    await (ok ? confirmEnded(db, attempt) : confirmFailed(db, attempt, method));
  }
  if (!ok) throw invalidField(field(method), method === 'pin' ? WRONG_PIN : WRONG_PASSWORD);
  return method;
}

/**
 * Acts on the permission policy's decision (packages/domain/src/policy.ts): nothing to do when
 * allowed; the refusal's status and message when refused; when the change needs this person's
 * own confirmation, a 403 without one, else their password or PIN from `confirmation` checked
 * (422 on `confirmation.password` / `confirmation.pin` when wrong). Answers how it was confirmed,
 * or null when no confirmation was needed.
 */
export async function authorize(
  db: Kysely<Database>,
  actor: { user: UserRow; ip: string },
  decision: Decision,
  confirmation: Confirmation | undefined,
): Promise<ConfirmMethod | null> {
  refuseDenied(decision);
  if (decision.outcome === 'allow') return null;
  if (!confirmation) throw forbidden(decision.message);
  return confirmSigner(db, actor, confirmation, (method) => `confirmation.${method}`);
}

/** Throws the policy's refusal, before the rest of a request is even checked. */
export function refuseDenied(decision: Decision): void {
  if (decision.outcome === 'deny') throw new HttpError(decision.status, decision.message);
}
