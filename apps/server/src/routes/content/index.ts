import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Content resources, files and settings (issue 3): registered here as they land. */
const contentRoutes: FastifyPluginAsyncZod = async () => {};

export default contentRoutes;
