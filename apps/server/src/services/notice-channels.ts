import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  confirmText,
  linkedText,
  linkExpiredText,
  normalizePhone,
  stoppedText,
} from '@balai/domain';
import { hasNoEmail, type MyChannel, type MyChannels } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel } from '../db/tables/notices.ts';
import { queueNotices, villageName } from '../repositories/notice-outbox.ts';
export { noticesForUser } from '../repositories/notice-outbox.ts';

/** Wrong codes before a confirmation must be started again. */
export const CODE_MAX_TRIES = 5;
const CODE_TTL_MS = 15 * 60_000;
/** A Telegram deep link's one-time code is valid this long. */
const LINK_TTL_MS = 15 * 60_000;
/** Codes sent to one account: at most one a minute, and this many an hour. */
export const CODES_PER_HOUR = 5;
const CODE_GAP_MS = 60_000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

type WhatsappChoice = Extract<NoticeChannel, 'whatsapp' | 'whatsapp_cloud'>;

/**
 * Why this account may not ask for another code now (one a minute, CODES_PER_HOUR an hour), or
 * null. Counted from the outbox's `confirm` rows, so every process sees the same count.
 */
export async function codeThrottled(
  db: Kysely<Database>,
  userId: number,
  now = new Date(),
): Promise<string | null> {
  const since = new Date(now.getTime() - 60 * 60_000).toISOString();
  const rows = await db
    .selectFrom('notice_outbox')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', 'confirm')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(CODES_PER_HOUR)
    .execute();
  if (rows.length >= CODES_PER_HOUR)
    return 'Terlalu banyak permintaan kode. Coba lagi dalam 1 jam.';
  const last = rows[0]?.created_at;
  if (last && now.getTime() - Date.parse(last) < CODE_GAP_MS)
    return 'Kode baru saja dikirim. Tunggu 1 menit sebelum meminta kode lagi.';
  return null;
}

/**
 * Starts confirming a WhatsApp number: checks and normalises it, keeps a fresh 6-digit code
 * (hashed) and queues it to that number, in one transaction. A new number replaces the one kept
 * (it must be confirmed before notices go to it).
 */
export async function startPhoneConfirmation(
  db: Kysely<Database>,
  userId: number,
  input: string,
  village: string,
  channel: WhatsappChoice = 'whatsapp',
): Promise<{ ok: true; phone: string; expiresAt: string } | { ok: false; message: string }> {
  const parsed = normalizePhone(input);
  if (!parsed.ok) return parsed;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    const row = {
      address: parsed.phone,
      confirmed_at: null,
      code_hash: hash(code),
      code_expires_at: expiresAt,
      code_tries: 0,
      stop_told: 0,
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto('notice_channels')
      .values({ user_id: userId, channel, ...row })
      .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet(row))
      .execute();
    const notice = { userId, kind: 'confirm', channel, recipient: parsed.phone };
    await queueNotices(trx, [{ ...notice, body: confirmText(village, code) }], now);
  });
  return { ok: true, phone: parsed.phone, expiresAt };
}

/** Checks a code; at most CODE_MAX_TRIES wrong ones, then a new code must be asked for. */
export async function confirmPhone(
  db: Kysely<Database>,
  userId: number,
  code: string,
  channel: WhatsappChoice = 'whatsapp',
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('notice_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .executeTakeFirst();
    if (!row?.code_hash || !row.code_expires_at) {
      return { ok: false as const, message: 'Minta kode konfirmasi terlebih dahulu.' };
    }
    if (
      Number(row.code_tries) >= CODE_MAX_TRIES ||
      row.code_expires_at < new Date().toISOString()
    ) {
      return { ok: false as const, message: 'Kode sudah tidak berlaku. Minta kode baru.' };
    }
    const given = Buffer.from(hash(code.trim()));
    if (!/^\d{6}$/.test(code.trim()) || !timingSafeEqual(given, Buffer.from(row.code_hash))) {
      // Counted in the statement, so two wrong codes sent at once both count.
      await trx
        .updateTable('notice_channels')
        .set((eb) => ({ code_tries: eb('code_tries', '+', 1) }))
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .execute();
      const left = CODE_MAX_TRIES - Number(row.code_tries) - 1;
      return {
        ok: false as const,
        message:
          left > 0 ? `Kode salah. Sisa ${left} kali percobaan.` : 'Kode salah. Minta kode baru.',
      };
    }
    await trx
      .updateTable('notice_channels')
      .set({
        confirmed_at: new Date().toISOString(),
        code_hash: null,
        code_expires_at: null,
        enabled: 1,
      })
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .execute();
    return { ok: true as const };
  });
}

