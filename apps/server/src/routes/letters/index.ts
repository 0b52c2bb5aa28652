import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_TYPES } from '@balai/domain';
import { authenticate } from '../../plugins/authenticate.ts';
import { warmUpLetterPdf } from '../../letters/pdf/index.ts';
import attachmentRoutes from './attachments.ts';
import dashboardRoutes from './dashboard.ts';
import deskRoutes from './desk.ts';
import exportRoutes from './exports.ts';
import letterRequestsRoutes from './letter-requests.ts';
import letterTypesRoutes from './letter-types.ts';
import notificationRoutes from './notifications.ts';
import pdfHistoriesRoutes from './pdf-histories.ts';
import registerLinkRoutes from './register-links.ts';
import letterTypeRoutes from './requests.ts';
import verifyRoutes from './verify.ts';

/**
 * The letter engine (issue 4). Public: the registry and letter verification. Everything else
 * needs a session; admin-only routes add `requireAdmin` on top.
 */
const letterRoutes: FastifyPluginAsyncZod = async (app) => {
  // Fonts are parsed once per process; do it at start, not during the first letter issued.
  app.addHook('onReady', async () => warmUpLetterPdf());
  await app.register(letterTypesRoutes);
  await app.register(verifyRoutes);

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', authenticate);
    // One set of handlers, registered at each of the 15 bases of the registry.
    for (const type of LETTER_TYPES) {
      if (!type.base.startsWith('/api/')) throw new Error(`${type.code}: base outside /api`);
      await signedIn.register(letterTypeRoutes, { type });
      await signedIn.register(deskRoutes, { type });
    }
    // Photos of the requirements, at the same bases (multipart parsing registered there only).
    await signedIn.register(attachmentRoutes);
    await signedIn.register(letterRequestsRoutes);
    await signedIn.register(pdfHistoriesRoutes);
    await signedIn.register(notificationRoutes);
    await signedIn.register(dashboardRoutes);
    await signedIn.register(exportRoutes);
    await signedIn.register(registerLinkRoutes);
  });
};

export default letterRoutes;
