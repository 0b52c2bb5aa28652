import type { Kysely, Transaction } from 'kysely';
import { stopHint } from '@balai/domain';
import { hasNoEmail } from '@balai/domain/contract';
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

/** The workers of this process, woken a moment after notices are queued (see `queueNotices`). */
const wakers = new Set<() => void>();
let nudge: NodeJS.Timeout | null = null;

/** Registers a worker's wake-up; returns how to unregister it. */
export function onNoticesQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Queues notices in `trx` (or `db`): they go out only if, and once, the change commits. The
 * workers of this process are woken shortly after (by then the change has usually committed;
 * if not, their next round finds the rows).
 */
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
  if (wakers.size > 0 && !nudge) {
    nudge = setTimeout(() => {
      nudge = null;
      for (const wake of wakers) wake();
    }, 25);
    nudge.unref();
  }
}

/** An e-mail as an outbox row (kind `mail` unless told): the worker hands it to the mailer. */
export function emailNotice(
  to: string,
  subject: string,
  text: string,
  extra: { userId?: number | null; kind?: string; letterRequestId?: number | null } = {},
): NoticeToQueue {
  return {
    userId: extra.userId ?? null,
    letterRequestId: extra.letterRequestId ?? null,
    kind: extra.kind ?? 'mail',
    channel: 'email',
    recipient: to,
    subject,
    body: text,
  };
}

/**
 * The notices one text makes for a person: one per channel they switched on and confirmed
 * (e-mail goes to the account's address, unless it has none). The first on a channel carries how
 * to stop them (and marks the channel told), in the same transaction. `skip`: channels the
 * caller covers itself (a signer's e-mail, always sent).
 */
export async function noticesForUser(
  trx: Tx,
  userId: number,
  n: { kind: string; subject: string; body: string; letterRequestId?: number | null },
  profileLink: string,
  skip: readonly NoticeChannel[] = [],
): Promise<NoticeToQueue[]> {
  const chosen = await trx
    .selectFrom('notice_channels')
    .innerJoin('users', 'users.id', 'notice_channels.user_id')
    .select([
      'notice_channels.channel',
      'notice_channels.address',
      'notice_channels.stop_told',
      'users.email',
    ])
    .where('notice_channels.user_id', '=', userId)
    .where('notice_channels.enabled', '=', 1)
    .where('notice_channels.confirmed_at', 'is not', null)
    .execute();
  const out: NoticeToQueue[] = [];
  for (const c of chosen) {
    if (skip.includes(c.channel)) continue;
    const recipient = c.channel === 'email' ? (hasNoEmail(c.email) ? null : c.email) : c.address;
    if (!recipient) continue;
    const first = Number(c.stop_told) === 0;
    out.push({
      userId,
      letterRequestId: n.letterRequestId ?? null,
      kind: n.kind,
      channel: c.channel,
      recipient,
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
export const noticePublicUrl = () => publicUrl;

/** The village's name as the messages sign it. */
export async function villageName(db: Tx): Promise<string> {
  const row = await db.selectFrom('settings').select('village_name').executeTakeFirst();
  return row?.village_name ?? '';
}

/**
 * A message for a person's own channels (WhatsApp, Telegram, e-mail) beside an in-app notice:
 * what it is about, and its text once the village's name and the site's address are known. The
 * texts are packages/domain notice-texts.ts: never an internal note, a NIK or a No. KK.
 */
export interface PersonMessage {
  kind: 'received' | 'incomplete' | 'rejected' | 'issued' | 'signing';
  subject: string;
  text: (village: string, publicUrl: string) => string;
}

/**
 * Whether this person has a channel switched on and confirmed: one indexed read, so the hot
 * filing path (ADR 0010) becomes a transaction only for a resident who gets the "received"
 * message.
 */
export async function hasNoticeChannels(db: Tx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notice_channels')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where('confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Queues `message` to each person's switched-on, confirmed channels in the same transaction
 * (`db` is the caller's). Somebody with none costs one indexed read; `skip` as in
 * `noticesForUser`.
 */
export async function queuePersonMessage(
  db: Tx,
  userIds: readonly number[],
  message: PersonMessage,
  letterRequestId: number | null,
  skip: readonly NoticeChannel[] = [],
): Promise<void> {
  if (userIds.length === 0) return;
  const any = await db
    .selectFrom('notice_channels')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('enabled', '=', 1)
    .where('confirmed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!any) return;
  const body = message.text(await villageName(db), publicUrl);
  for (const userId of userIds) {
    const notices = await noticesForUser(
      db,
      userId,
      { kind: message.kind, subject: message.subject, body, letterRequestId },
      `${publicUrl}/profile`,
      skip,
    );
    await queueNotices(db, notices);
  }
}
