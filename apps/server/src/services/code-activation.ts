import type { Kysely } from 'kysely';
import { RESIDENT_ROLE } from '@balai/domain';
import { NO_EMAIL_DOMAIN } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { nowIso } from '../lib/time.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { findCodeByHash, markCodeUsed } from '../repositories/activation-codes.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import { revokeUserSessions } from '../repositories/sessions.ts';
import {
  findUniqueClashes,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from '../repositories/users.ts';
import { FAILURE, admit, biodata, findCandidate } from './activation.ts';
import { codeHash, codeState } from './activation-codes.ts';
import { dropReservation, reservationFailed } from './attempts.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';

// Using an activation code (issue 21.2, ADR 0029): the person's account opened, verified, or a
// new password for the account they have. Making codes is services/activation-codes.ts.

/** The one answer to a code that cannot be used, whatever the reason (kept in the audit only). */
export const CODE_REFUSED =
  'Kode aktivasi tidak dapat dipakai. Periksa kembali kodenya; jika sudah benar, minta kode baru ke kantor desa.';

export interface CodeActivationRequest {
  code: string;
  phone?: string | undefined;
  email?: string | undefined;
  password: string;
}

/**
 * Uses a code: a new account for the person (verified: the office saw the KTP), or, when the
 * person has one, a new password for it (verified too; its sessions end; the phone or e-mail
 * given replace the old ones). Every refusal is the one generic 422 after the same work.
 */
export async function activateWithCode(
  db: Kysely<Database>,
  input: CodeActivationRequest,
  ip: string,
): Promise<{ user: UserRow; reset: boolean }> {
  const hash = codeHash(input.code);
  const reservation = await admit(db, sha256Hex(`activation-code:${input.code}`).slice(0, 40), ip);
  let recorded = false;
  const fail = async (reason: string, status = 422, field?: string, message = CODE_REFUSED) => {
    await reservationFailed(db, reservation, { action: FAILURE, detail: { reason } });
    recorded = true;
    throw new HttpError(status, message, field ? { [field]: [message] } : undefined);
  };
  try {
    await assertAcceptablePassword(input.password, input);
    const [passwordHash, code] = await Promise.all([
      hashPassword(input.password),
      findCodeByHash(db, hash),
    ]);
    const now = nowIso();
    if (!code) return await fail('unknown_code');
    const state = codeState(code, now);
    if (state !== 'open') return await fail(`code_${state}`);
    const person = await db
      .selectFrom('register_persons')
      .select(['nik', 'life_status'])
      .where('id', '=', code.person_id)
      .executeTakeFirstOrThrow();
    if (person.life_status !== 'hidup') return await fail('not_living');
    const candidate = await findCandidate(db, person.nik);
    if (!candidate) return await fail('not_living');
    const existingId = candidate.linked_user ?? candidate.nik_user;
    const existing = existingId !== null ? await findUserById(db, existingId) : undefined;
    if (existing && !existing.active) return await fail('inactive_account');
    if (input.email) {
      const clash = (await findUniqueClashes(db, { email: input.email }, existing?.id)).email;
      if (clash) {
        await fail('email_taken', 422, 'email', 'E-mail sudah dipakai akun lain.');
      }
    }
    const verifiedBy = code.created_by;
    try {
      const user = await db.transaction().execute(async (trx) => {
        let row: UserRow;
        if (existing) {
          row = await updateUser(trx, existing.id, {
            password_hash: passwordHash,
            register_person_id: candidate.id,
            register_matched_at: existing.register_matched_at ?? now,
            ...(existing.identity_verified_at
              ? {}
              : { identity_verified_at: now, identity_verified_by: verifiedBy }),
            ...(input.phone ? { phone: input.phone } : {}),
            ...(input.email ? { email: input.email } : {}),
          });
          await revokeUserSessions(trx, existing.id);
        } else {
          row = await insertUser(trx, {
            ...biodata(candidate),
            email: input.email ?? `warga-${candidate.id}@${NO_EMAIL_DOMAIN}`,
            phone: input.phone ?? null,
            password_hash: passwordHash,
            role: RESIDENT_ROLE,
            register_person_id: candidate.id,
            register_matched_at: now,
            identity_verified_at: now,
            identity_verified_by: verifiedBy,
          });
        }
        // Conditional: of two simultaneous uses of one code, one wins; the other rolls back.
        if (!(await markCodeUsed(trx, code.id, row.id, now))) throw new CodeTaken();
        await writeAudit(trx, {
          action: 'activation_code.used',
          user_id: row.id,
          subject_type: 'activation_code',
          subject_id: code.id,
          ip,
          detail: { person_id: code.person_id, outcome: existing ? 'password_reset' : 'activated' },
        });
        if (!existing) {
          await writeAudit(trx, {
            action: 'account.activated',
            user_id: row.id,
            subject_type: 'user',
            subject_id: row.id,
            ip,
            detail: { register_person_id: candidate.id, by: 'code', code_id: code.id },
          });
        }
        return row;
      });
      await dropReservation(db, reservation);
      return { user, reset: existing !== undefined };
    } catch (err) {
      if (err instanceof CodeTaken || isUniqueViolation(err)) return await fail('code_race');
      throw err;
    }
  } catch (err) {
    if (!(err instanceof HttpError)) await dropReservation(db, reservation).catch(() => undefined);
    else if (!recorded) {
      await reservationFailed(db, reservation, {
        action: FAILURE,
        detail: { reason: 'input' },
      }).catch(() => undefined);
    }
    throw err;
  }
}

class CodeTaken extends Error {}
