import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPaths,
  activationAnswerSchema,
  activationSchema,
  apiRoute,
  responses,
} from '@balai/domain/contract';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { isoPlus } from '../../lib/time.ts';
import { insertSession } from '../../repositories/sessions.ts';
import { toApiUser } from '../../repositories/users.ts';
import { activateAccount } from '../../services/activation.ts';

/** `POST /api/account/activate`: a resident's own account from the register (issue 21). */
const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiRoute(accountPaths.activate),
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Mengaktifkan akun warga dengan NIK, No. KK, dan tanggal lahir dari buku induk',
        body: activationSchema,
        response: responses({ 200: activationAnswerSchema }),
      },
    },
    async (request) => {
      const { nik, kk_number, birth_date, phone, email, password } = request.body;
      const user = await activateAccount(
        app.db,
        { nik, kk_number, birth_date, phone, email, password },
        request.ip,
      );
      // Signed in at once: the same answer as POST /api/login.
      const token = newToken(32);
      const session = await insertSession(app.db, {
        token_hash: sha256Hex(token),
        user_id: user.id,
        expires_at: isoPlus(app.config.SESSION_TTL_HOURS * 3_600_000),
        ip: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, 255) ?? null,
      });
      return { data: { token, expires_at: session.expires_at, user: toApiUser(user) } };
    },
  );
};

export default activationRoutes;
