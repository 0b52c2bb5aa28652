import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginAnswer } from '@balai/domain/contract';
import { isoPlus } from '../lib/time.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { insertSession } from '../repositories/sessions.ts';
import { toApiUser, type UserRow } from '../repositories/users.ts';

/** A new session for `user` from this request: the answer of a sign-in (login, activation). */
export async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<LoginAnswer> {
  const token = newToken(32);
  const session = await insertSession(app.db, {
    token_hash: sha256Hex(token),
    user_id: user.id,
    expires_at: isoPlus(app.config.SESSION_TTL_HOURS * 3_600_000),
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 255) ?? null,
  });
  return { data: { token, expires_at: session.expires_at, user: toApiUser(user) } };
}
