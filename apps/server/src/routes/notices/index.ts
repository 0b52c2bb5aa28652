import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate.ts';
import noticeOfficeRoutes from './office.ts';
import noticeProfileRoutes from './profile.ts';
import forgotPasswordWhatsappRoutes from './reset.ts';
import telegramWebhookRoutes from './telegram.ts';

/**
 * Notices (issue 22, ADR 0024): the person's channels and the office's view (signed in), and the
 * two public routes, Telegram's webhook and the password reset over WhatsApp.
 */
const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(telegramWebhookRoutes);
  await app.register(forgotPasswordWhatsappRoutes);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', authenticate);
    await signedIn.register(noticeProfileRoutes);
    await signedIn.register(noticeOfficeRoutes);
  });
};

export default noticeRoutes;
