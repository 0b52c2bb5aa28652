import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Dialect } from './db/database.ts';
import type { UserRow } from './repositories/users.ts';
import type { Mailer } from './services/mailer.ts';
import type { RedisLink } from './lib/redis.ts';

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    mailer: Mailer;
    /** The shared counts' Redis (REDIS_URL), or null; see lib/redis.ts for its fallback. */
    redis: RedisLink | null;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in user of a route behind `authenticate`; the hook guarantees it is there. */
export function currentAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('currentAuth used on a route without authenticate');
  return request.auth;
}
