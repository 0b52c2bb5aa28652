/**
 * What filing and changing a letter request both check first: which request the user may see,
 * and the 422 for an applicant whose profile lacks what a letter needs.
 */
import type { Kysely } from 'kysely';
import { can, msg, type ApplicantField, type LetterType } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { findLetterRequest, type LetterRequestRow } from '../repositories/letter-requests.ts';
import type { UserRow } from '../repositories/users.ts';
import { REQUEST_NOT_FOUND } from './conflicts.ts';

/** An applicant block typed by an administrator (the output of `applicantSchema`). */
export type ApplicantInput = Partial<Record<ApplicantField, unknown>>;

/**
 * The request at this type's base that the user may see. A resident sees only their own; a
 * request of another resident, of another type, or that does not exist is the same 404.
 */
export async function findVisibleRequest(
  db: Kysely<Database>,
  type: LetterType,
  user: UserRow,
  id: number,
): Promise<LetterRequestRow> {
  const row = await findLetterRequest(db, id);
  if (!row || row.type !== type.code) throw notFound(REQUEST_NOT_FOUND);
  if (!can(user, 'admin.access') && row.applicant_user_id !== user.id) {
    throw notFound(REQUEST_NOT_FOUND);
  }
  return row;
}

export function profileIncomplete(missing: string[], whose: 'own' | string): HttpError {
  const list = missing.join(', ');
  const message =
    whose === 'own'
      ? `Lengkapi profil Anda sebelum mengajukan surat. Data yang belum diisi: ${list}.`
      : `Profil ${whose} belum lengkap untuk mengajukan surat. Data yang belum diisi: ${list}.`;
  return new HttpError(422, message, {
    [whose === 'own' ? 'profile' : 'applicant_id']: missing.map((label) => msg.required(label)),
  });
}
