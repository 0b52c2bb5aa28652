import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { meta, metaSchema, pageQuery } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import {
  countUnread,
  findOwnNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRow,
} from '../../repositories/notifications.ts';
import { currentAuth } from '../../types.ts';
import { idParams, responses } from '../schemas.ts';

const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Where the web app opens it, e.g. /service/ku/12. */
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

const toApi = (n: NotificationRow): z.infer<typeof notificationSchema> => ({
  id: n.id,
  title: n.title,
  body: n.body,
  link: n.link,
  read: n.read_at !== null,
  read_at: n.read_at,
  created_at: n.created_at,
});

const NOT_FOUND = 'Notifikasi tidak ditemukan.';

/** The signed-in user's own notifications; another user's is a 404 like one that does not exist. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Notifikasi'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Notifikasi saya, terbaru dulu',
        security,
        querystring: z.object({
          ...pageQuery,
          unread: z
            .enum(['true', 'false', '1', '0'], { error: 'unread harus true atau false.' })
            .transform((v) => v === 'true' || v === '1')
            .optional(),
        }),
        response: responses({
          200: z.object({ data: z.array(notificationSchema), meta: metaSchema }),
        }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const { page, per_page, unread } = request.query;
      const { rows, total } = await listNotifications(app.db, user.id, {
        page,
        perPage: per_page,
        unreadOnly: unread,
      });
      return { data: rows.map(toApi), meta: meta(page, per_page, total) };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'Jumlah notifikasi yang belum dibaca',
        security,
        response: responses({ 200: z.object({ data: z.object({ count: z.number() }) }) }),
      },
    },
    async (request) => ({
      data: { count: await countUnread(app.db, currentAuth(request).user.id) },
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Menandai semua notifikasi sebagai sudah dibaca',
        security,
        response: responses({
          200: z.object({ message: z.string(), data: z.object({ updated: z.number() }) }),
        }),
      },
    },
    async (request) => {
      const updated = await markAllNotificationsRead(
        app.db,
        currentAuth(request).user.id,
        nowIso(),
      );
      return { message: 'Semua notifikasi telah ditandai sudah dibaca.', data: { updated } };
    },
  );

  app.get(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Detail notifikasi',
        security,
        params: idParams,
        response: responses({ 200: z.object({ data: notificationSchema }) }),
      },
    },
    async (request) => {
      const n = await findOwnNotification(app.db, currentAuth(request).user.id, request.params.id);
      if (!n) throw notFound(NOT_FOUND);
      return { data: toApi(n) };
    },
  );

  // PUT as the issue names it; POST as `apiPaths.notificationRead` documents it.
  app.route({
    method: ['PUT', 'POST'],
    url: '/notifications/:id/read',
    schema: {
      tags,
      summary: 'Menandai notifikasi sebagai sudah dibaca',
      security,
      params: idParams,
      response: responses({ 200: z.object({ data: notificationSchema }) }),
    },
    handler: async (request) => {
      const n = await markNotificationRead(
        app.db,
        currentAuth(request).user.id,
        request.params.id,
        nowIso(),
      );
      if (!n) throw notFound(NOT_FOUND);
      return { data: toApi(n) };
    },
  });
};

export default notificationRoutes;
