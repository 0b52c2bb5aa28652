import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate.ts';
import { signerAccountRoutes, signingRoutes, signingSettingsRoutes } from './index.ts';

/** Signing (issue 15): signed-in administrators only (each plugin adds requireAdmin). */
const signingApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  await app.register(signingSettingsRoutes);
  await app.register(signingRoutes);
  await app.register(signerAccountRoutes);
};

export default signingApiRoutes;
