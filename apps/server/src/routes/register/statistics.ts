import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIso } from '@balai/domain';
import { apiRoute, publicStatistics, registerPaths, responses } from '@balai/domain/contract';
import { statistics } from '../../services/register/statistics.ts';

/** `GET /api/statistics`: public counts of the register's living people (ADR 0023). */
const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(registerPaths.statistics),
    {
      schema: {
        tags: ['Kependudukan'],
        summary:
          'Statistik penduduk hidup menurut jenis kelamin, umur, agama, pendidikan, pekerjaan, status perkawinan dan dusun (hanya jumlah)',
        response: responses({ 200: publicStatistics }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return statistics(app.db, todayIso());
    },
  );
};

export default statisticsRoutes;
