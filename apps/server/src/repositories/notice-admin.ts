import type { Kysely } from 'kysely';
import type { DeliveryChannel } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel, NoticeState } from '../db/tables/notices.ts';

// What the office reads of the notice outbox (issue 22): a request's notices, the failed ones,
// each channel's counts, and a retry (shown by services/notice-items.ts). Never a notice's text:
// it may carry a code or a reset link.

export interface NoticeRow {
  id: number;
  kind: string;
  channel: NoticeChannel;
  recipient: string;
  user_id: number | null;
  user_name: string | null;
  letter_request_id: number | null;
  subject: string | null;
  state: NoticeState;
  tries: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
}

const items = (db: Kysely<Database>) =>
  db
    .selectFrom('notice_outbox as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select([
      'n.id',
      'n.kind',
      'n.channel',
      'n.recipient',
      'n.user_id',
      'u.name as user_name',
      'n.letter_request_id',
      'n.subject',
      'n.state',
      'n.tries',
      'n.last_error',
      'n.next_attempt_at',
      'n.created_at',
      'n.sent_at',
    ]);

export async function findNoticeRow(db: Kysely<Database>, id: number): Promise<NoticeRow | null> {
  return (await items(db).where('n.id', '=', id).executeTakeFirst()) ?? null;
}

/** An in-app notice to a request's applicant. */
export interface InAppRow {
  id: number;
  user_id: number;
  user_name: string;
  title: string;
  created_at: string;
}

/**
 * A request's notices: the outbox's (WhatsApp, Telegram, e-mail) and the in-app notices to its
 * applicant, each oldest first.
 */
export async function requestNoticeRows(
  db: Kysely<Database>,
  requestId: number,
  applicantUserId: number | null,
): Promise<{ outbox: NoticeRow[]; inApp: InAppRow[] }> {
  const outbox = await items(db)
    .where('n.letter_request_id', '=', requestId)
    .orderBy('n.id')
    .execute();
  const inApp =
    applicantUserId === null
      ? []
      : await db
          .selectFrom('notifications as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['t.id', 't.user_id', 'u.name as user_name', 't.title', 't.created_at'])
          .where('t.letter_request_id', '=', requestId)
          .where('t.user_id', '=', applicantUserId)
          .orderBy('t.id')
          .execute();
  return { outbox, inApp };
}

/** The failed notices created since `since`, newest first, a page of them. */
export async function listFailedNotices(
  db: Kysely<Database>,
  since: string,
  page: number,
  perPage: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = <Q extends ReturnType<typeof items>>(q: Q) =>
    q.where('n.state', '=', 'failed').where('n.created_at', '>=', since) as Q;
  const [count, rows] = await Promise.all([
    db
      .selectFrom('notice_outbox as n')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('n.state', '=', 'failed')
      .where('n.created_at', '>=', since)
      .executeTakeFirst(),
    where(items(db))
      .orderBy('n.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Queues a failed notice again from its first try; false when it is not failed (any more). */
export async function retryNotice(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('notice_outbox')
    .set({
      state: 'queued',
      tries: 0,
      next_attempt_at: new Date().toISOString(),
      lease_until: null,
      claimed_by: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ChannelCounts {
  queued: number;
  failed_recent: number;
  last_sent_at: string | null;
  last_failed_at: string | null;
  last_error: string | null;
}

/** Per channel: waiting, failed since `since`, the last sent and the last failure. */
export async function channelCounts(
  db: Kysely<Database>,
  since: string,
): Promise<Record<DeliveryChannel, ChannelCounts>> {
  const [waiting, failed, sent, lastFailed] = await Promise.all([
    db
      .selectFrom('notice_outbox')
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', 'in', ['queued', 'sending'])
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('notice_outbox')
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', '=', 'failed')
      .where('created_at', '>=', since)
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('notice_outbox')
      .select(['channel', (eb) => eb.fn.max('sent_at').as('at')])
      .where('state', '=', 'sent')
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('notice_outbox')
      .select(['channel', (eb) => eb.fn.max('id').as('id')])
      .where('state', '=', 'failed')
      .groupBy('channel')
      .execute(),
  ]);
  const failures = lastFailed.length
    ? await db
        .selectFrom('notice_outbox')
        .select(['channel', 'next_attempt_at', 'last_error'])
        .where(
          'id',
          'in',
          lastFailed.map((r) => Number(r.id)),
        )
        .execute()
    : [];
  const out = {} as Record<DeliveryChannel, ChannelCounts>;
  for (const c of ['email', 'whatsapp', 'whatsapp_cloud', 'telegram'] as const) {
    const f = failures.find((r) => r.channel === c);
    out[c] = {
      queued: Number(waiting.find((r) => r.channel === c)?.n ?? 0),
      failed_recent: Number(failed.find((r) => r.channel === c)?.n ?? 0),
      last_sent_at: (sent.find((r) => r.channel === c)?.at as string | null | undefined) ?? null,
      // A failed row's next_attempt_at is when its last try was made (services/outbox.ts).
      last_failed_at: f?.next_attempt_at ?? null,
      last_error: f?.last_error ?? null,
    };
  }
  return out;
}
