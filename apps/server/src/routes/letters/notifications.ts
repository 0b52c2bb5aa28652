import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  idParams,
  notificationAnswerSchema,
  notificationListQuery,
  notificationPageSchema,
  notificationPaths,
  readAllAnswerSchema,
  responses,
  unreadCountSchema,
  type ApiNotification,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
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

const toApi = (n: NotificationRow): ApiNotification => ({
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
    apiRoute(notificationPaths.list),
    {
      schema: {
        tags,
        summary: 'Notifikasi saya, terbaru dulu',
        security,
        querystring: notificationListQuery,
        response: responses({ 200: notificationPageSchema }),
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
    apiRoute(notificationPaths.unreadCount),
    {
      schema: {
        tags,
        summary: 'Jumlah notifikasi yang belum dibaca',
        security,
        response: responses({ 200: unreadCountSchema }),
      },
    },
    async (request) => ({
      data: { count: await countUnread(app.db, currentAuth(request).user.id) },
    }),
  );

  app.post(
    apiRoute(notificationPaths.readAll),
    {
      schema: {
        tags,
        summary: 'Menandai semua notifikasi sebagai sudah dibaca',
        security,
        response: responses({ 200: readAllAnswerSchema }),
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
    apiRoute(notificationPaths.item),
    {
      schema: {
        tags,
        summary: 'Detail notifikasi',
        security,
        params: idParams,
        response: responses({ 200: notificationAnswerSchema }),
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
    url: apiRoute(notificationPaths.read),
    schema: {
      tags,
      summary: 'Menandai notifikasi sebagai sudah dibaca',
      security,
      params: idParams,
      response: responses({ 200: notificationAnswerSchema }),
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
