import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate.ts';
import { registerAccess } from './access.ts';
import activationCodeRoutes from './activation-codes.ts';
import eventRoutes from './events.ts';
import familyRoutes from './families.ts';
import registerFileRoutes from './files.ts';
import personRoutes from './persons.ts';
import statisticsRoutes from './statistics.ts';

/**
 * The population register (issue 24, docs/register.md): `/api/register/*` for administrators
 * only (the policy's register.read / register.manage), and the public `/api/statistics`.
 */
const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(statisticsRoutes);
  await app.register(async (admin) => {
    admin.addHook('onRequest', authenticate);
    admin.addHook('onRequest', registerAccess);
    await admin.register(personRoutes);
    await admin.register(familyRoutes);
    await admin.register(eventRoutes);
    await admin.register(registerFileRoutes);
    await admin.register(activationCodeRoutes);
  });
};

export default registerRoutes;
