import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_RESOURCES } from '@balai/domain';
import { responses } from '../schemas.ts';
import { contentTypeSchema, describeResource } from './schemas.ts';

/** `GET /api/content-types`: the registry as JSON, so clients and tools can build forms from it. */
const contentTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = CONTENT_RESOURCES.map(describeResource);
  app.get(
    '/content-types',
    {
      schema: {
        tags: ['Konten'],
        summary: 'Definisi semua jenis konten: isian, batasan, kolom daftar, urutan bawaan',
        response: responses({ 200: z.object({ data: z.array(contentTypeSchema) }) }),
      },
    },
    async (_request, reply) => {
      // Changes only with a new release; a few minutes of caching spares the admin's phone.
      reply.header('cache-control', 'public, max-age=300');
      return { data };
    },
  );
};

export default contentTypesRoutes;