/**
 * A one-time code for a Telegram deep link (`https://t.me/<bot>?start=<code>`), kept hashed on
 * the person's `telegram` row for LINK_TTL_MS; a chat already linked stays linked until the new
 * one is opened.
 */
export async function startTelegramLink(
  db: Kysely<Database>,
  userId: number,
  now = new Date(),
): Promise<{ code: string; expiresAt: string }> {
  // base64url: the letters Telegram allows in a start parameter (A–Z, a–z, 0–9, _ and -).
  const code = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS).toISOString();
  const pending = {
    code_hash: hash(code),
    code_expires_at: expiresAt,
    code_tries: 0,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('notice_channels')
    .values({
      user_id: userId,
      channel: 'telegram',
      address: null,
      confirmed_at: null,
      stop_told: 0,
      ...pending,
    })
    .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet(pending))
    .execute();
  return { code, expiresAt };
}

/**
 * What the bot's webhook does with one message: `/start <code>` links the chat to the account
 * that made the link (and answers so), `/stop` switches Telegram off for every account linked to
 * the chat; anything else is ignored. Every answer is queued in the outbox, in the transaction.
 */
export async function handleTelegramMessage(
  db: Kysely<Database>,
  chatId: string,
  text: string,
): Promise<'linked' | 'expired' | 'stopped' | 'ignored'> {
  const start = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/.exec(text.trim());
  const stop = /^\/stop(?:@\w+)?\s*$/.test(text.trim());
  if (!start && !stop) return 'ignored';
  return db.transaction().execute(async (trx) => {
    const village = await villageName(trx);
    const now = new Date().toISOString();
    const reply = (body: string, userId: number | null, kind: string) =>
      queueNotices(trx, [{ userId, kind, channel: 'telegram', recipient: chatId, body }]);
    if (stop) {
      const off = await trx
        .updateTable('notice_channels')
        .set({ enabled: 0, updated_at: now })
        .where('channel', '=', 'telegram')
        .where('address', '=', chatId)
        .executeTakeFirst();
      if (Number(off.numUpdatedRows) === 0) return 'ignored';
      await reply(stoppedText(village), null, 'linked');
      return 'stopped';
    }
    const row = await trx
      .selectFrom('notice_channels')
      .select(['user_id', 'code_expires_at'])
      .where('channel', '=', 'telegram')
      .where('code_hash', '=', hash(start![1]!))
      .executeTakeFirst();
    if (!row || !row.code_expires_at || row.code_expires_at < now) {
      await reply(linkExpiredText(village), null, 'linked');
      return 'expired';
    }
    await trx
      .updateTable('notice_channels')
      .set({
        address: chatId,
        confirmed_at: now,
        code_hash: null,
        code_expires_at: null,
        enabled: 1,
        // The answer below already says how to stop.
        stop_told: 1,
        updated_at: now,
      })
      .where('user_id', '=', row.user_id)
      .where('channel', '=', 'telegram')
      .execute();
    await reply(linkedText(village), row.user_id, 'linked');
    return 'linked';
  });
}

/** Which delivery channels this process has (configuration, docs/operations.md). */
export interface ChannelAvailability {
  whatsapp: boolean;
  telegram: boolean;
  telegramBot: string | null;
}

