import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIso } from '@balai/domain';
import {
  apiRoute,
  publicStatistics,
  registerPaths,
  responses,
  type PublicStatistics,
} from '@balai/domain/contract';
import { statistics } from '../../services/register/statistics.ts';

/** `GET /api/statistics`: public counts of the register's living people (ADR 0023). */
const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  let kept: { today: string; version: number; value: PublicStatistics } | null = null;
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
      // Kept per day and public version: every change to a person bumps the version in its own
      // transaction (migration 0015's triggers), so a kept answer is never older than a change
      // any process committed; reading the version is one small, shared query.
      const today = todayIso();
      const version = await app.publicVersion.current();
      if (kept?.today === today && kept.version === version) return kept.value;
      const value = await statistics(app.db, today);
      kept = { today, version, value };
      return value;
    },
  );
};

export default statisticsRoutes;
