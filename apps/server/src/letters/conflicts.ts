/** The errors a change to a letter request answers with when the request is not as expected. */
import type { Kysely } from 'kysely';
import { LETTER_STATUS_LABELS } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { conflict, notFound, type HttpError } from '../lib/http-error.ts';
import { findLetterRequest } from '../repositories/letter-requests.ts';

export const REQUEST_NOT_FOUND = 'Permohonan surat tidak ditemukan.';

/** The 409 for a change that lost a race, or a 404 if the request is gone meanwhile. */
export async function staleConflict(db: Kysely<Database>, id: number): Promise<HttpError> {
  const now = await findLetterRequest(db, id);
  if (!now) return notFound(REQUEST_NOT_FOUND);
  return conflict(
    `Permohonan ini baru saja diubah oleh pengguna lain (status sekarang: "${LETTER_STATUS_LABELS[now.status]}"). Muat ulang halaman lalu coba lagi.`,
  );
}
