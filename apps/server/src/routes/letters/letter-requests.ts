import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_CODES } from '@balai/domain';
import { meta, metaSchema } from '../../lib/pagination.ts';
import { listLetterRequests } from '../../repositories/letter-requests.ts';
import { currentAuth } from '../../types.ts';
import { responses } from '../schemas.ts';
import { dateBounds, letterListQuery, letterRequestSchema, toApiLetterRequest } from './schemas.ts';

const query = letterListQuery.extend({
  type: z
    .enum(LETTER_CODES, { error: `Jenis surat harus salah satu dari: ${LETTER_CODES.join(', ')}.` })
    .optional(),
});

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
          200: z.object({ data: z.array(letterRequestSchema), meta: metaSchema }),
        }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const q = request.query;
      const { start, end } = dateBounds(q.from, q.to);
      const isAdmin = user.role === 'ADMINISTRATOR';
      const { rows, total } = await listLetterRequests(app.db, {
        type: q.type,
        statuses: q.status,
        applicantUserId: isAdmin ? q.applicant_id : user.id,
        createdFrom: start,
        createdBefore: end,
        search: q.search,
        sort: q.sort === 'created_at' ? 'oldest' : 'newest',
        page: q.page,
        perPage: q.per_page,
      });
      const data = rows.map((r) =>
        toApiLetterRequest(
          r,
          user,
          app.config.PUBLIC_URL,
          r.pdf_history_id !== null && r.pdf_sha256 !== null
            ? { id: r.pdf_history_id, sha256: r.pdf_sha256 }
            : null,
        ),
      );
      return { data, meta: meta(q.page, q.per_page, total) };
    },
  );
};

export default letterRequestsRoutes;
