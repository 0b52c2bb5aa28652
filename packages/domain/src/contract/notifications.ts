import { z } from 'zod';
import { pageMetaSchema, pageQuery } from './common.ts';

/** The signed-in user's in-app notifications (`/api/notifications`, ADR 0021). */

export { notificationPaths } from './paths.ts';

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Where the web app opens it, e.g. /service/ku/12. */
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiNotification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  ...pageQuery,
  unread: z
    .enum(['true', 'false', '1', '0'], { error: 'unread harus true atau false.' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema,
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationAnswerSchema = z.object({ data: notificationSchema });

export const unreadCountSchema = z.object({ data: z.object({ count: z.number() }) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /api/notifications/read-all`. */
export const readAllAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ updated: z.number() }),
});
export type ReadAllAnswer = z.infer<typeof readAllAnswerSchema>;
