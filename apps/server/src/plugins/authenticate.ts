import { can } from '@balai/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSessionWithUser, touchSession } from '../repositories/sessions.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

// Writing last_seen_at on every request would turn each read into a write; a minute of
// slack on a 30-minute idle limit is invisible to people.
const TOUCH_EVERY_MS = 60_000;

/** Reads the bearer token, if any, into `request.auth`. Never fails: routes decide. */
export async function resolveAuth(request: FastifyRequest): Promise<'none' | 'bad' | 'ok'> {
  const header = request.headers.authorization;
  if (!header) return 'none';
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  if (!match?.[1]) return 'bad';
  const app = request.server;
  const row = await findSessionWithUser(app.db, sha256Hex(match[1]));
  if (!row) return 'bad';
  const now = Date.now();
  const idleLimit = app.config.SESSION_IDLE_MINUTES * 60_000;
  if (
    row.session_revoked_at !== null ||
    Date.parse(row.session_expires_at) <= now ||
    Date.parse(row.session_last_seen_at) + idleLimit <= now ||
    !row.active
  ) {
    return 'bad';
  }
  if (Date.parse(row.session_last_seen_at) + TOUCH_EVERY_MS <= now) {
    await touchSession(app.db, row.session_id, new Date(now).toISOString());
  }
  const {
    session_id,
    session_expires_at: _e,
    session_last_seen_at: _l,
    session_revoked_at: _r,
    ...user
  } = row;
  request.auth = { user, sessionId: session_id };
  return 'ok';
}

/** onRequest hook for route folders that need a signed-in user. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const result = await resolveAuth(request);
  if (result === 'none') throw unauthorized('Silakan masuk terlebih dahulu.');
  if (result === 'bad')
    throw unauthorized('Sesi Anda tidak valid atau telah berakhir. Silakan masuk kembali.');
}

/** onRequest hook for admin-only route folders (after authenticate). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.auth?.user;
  if (!user || !can(user, 'admin.access'))
    throw forbidden('Hanya administrator yang dapat melakukan tindakan ini.');
}
