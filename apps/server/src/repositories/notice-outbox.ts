import type { Kysely, Transaction } from 'kysely';
import { stopHint } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel } from '../db/tables/notices.ts';

// The durable outbox's writes (issue 22, ADR 0024): queued in the caller's transaction; the
// worker that delivers them is services/outbox.ts.

type Tx = Kysely<Database> | Transaction<Database>;

/** A notice to queue: written in the caller's transaction, with the change that caused it. */
export interface NoticeToQueue {
  userId: number | null;
  letterRequestId?: number | null;
  kind: string;
  channel: NoticeChannel;
  recipient: string;
  subject?: string | null;
  body: string;
}

/** Queues notices in `trx` (or `db`): they go out only if, and once, the change commits. */
export async function queueNotices(
  trx: Tx,
  notices: NoticeToQueue[],
  now = new Date(),
): Promise<void> {
  if (notices.length === 0) return;
  const at = now.toISOString();
  await trx
    .insertInto('notice_outbox')
    .values(
      notices.map((n) => ({
        user_id: n.userId,
        letter_request_id: n.letterRequestId ?? null,
        kind: n.kind,
        channel: n.channel,
        recipient: n.recipient,
        subject: n.subject ?? null,
        body: n.body,
        state: 'queued' as const,
        tries: 0,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

/**
 * The notices one text makes for a person: one per confirmed channel they chose. The first on a
 * channel carries how to stop them (and marks the channel told), in the same transaction.
 */
export async function noticesForUser(
  trx: Tx,
  userId: number,
  n: { kind: string; subject: string; body: string; letterRequestId?: number | null },
  profileLink: string,
): Promise<NoticeToQueue[]> {
  const chosen = await trx
    .selectFrom('notice_channels')
    .select(['channel', 'address', 'stop_told'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where('address', 'is not', null)
    .execute();
  const out: NoticeToQueue[] = [];
  for (const c of chosen) {
    const first = Number(c.stop_told) === 0;
    out.push({
      userId,
      letterRequestId: n.letterRequestId ?? null,
      kind: n.kind,
      channel: c.channel,
      recipient: c.address!,
      subject: n.subject,
      body: first ? n.body + stopHint(profileLink) : n.body,
    });
    if (first) {
      await trx
        .updateTable('notice_channels')
        .set({ stop_told: 1 })
        .where('user_id', '=', userId)
        .where('channel', '=', c.channel)
        .execute();
    }
  }
  return out;
}

/** The site's address for links in messages; set once at start (startNoticeOutbox). */
let publicUrl = '';
export function setNoticePublicUrl(url: string): void {
  publicUrl = url.replace(/\/+$/, '');
}

/**
 * An in-app notice also goes to the person's confirmed WhatsApp/Telegram channels, queued in the
 * same transaction (`db` is the caller's transaction). The in-app title and body are already the
 * resident's (no internal note, no NIK: letters/notices.ts); the message adds the link and the
 * village's name. Nobody with no confirmed channel costs more than one indexed read.
 */
export async function queueOtherChannels(
  db: Kysely<Database>,
  userIds: readonly number[],
  n: { title: string; body: string; link: string | null; letter_request_id: number | null },
): Promise<void> {
  if (userIds.length === 0) return;
  const any = await db
    .selectFrom('notice_channels')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!any) return;
  const settings = await db.selectFrom('settings').select('village_name').executeTakeFirst();
  const village = settings?.village_name ?? '';
  const link = n.link ? `\n${publicUrl}${n.link}` : '';
  const sign = village ? `\n\n— Pemerintah Desa ${village}` : '';
  const body = `${n.title}\n${n.body}${link}${sign}`;
  for (const userId of userIds) {
    const notices = await noticesForUser(
      db,
      userId,
      { kind: 'letter', subject: n.title, body, letterRequestId: n.letter_request_id },
      `${publicUrl}/profile`,
    );
    await queueNotices(db, notices);
  }
}
