import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { confirmText, normalizePhone } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel } from '../db/tables/notices.ts';
import { queueNotices } from '../repositories/notice-outbox.ts';
export { noticesForUser } from '../repositories/notice-outbox.ts';

/** Wrong codes before a confirmation must be started again. */
export const CODE_MAX_TRIES = 5;
const CODE_TTL_MS = 15 * 60_000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Starts confirming a WhatsApp number: checks and normalises it, keeps a fresh 6-digit code
 * (hashed) and queues it to that number, in one transaction. A number already confirmed and
 * unchanged needs nothing.
 */
export async function startPhoneConfirmation(
  db: Kysely<Database>,
  userId: number,
  input: string,
  village: string,
  channel: Extract<NoticeChannel, 'whatsapp' | 'whatsapp_cloud'> = 'whatsapp',
): Promise<{ ok: true; phone: string } | { ok: false; message: string }> {
  const parsed = normalizePhone(input);
  if (!parsed.ok) return parsed;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const row = {
      address: parsed.phone,
      confirmed_at: null,
      code_hash: hash(code),
      code_expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
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
  return { ok: true, phone: parsed.phone };
}

/** Checks a code; at most CODE_MAX_TRIES wrong ones, then a new code must be asked for. */
export async function confirmPhone(
  db: Kysely<Database>,
  userId: number,
  code: string,
  channel: Extract<NoticeChannel, 'whatsapp' | 'whatsapp_cloud'> = 'whatsapp',
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
      await trx
        .updateTable('notice_channels')
        .set({ code_tries: Number(row.code_tries) + 1 })
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
      .set({ confirmed_at: new Date().toISOString(), code_hash: null, code_expires_at: null })
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .execute();
    return { ok: true as const };
  });
}
