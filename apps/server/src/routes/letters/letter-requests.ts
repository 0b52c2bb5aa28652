import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_CODES } from '@balai/domain';
import { currentAuth } from '../../types.ts';
import { responses } from '../schemas.ts';
import { listRequestsPage } from './list-requests.ts';
import {
  datesInOrder,
  letterListFields,
  letterListMetaSchema,
  letterRequestSchema,
} from './schemas.ts';

const query = datesInOrder(
  letterListFields.extend({
    type: z
      .enum(LETTER_CODES, {
        error: `Jenis surat harus salah satu dari: ${LETTER_CODES.join(', ')}.`,
      })
      .optional(),
  }),
);

/**
 * `GET /api/letter-requests`: requests of every type in one list, for the resident's letter
 * history (their own) and the office's overview (all).
 */
const letterRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/letter-requests',
    {
      schema: {
        tags: ['Layanan'],
        summary:
          'Permohonan surat semua jenis (warga: miliknya sendiri; admin: semua, dengan filter)',
        security: [{ bearerAuth: [] }],
        querystring: query,
        response: responses({
          200: z.object({ data: z.array(letterRequestSchema), meta: letterListMetaSchema }),
        }),
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
