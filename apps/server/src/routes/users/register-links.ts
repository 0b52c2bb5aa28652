import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  registerLinkPaths,
  registerMatchAnswer,
  responses,
  unmatchedAccountsAnswer,
} from '@balai/domain/contract';
import { matchAccountsByNik, unmatchedAccounts } from '../../repositories/register-links.ts';
import { currentAuth } from '../../types.ts';

/** How many unlinked accounts the office's list shows (the oldest first; `total` counts all). */
const LISTED = 200;

/**
 * Resident accounts and the register (issue 21): the accounts not linked to a register person,
 * each with the reason, and matching them by NIK again (also done after every import). The
 * parent plugin has authenticated the user and required an administrator.
 */
const registerLinkUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  app.get(
    apiRoute(registerLinkPaths.unmatched),
    {
      schema: {
        tags: ['Pengguna'],
        summary: 'Akun warga yang belum terhubung ke buku induk, dengan alasannya (NIK disamarkan)',
        security,
        response: responses({ 200: unmatchedAccountsAnswer }),
      },
    },
    async () => {
      const { rows, total } = await unmatchedAccounts(app.db, LISTED);
      return { data: rows, total };
    },
  );

  app.post(
    apiRoute(registerLinkPaths.match),
    {
      schema: {
        tags: ['Pengguna'],
        summary:
          'Mencocokkan akun warga dengan buku induk menurut NIK (akun mengikuti data buku induk)',
        security,
        response: responses({ 200: registerMatchAnswer }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      const matched = await app.db
        .transaction()
        .execute((trx) => matchAccountsByNik(trx, { userId: user.id, ip: request.ip }));
      return {
        matched: matched.length,
        message:
          matched.length === 0
            ? 'Tidak ada akun baru yang cocok dengan buku induk.'
            : `${matched.length} akun dicocokkan dengan buku induk.`,
      };
    },
  );
};

export default registerLinkUserRoutes;
