import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  noticePaths,
  responses,
  telegramUpdateSchema,
  telegramWebhookAnswerSchema,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { handleTelegramMessage } from '../../services/notice-channels.ts';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Telegram's webhook (issue 22, docs/operations.md): set once with `setWebhook` and the
 * `secret_token` TELEGRAM_WEBHOOK_SECRET, which Telegram sends back in a header on every update.
 * Without the secret configured, or with a wrong header, the route does not exist (404). A
 * message is handled in one transaction; the answer is always 200 so Telegram does not resend.
 */
const telegramWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.TELEGRAM_WEBHOOK_SECRET;
  app.post(
    apiRoute(noticePaths.telegramWebhook),
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Pemberitahuan'],
        summary: 'Webhook bot Telegram (dipanggil oleh Telegram)',
        body: telegramUpdateSchema,
        response: responses({ 200: telegramWebhookAnswerSchema }),
      },
    },
    async (request) => {
      const header = request.headers['x-telegram-bot-api-secret-token'];
      if (!secret || typeof header !== 'string' || !same(header, secret)) throw notFound();
      const message = request.body.message;
      if (message?.text) {
        await handleTelegramMessage(app.db, String(message.chat.id), message.text);
      }
      return { ok: true };
    },
  );
};

export default telegramWebhookRoutes;
