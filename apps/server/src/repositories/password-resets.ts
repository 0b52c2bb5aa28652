import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

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
