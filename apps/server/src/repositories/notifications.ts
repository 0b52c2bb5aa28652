import { ADMIN_ROLE } from '@balai/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NotificationsTable } from '../db/tables/letters.ts';
import { queuePersonMessage, type PersonMessage } from './notice-outbox.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export interface NewNotification {
  title: string;
  body: string;
  link: string | null;
  letter_request_id: number | null;
  created_at: string;
  /**
   * The message for the person's own channels (WhatsApp, Telegram, e-mail), queued in the same
   * transaction (issue 22); absent: the notice stays in the app.
   */
  message?: PersonMessage | null;
}

export async function insertNotifications(
  db: Kysely<Database>,
  userIds: readonly number[],
  n: NewNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  const { message, ...row } = n;
  await db
    .insertInto('notifications')
    .values(userIds.map((user_id) => ({ ...row, user_id, read_at: null })))
    .execute();
  if (message) await queuePersonMessage(db, userIds, message, n.letter_request_id);
}

/**
 * Notifies every active administrator (but the one acting) in one statement: they are the
 * people told about new, resubmitted and cancelled requests.
 */
export async function notifyActiveAdmins(
  db: Kysely<Database>,
  n: NewNotification,
  exceptId?: number,
): Promise<void> {
  await db
    .insertInto('notifications')
    .columns(['user_id', 'title', 'body', 'link', 'letter_request_id', 'read_at', 'created_at'])
    .expression((eb) => {
      // Typed casts: PostgreSQL cannot infer the type of a bare parameter in a select list.
      let admins = eb
        .selectFrom('users')
        .select([
          'users.id',
          sql<string>`cast(${n.title} as varchar(150))`.as('title'),
          sql<string>`cast(${n.body} as text)`.as('body'),
          sql<string | null>`cast(${n.link} as varchar(255))`.as('link'),
          sql<number | null>`cast(${n.letter_request_id} as integer)`.as('letter_request_id'),
          sql<null>`cast(null as varchar(30))`.as('read_at'),
          sql<string>`cast(${n.created_at} as varchar(30))`.as('created_at'),
        ])
        .where('users.role', '=', ADMIN_ROLE)
        .where('users.active', '=', 1);
      if (exceptId !== undefined) admins = admins.where('users.id', '!=', exceptId);
      return admins;
    })
    .execute();
}

export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  opts: { page: number; perPage: number; unreadOnly?: boolean | undefined },
): Promise<{ rows: NotificationRow[]; total: number }> {
  let base = db.selectFrom('notifications').where('user_id', '=', userId);
  if (opts.unreadOnly) base = base.where('read_at', 'is', null);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
      .execute(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function countUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One of the user's own notifications; another user's is undefined, like one that does not exist. */
export function findOwnNotification(db: Kysely<Database>, userId: number, id: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function markNotificationRead(
  db: Kysely<Database>,
  userId: number,
  id: number,
  at: string,
): Promise<NotificationRow | undefined> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  return findOwnNotification(db, userId, id);
}

export async function markAllNotificationsRead(
  db: Kysely<Database>,
  userId: number,
  at: string,
): Promise<number> {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
