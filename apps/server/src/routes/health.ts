import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { responses } from './schemas.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Sistem'],
        summary: 'Memeriksa server dan basis data',
        response: responses({
          200: z.object({
            data: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
          }),
        }),
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new HttpError(503, 'Basis data tidak dapat dihubungi.');
      }
      return { data: { status: 'ok' as const, database: app.dialect } };
    },
  );
};

export default healthRoutes;
