import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  letterPaths,
  letterRequestPageSchema,
  letterRequestsQuery,
  responses,
} from '@balai/domain/contract';
import { currentAuth } from '../../types.ts';
import { listRequestsPage } from './list-requests.ts';

/**
 * `GET /api/letter-requests`: requests of every type in one list, for the resident's letter
 * history (their own) and the office's overview (all).
 */
const letterRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(letterPaths.requests),
    {
      schema: {
        tags: ['Layanan'],
        summary:
          'Permohonan surat semua jenis (warga: miliknya sendiri; admin: semua, dengan filter)',
        security: [{ bearerAuth: [] }],
        querystring: letterRequestsQuery,
        response: responses({ 200: letterRequestPageSchema }),
      },
    },
    async (request) =>
      listRequestsPage(
        { db: app.db, publicUrl: app.config.PUBLIC_URL },
        currentAuth(request).user,
        request.query,
        request.query.type,
      ),
  );
};

export default letterRequestsRoutes;
