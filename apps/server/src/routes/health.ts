import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.ts';
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
        // Also while PostgreSQL is away: 503 with the same message as every other request;
        // it answers 200 again as soon as the database accepts connections.
        request.log.error({ err }, 'health check: database unreachable');
        throw new HttpError(503, DATABASE_UNAVAILABLE, undefined, { 'retry-after': '5' });
      }
      return { data: { status: 'ok' as const, database: app.dialect } };
    },
  );
};

export default healthRoutes;