/** The person's channels as the profile shows them. */
export async function myChannels(
  db: Kysely<Database>,
  user: { id: number; email: string },
  available: ChannelAvailability,
  now = new Date(),
): Promise<MyChannels> {
  const rows = await db
    .selectFrom('notice_channels')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('channel', 'in', ['whatsapp', 'telegram', 'email'])
    .execute();
  const by = new Map(rows.map((r) => [r.channel, r]));
  const at = now.toISOString();
  const wa = by.get('whatsapp');
  const tg = by.get('telegram');
  const em = by.get('email');
  const pending = (r: typeof wa) =>
    r?.code_hash && r.code_expires_at && r.code_expires_at > at && r.code_tries < CODE_MAX_TRIES
      ? r.code_expires_at
      : null;
  const on = (r: typeof wa) => !!r && r.confirmed_at !== null && Number(r.enabled) === 1;
  const hasEmail = !hasNoEmail(user.email);
  const channels: MyChannel[] = [
    {
      channel: 'whatsapp',
      available: available.whatsapp,
      enabled: on(wa),
      address: wa?.address ?? null,
      confirmed: !!wa?.confirmed_at,
      code_expires_at: pending(wa),
    },
    {
      channel: 'telegram',
      available: available.telegram,
      enabled: on(tg) && !!tg?.address,
      address: null,
      confirmed: !!tg?.confirmed_at && !!tg.address,
      code_expires_at: null,
    },
    {
      channel: 'email',
      available: true,
      enabled: hasEmail && on(em),
      address: hasEmail ? user.email : null,
      confirmed: hasEmail,
      code_expires_at: null,
    },
  ];
  return {
    in_app: true,
    channels,
    telegram_bot: available.telegram ? available.telegramBot : null,
  };
}

/**
 * Switches channels on or off. A channel is switched on only when it can deliver: WhatsApp
 * confirmed, Telegram linked, e-mail with a real address (each refused otherwise, with the
 * field's message); nothing is written unless every change is allowed.
 */
export async function setMyChannels(
  db: Kysely<Database>,
  user: { id: number; email: string },
  wanted: {
    whatsapp?: boolean | undefined;
    telegram?: boolean | undefined;
    email?: boolean | undefined;
  },
  available: ChannelAvailability,
): Promise<{ ok: true } | { ok: false; errors: Record<string, string[]> }> {
  const current = await myChannels(db, user, available);
  const by = new Map(current.channels.map((c) => [c.channel, c]));
  const errors: Record<string, string[]> = {};
  if (wanted.whatsapp) {
    if (!available.whatsapp) errors.whatsapp = ['WhatsApp belum diaktifkan oleh kantor desa.'];
    else if (!by.get('whatsapp')!.confirmed)
      errors.whatsapp = ['Konfirmasi nomor WhatsApp Anda dengan kode terlebih dahulu.'];
  }
  if (wanted.telegram) {
    if (!available.telegram) errors.telegram = ['Telegram belum diaktifkan oleh kantor desa.'];
    else if (!by.get('telegram')!.confirmed)
      errors.telegram = ['Hubungkan Telegram Anda lewat tautan terlebih dahulu.'];
  }
  if (wanted.email && !by.get('email')!.confirmed) {
    errors.email = ['Akun Anda belum memiliki alamat e-mail. Tambahkan di profil.'];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const channel of ['whatsapp', 'telegram', 'email'] as const) {
      const want = wanted[channel];
      if (want === undefined) continue;
      if (channel === 'email' && want) {
        // E-mail needs no code: the account's own address (read when a notice is queued).
        const row = { enabled: 1, confirmed_at: now, updated_at: now };
        await trx
          .insertInto('notice_channels')
          .values({ user_id: user.id, channel, address: null, code_tries: 0, stop_told: 0, ...row })
          .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet(row))
          .execute();
        continue;
      }
      await trx
        .updateTable('notice_channels')
        .set({ enabled: want ? 1 : 0, updated_at: now })
        .where('user_id', '=', user.id)
        .where('channel', '=', channel)
        .execute();
    }
  });
  return { ok: true };
}
