import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_RESOURCES } from '@balai/domain';
import {
  apiRoute,
  contentPaths,
  contentTypesAnswerSchema,
  describeResource,
  responses,
} from '@balai/domain/contract';

/** `GET /api/content-types`: the registry as JSON, so clients and tools can build forms from it. */
const contentTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = CONTENT_RESOURCES.map(describeResource);
  app.get(
    apiRoute(contentPaths.types),
    {
      schema: {
        tags: ['Konten'],
        summary: 'Definisi semua jenis konten: isian, batasan, kolom daftar, urutan bawaan',
        response: responses({ 200: contentTypesAnswerSchema }),
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
