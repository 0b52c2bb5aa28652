import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPaths,
  activationAnswerSchema,
  activationSchema,
  apiRoute,
  codeActivationSchema,
  responses,
} from '@balai/domain/contract';
import { activateAccount } from '../../services/activation.ts';
import { activateWithCode } from '../../services/code-activation.ts';
import { openSession } from '../../services/sign-in.ts';

/**
 * `POST /api/account/activate`: a resident's own account from the register (issue 21);
 * `POST /api/account/activate-code`: with a code from the office's slip (ADR 0029).
 */
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

  app.post(
    apiRoute(accountPaths.activateCode),
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary:
          'Mengaktifkan akun dengan kode aktivasi dari kantor desa (akun terverifikasi); untuk akun yang sudah ada, kode mengganti kata sandinya',
        body: codeActivationSchema,
        response: responses({ 200: activationAnswerSchema }),
      },
    },
    async (request) => {
      const { code, phone, email, password } = request.body;
      const { user } = await activateWithCode(app.db, { code, phone, email, password }, request.ip);
      return openSession(app, request, user);
    },
  );
};

export default activationRoutes;
