/**
 * A resident's new NIK goes to the office (issue 18.9, docs/letters.md "Profil: NIK"). Saving it
 * straight away answered "NIK ini sudah terdaftar pada pengguna lain" for a NIK someone else
 * holds and 200 otherwise: anyone signed in could test whether a NIK is registered. Now every
 * change of one's own NIK gets the same answer — recorded, to be checked by the office against
 * the KTP — whoever holds that NIK, and the office applies it in the user's data.
 */
import type { Kysely } from 'kysely';
import { maskIdNumber } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import { notifyActiveAdmins } from '../repositories/notifications.ts';
import type { UserRow } from '../repositories/users.ts';

/** Requests a resident may make in NIK_REQUEST_WINDOW_MS. */
export const NIK_REQUESTS = 3;
export const NIK_REQUEST_WINDOW_MS = 24 * 60 * 60_000;
const ACTION = 'profile.nik_requested';

/** What the resident is told, the same whatever NIK they typed. */
export function nikRequestedMessage(nik: string): string {
  return `Perubahan NIK menjadi ${maskIdNumber(nik)} dicatat dan akan diperiksa petugas desa. Bawa KTP Anda ke kantor desa; NIK di profil diganti setelah diperiksa.`;
}

/**
 * Records the request and tells the office; past NIK_REQUESTS in the window a 429. The row is
 * written before it is counted (as services/attempts.ts does), so parallel requests cannot pass
 * the bound: of those let through, the last to count saw all the others.
 */
export async function requestNikChange(
  db: Kysely<Database>,
  user: UserRow,
  nik: string,
  ip: string,
): Promise<void> {
  const now = new Date();
  const id = await writeAudit(db, {
    action: ACTION,
    user_id: user.id,
    subject_type: 'user',
    subject_id: user.id,
    ip,
    detail: { nik: maskIdNumber(nik) },
    at: now.toISOString(),
  });
  const since = new Date(now.getTime() - NIK_REQUEST_WINDOW_MS).toISOString();
  const counted = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', ACTION)
    .where('subject_id', '=', user.id)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(counted.n) > NIK_REQUESTS) {
    await db.deleteFrom('audit_log').where('id', '=', id).execute();
    throw new HttpError(
      429,
      `Perubahan NIK sudah diajukan ${NIK_REQUESTS} kali dalam 24 jam. Silakan datang ke kantor desa dengan membawa KTP Anda.`,
      undefined,
      { 'retry-after': String(Math.ceil(NIK_REQUEST_WINDOW_MS / 1000)) },
    );
  }
  await notifyActiveAdmins(db, {
    title: `Perubahan NIK diajukan: ${user.name}`.slice(0, 150),
    body: `${user.name} mengajukan NIK baru berakhiran ${nik.slice(-4)}. Periksa KTP-nya, lalu ubah NIK pada data pengguna.`,
    link: `/admin/user/${user.id}/edit`,
    letter_request_id: null,
    created_at: now.toISOString(),
  });
}
