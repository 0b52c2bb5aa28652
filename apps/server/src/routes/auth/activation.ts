import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPaths,
  activationAnswerSchema,
  activationSchema,
  apiRoute,
  responses,
} from '@balai/domain/contract';
import { activateAccount } from '../../services/activation.ts';
import { openSession } from '../../services/sign-in.ts';

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
      return openSession(app, request, user);
    },
  );
};

export default activationRoutes;
