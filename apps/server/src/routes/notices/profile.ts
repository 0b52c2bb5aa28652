import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  myChannelsAnswerSchema,
  myChannelsUpdateSchema,
  noticePaths,
  responses,
  telegramLinkAnswerSchema,
  whatsappCodeAnswerSchema,
  whatsappCodeSchema,
  whatsappConfirmAnswerSchema,
  whatsappConfirmSchema,
} from '@balai/domain/contract';
import { maskPhone } from '@balai/domain';
import { HttpError } from '../../lib/http-error.ts';
import { villageName } from '../../repositories/notice-outbox.ts';
import {
  codeThrottled,
  confirmPhone,
  myChannels,
  setMyChannels,
  startPhoneConfirmation,
  startTelegramLink,
  type ChannelAvailability,
} from '../../services/notice-channels.ts';
import { currentAuth } from '../../types.ts';

/**
 * The signed-in person's own notice channels (issue 22): which they want, their WhatsApp number
 * confirmed by a 6-digit code, their Telegram chat linked by a one-time link. In-app notices are
 * always on.
 */
const noticeProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Pemberitahuan'];
  const security = [{ bearerAuth: [] }];
  const { providers } = app.notices;
  const available: ChannelAvailability = {
    whatsapp: !!(providers.whatsapp ?? providers.whatsapp_cloud),
    telegram:
      !!providers.telegram &&
      !!app.config.TELEGRAM_BOT_NAME &&
      !!app.config.TELEGRAM_WEBHOOK_SECRET,
    telegramBot: app.config.TELEGRAM_BOT_NAME ?? null,
  };

  app.get(
    apiRoute(noticePaths.myChannels),
    {
      schema: {
        tags,
        summary: 'Saluran pemberitahuan saya',
        security,
        response: responses({ 200: myChannelsAnswerSchema }),
      },
    },
    async (request) => ({
      data: await myChannels(app.db, currentAuth(request).user, available),
    }),
  );

  app.put(
    apiRoute(noticePaths.myChannels),
    {
      schema: {
        tags,
        summary: 'Menyalakan atau mematikan saluran pemberitahuan',
        security,
        body: myChannelsUpdateSchema,
        response: responses({ 200: myChannelsAnswerSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const done = await setMyChannels(app.db, user, request.body, available);
      if (!done.ok) {
        throw new HttpError(422, Object.values(done.errors)[0]![0]!, done.errors);
      }
      return { data: await myChannels(app.db, user, available) };
    },
  );

  app.post(
    apiRoute(noticePaths.whatsappCode),
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mengirim kode konfirmasi 6 angka ke nomor WhatsApp',
        security,
        body: whatsappCodeSchema,
        response: responses({ 200: whatsappCodeAnswerSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      if (!available.whatsapp) {
        const message = 'WhatsApp belum diaktifkan oleh kantor desa.';
        throw new HttpError(422, message, { phone: [message] });
      }
      const throttled = await codeThrottled(app.db, user.id);
      if (throttled) throw new HttpError(429, throttled);
      const started = await startPhoneConfirmation(
        app.db,
        user.id,
        request.body.phone,
        await villageName(app.db),
      );
      if (!started.ok) throw new HttpError(422, started.message, { phone: [started.message] });
      return {
        message: `Kode konfirmasi dikirim ke WhatsApp ${maskPhone(started.phone)}. Berlaku 15 menit.`,
        data: { phone: started.phone, expires_at: started.expiresAt },
      };
    },
  );

  app.post(
    apiRoute(noticePaths.whatsappConfirm),
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mengonfirmasi nomor WhatsApp dengan kode',
        security,
        body: whatsappConfirmSchema,
        response: responses({ 200: whatsappConfirmAnswerSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const done = await confirmPhone(app.db, user.id, request.body.code);
      if (!done.ok) throw new HttpError(422, done.message, { code: [done.message] });
      return {
        message: 'Nomor WhatsApp terkonfirmasi. Pemberitahuan surat akan dikirim ke nomor ini.',
        data: await myChannels(app.db, user, available),
      };
    },
  );

  app.post(
    apiRoute(noticePaths.telegramLink),
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Membuat tautan sekali pakai untuk menghubungkan Telegram',
        security,
        response: responses({ 200: telegramLinkAnswerSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      if (!available.telegram)
        throw new HttpError(422, 'Telegram belum diaktifkan oleh kantor desa.');
      const link = await startTelegramLink(app.db, user.id);
      return {
        data: {
          url: `https://t.me/${available.telegramBot}?start=${link.code}`,
          expires_at: link.expiresAt,
        },
      };
    },
  );
};

export default noticeProfileRoutes;
