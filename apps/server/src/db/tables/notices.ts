import type { Generated } from 'kysely';

/** The durable outbox of notices (migration 0012, ADR 0024). */
export type NoticeChannel = 'app' | 'email' | 'whatsapp' | 'whatsapp_cloud' | 'telegram';
export type NoticeState = 'queued' | 'sending' | 'sent' | 'failed';

export interface NoticeOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  letter_request_id: number | null;
  /** What the notice is about: received, incomplete, rejected, issued, signing, reset, confirm, test. */
  kind: string;
  channel: NoticeChannel;
  /** A 62… number, a Telegram chat id, an e-mail address, or the user id for in-app. */
  recipient: string;
  subject: string | null;
  body: string;
  state: NoticeState;
  tries: number;
  next_attempt_at: string;
  /** While `state` is 'sending': the claim holds until then; a later worker reclaims it. */
  lease_until: string | null;
  claimed_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A person's chosen channel, with its confirmation (6-digit code) while pending. */
export interface NoticeChannelsTable {
  user_id: number;
  channel: NoticeChannel;
  address: string | null;
  confirmed_at: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  code_tries: number;
  /** 1: the first notice on this channel (which says how to stop) has been queued. */
  stop_told: number;
  /** 1: the person wants notices here; 0: switched off (the confirmed address is kept). Migration 0016. */
  enabled: Generated<number>;
  updated_at: string;
}

export interface NoticesTables {
  notice_outbox: NoticeOutboxTable;
  notice_channels: NoticeChannelsTable;
}
