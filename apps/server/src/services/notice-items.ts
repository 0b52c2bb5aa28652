import { maskPhone } from '@balai/domain';
import {
  CHANNEL_LABELS,
  NOTICE_KIND_LABELS,
  NOTICE_STATE_LABELS,
  type NoticeItem,
} from '@balai/domain/contract';
import type { NoticeChannel } from '../db/tables/notices.ts';
import type { InAppRow, NoticeRow } from '../repositories/notice-admin.ts';
import { maskEmail } from './mailer.ts';

/** A notice as the office sees it (issue 22): the recipient masked, never the text. */

/** "62812****7890", "bu***@contoh.id", "chat …1234": enough to tell recipients apart. */
export function maskRecipient(channel: NoticeChannel, recipient: string): string {
  if (channel === 'email') return maskEmail(recipient);
  if (channel === 'whatsapp' || channel === 'whatsapp_cloud') return maskPhone(recipient);
  if (channel === 'telegram') return `chat …${recipient.slice(-4)}`;
  return recipient;
}

export function toNoticeItem(r: NoticeRow): NoticeItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    kind_label: NOTICE_KIND_LABELS[r.kind] ?? r.kind,
    channel: r.channel,
    channel_label: CHANNEL_LABELS[r.channel],
    recipient: maskRecipient(r.channel, r.recipient),
    user_id: r.user_id,
    user_name: r.user_name,
    letter_request_id: r.letter_request_id,
    subject: r.subject,
    state: r.state,
    state_label: NOTICE_STATE_LABELS[r.state],
    tries: Number(r.tries),
    last_error: r.last_error,
    next_attempt_at: r.state === 'sent' || r.state === 'failed' ? null : r.next_attempt_at,
    created_at: r.created_at,
    sent_at: r.sent_at,
  };
}

/** A request's notices for its timeline, oldest first; in-app ones show as sent. */
export function timelineItems(
  requestId: number,
  rows: { outbox: NoticeRow[]; inApp: InAppRow[] },
): NoticeItem[] {
  const all: NoticeItem[] = [
    ...rows.outbox.map(toNoticeItem),
    ...rows.inApp.map((t) => ({
      id: Number(t.id),
      kind: 'letter',
      kind_label: NOTICE_KIND_LABELS.letter!,
      channel: 'app' as const,
      channel_label: CHANNEL_LABELS.app,
      recipient: t.user_name,
      user_id: t.user_id,
      user_name: t.user_name,
      letter_request_id: requestId,
      subject: t.title,
      state: 'sent' as const,
      state_label: NOTICE_STATE_LABELS.sent,
      tries: 1,
      last_error: null,
      next_attempt_at: null,
      created_at: t.created_at,
      sent_at: t.created_at,
    })),
  ];
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}
