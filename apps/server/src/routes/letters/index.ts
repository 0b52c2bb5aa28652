import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The letter engine (issue 4): registered here as it lands. */
const letterRoutes: FastifyPluginAsyncZod = async () => {};

export default letterRoutes;
