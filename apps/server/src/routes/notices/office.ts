import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, normalizePhone, testText } from '@balai/domain';
import {
  CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  apiRoute,
  channelStatesAnswerSchema,
  failedNoticesQuery,
  idParams,
  noticeAnswerSchema,
  noticePageSchema,
  noticePaths,
  noticeTestSchema,
  requestNoticesAnswerSchema,
  responses,
  type ChannelState,
  type DeliveryChannel,
} from '@balai/domain/contract';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  channelCounts,
  findNoticeRow,
  listFailedNotices,
  requestNoticeRows,
  retryNotice,
} from '../../repositories/notice-admin.ts';
import { timelineItems, toNoticeItem } from '../../services/notice-items.ts';
import { queueNotices, villageName } from '../../repositories/notice-outbox.ts';
import type { Config } from '../../config.ts';
import { currentAuth } from '../../types.ts';

/** Where a channel sends, without a token or a password: the address's origin and path. */
function endpointOf(url: string | undefined, keepPath = true): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return keepPath ? `${u.origin}${u.pathname}` : u.host;
  } catch {
    return null;
  }
}

/** Which settings each channel has (README's configuration table); all needed for it to be on. */
function configuredOf(
  c: Config,
): Record<DeliveryChannel, { some: boolean; endpoint: string | null }> {
  return {
    email: {
      some: true,
      endpoint: c.SMTP_URL ? `SMTP ${endpointOf(c.SMTP_URL, false)}` : `folder ${c.OUTBOX_DIR}`,
    },
    whatsapp: {
      some: !!(c.WA_GATEWAY_URL || c.WA_GATEWAY_TOKEN),
      endpoint: endpointOf(c.WA_GATEWAY_URL),
    },
    whatsapp_cloud: {
      some: !!(c.WA_CLOUD_PHONE_ID || c.WA_CLOUD_TOKEN || c.WA_CLOUD_TEMPLATE),
      endpoint: endpointOf(c.WA_CLOUD_URL),
    },
    telegram: {
      some: !!(c.TELEGRAM_BOT_TOKEN || c.TELEGRAM_BOT_NAME || c.TELEGRAM_WEBHOOK_SECRET),
      endpoint: endpointOf(c.TELEGRAM_API_URL),
    },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The test message's target in the channel's form, or why it is not one. */
function testTarget(
  channel: DeliveryChannel,
  target: string,
): { ok: true; to: string } | { ok: false; message: string } {
  if (channel === 'whatsapp' || channel === 'whatsapp_cloud') {
    const p = normalizePhone(target);
    return p.ok ? { ok: true, to: p.phone } : p;
  }
  if (channel === 'email') {
    return EMAIL.test(target) && target.length <= 255
      ? { ok: true, to: target }
      : { ok: false, message: 'Alamat e-mail tidak valid.' };
  }
  return /^-?\d{1,20}$/.test(target) || /^@[A-Za-z][A-Za-z0-9_]{4,31}$/.test(target)
    ? { ok: true, to: target }
    : { ok: false, message: 'Tulis chat id Telegram (angka) atau nama kanal (@nama).' };
}

const FAILED_DAYS = 7;

/**
 * The office's view of notice delivery (issue 22): each channel's state, "kirim pesan uji", the
 * failed notices of the last days and their retry, and a letter request's notices for its
 * timeline. Administrators only (`notices.manage`).
 */
const noticeOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Pemberitahuan'];
  const security = [{ bearerAuth: [] }];
  const { providers } = app.notices;
  const office = (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    if (!can(user, 'notices.manage'))
      throw forbidden('Hanya administrator yang dapat melakukan tindakan ini.');
    return user;
  };
  const isOn = (c: DeliveryChannel) => !!providers[c];

  app.get(
    apiRoute(noticePaths.channels),
    {
      schema: {
        tags,
        summary: 'Keadaan tiap saluran pemberitahuan',
        security,
        response: responses({ 200: channelStatesAnswerSchema }),
      },
    },
    async (request) => {
      office(request);
      const since = new Date(Date.now() - FAILED_DAYS * 86_400_000).toISOString();
      const counts = await channelCounts(app.db, since);
      const configured = configuredOf(app.config);
      const data: ChannelState[] = DELIVERY_CHANNELS.map((c) => ({
        channel: c,
        label: CHANNEL_LABELS[c],
        configured: configured[c].some,
        on: isOn(c),
        endpoint: configured[c].endpoint,
        ...counts[c],
      }));
      return { data, meta: { days: FAILED_DAYS } };
    },
  );

  app.post(
    apiRoute(noticePaths.test),
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Kirim pesan uji',
        security,
        body: noticeTestSchema,
        response: responses({ 200: noticeAnswerSchema }),
      },
    },
    async (request) => {
      const user = office(request);
      const { channel, target } = request.body;
      if (!isOn(channel)) {
        const message = `${CHANNEL_LABELS[channel]} belum diatur. Lihat petunjuk di docs/operations.md.`;
        throw new HttpError(422, message, { channel: [message] });
      }
      const to = testTarget(channel, target);
      if (!to.ok) throw new HttpError(422, to.message, { target: [to.message] });
      const id = await app.db.transaction().execute(async (trx) => {
        await queueNotices(trx, [
          {
            userId: user.id,
            kind: 'test',
            channel,
            recipient: to.to,
            subject: 'Pesan uji Balai',
            body: testText(await villageName(trx)),
          },
        ]);
        const row = await trx
          .selectFrom('notice_outbox')
          .select('id')
          .where('user_id', '=', user.id)
          .where('kind', '=', 'test')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          action: 'notice.test',
          user_id: user.id,
          subject_type: 'notice',
          subject_id: Number(row.id),
          ip: request.ip,
          detail: { channel },
        });
        return Number(row.id);
      });
      return {
        message: 'Pesan uji diantrekan. Lihat keadaannya sebentar lagi.',
        data: toNoticeItem((await findNoticeRow(app.db, id))!),
      };
    },
  );

  app.get(
    apiRoute(noticePaths.failed),
    {
      schema: {
        tags,
        summary: 'Pemberitahuan yang gagal terkirim',
        security,
        querystring: failedNoticesQuery,
        response: responses({ 200: noticePageSchema }),
      },
    },
    async (request) => {
      office(request);
      const { days, page, per_page } = request.query;
      const since = new Date(Date.now() - days * 86_400_000).toISOString();
      const { rows, total } = await listFailedNotices(app.db, since, page, per_page);
      return { data: rows.map(toNoticeItem), meta: meta(page, per_page, total) };
    },
  );

  app.post(
    apiRoute(noticePaths.retry),
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mengirim ulang pemberitahuan yang gagal',
        security,
        params: idParams,
        response: responses({ 200: noticeAnswerSchema }),
      },
    },
    async (request) => {
      const user = office(request);
      const { id } = request.params;
      const found = await findNoticeRow(app.db, id);
      if (!found) throw notFound('Pemberitahuan tidak ditemukan.');
      const retried = await app.db.transaction().execute(async (trx) => {
        if (!(await retryNotice(trx, id))) return false;
        await writeAudit(trx, {
          action: 'notice.retry',
          user_id: user.id,
          subject_type: 'notice',
          subject_id: id,
          ip: request.ip,
          detail: { channel: found.channel },
        });
        return true;
      });
      if (!retried) throw conflict('Hanya pemberitahuan yang gagal yang dapat dikirim ulang.');
      // Read before the worker is woken: the answer is the queued row, not a race with delivery.
      const queued = (await findNoticeRow(app.db, id))!;
      app.notices.worker.wake();
      return {
        message: 'Pemberitahuan diantrekan untuk dikirim ulang.',
        data: toNoticeItem(queued),
      };
    },
  );

  app.get(
    apiRoute(noticePaths.requestNotices),
    {
      schema: {
        tags,
        summary: 'Pemberitahuan sebuah permohonan surat, terlama dulu',
        security,
        params: idParams,
        response: responses({ 200: requestNoticesAnswerSchema }),
      },
    },
    async (request) => {
      office(request);
      const row = await app.db
        .selectFrom('letter_requests')
        .select(['id', 'applicant_user_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Permohonan tidak ditemukan.');
      const rows = await requestNoticeRows(app.db, row.id, row.applicant_user_id);
      return { data: timelineItems(row.id, rows) };
    },
  );
};

export default noticeOfficeRoutes;
