import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute, healthAnswerSchema, healthPaths, responses } from '@balai/domain/contract';
import { HttpError } from '../lib/http-error.ts';
import { REDIS_DEGRADED_REASON } from '../lib/redis.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.ts';
import { DISK_FULL_REASON } from '../services/disk-space.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(healthPaths.health),
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Sistem'],
        summary: 'Memeriksa server, basis data dan Redis',
        description:
          'Selalu 200 selama basis data menjawab. `status` menjadi `degraded` bila sebagian layanan ' +
          'berjalan dengan cadangan (misalnya Redis tidak dapat dihubungi: batas permintaan dihitung ' +
          'per proses); `reasons` menjelaskannya. 503 bila basis data tidak dapat dihubungi.',
        response: responses({ 200: healthAnswerSchema }),
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
      // Degraded is still 200: the process serves every request (docs/reliability.md), and a
      // load balancer that took every process out for a Redis outage would make it a full one.
      const reasons: string[] = [];
      const redis = app.redis ? await app.redis.check() : ('off' as const);
      if (redis === 'unavailable') reasons.push(REDIS_DEGRADED_REASON);
      // A full disk: reads are still served, writes answer 503 (issue 19.4).
      const disk = (await app.diskSpace.check()).full ? ('full' as const) : ('ok' as const);
      if (disk === 'full') reasons.push(DISK_FULL_REASON);
      return {
        data: {
          status: reasons.length > 0 ? ('degraded' as const) : ('ok' as const),
          database: app.dialect,
          redis,
          disk,
          reasons,
        },
      };
    },
  );
};

export default healthRoutes;
