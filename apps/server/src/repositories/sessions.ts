import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

export async function insertSession(
  db: Kysely<Database>,
  values: {
    token_hash: string;
    user_id: number;
    expires_at: string;
    ip: string | null;
    user_agent: string | null;
  },
) {
  const now = nowIso();
  return db
    .insertInto('sessions')
    .values({ ...values, created_at: now, last_seen_at: now })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The session a token hash names, with its user, in one query: this runs on every request. */
export function findSessionWithUser(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.revoked_at as session_revoked_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeSession(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except optionally the one making the request. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
