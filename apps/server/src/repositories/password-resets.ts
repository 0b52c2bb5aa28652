import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

/** Reset links sent to one account per hour, by e-mail and WhatsApp together, whoever asks. */
export const RESET_LINKS_PER_HOUR = 3;

export async function insertPasswordReset(
  db: Kysely<Database>,
  values: { user_id: number; token_hash: string; expires_at: string },
) {
  await db
    .insertInto('password_resets')
    .values({ ...values, created_at: nowIso() })
    .execute();
}

export function findPasswordReset(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a reset used; false when another request used it first (single use under concurrency). */
export async function consumePasswordReset(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends every outstanding reset link of a user (marks them used): after a reset or a password
 * change, no older link may set the password again (issue 14.3).
 */
export async function endPasswordResets(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** How many reset links a user was sent since a moment (bounds the e-mails to one address). */
export async function countPasswordResetsSince(
  db: Kysely<Database>,
  userId: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
