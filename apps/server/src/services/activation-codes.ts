import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_DAYS,
  ACTIVATION_CODE_LENGTH,
  activationCodeText,
  formatActivationCode,
  maskIdNumber,
  maskPhone,
  normalizePhone,
  todayIso,
} from '@balai/domain';
import type { ActivationCodeItem, ActivationCodeState } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel } from '../db/tables/notices.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { nowIso } from '../lib/time.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { villageName } from '../letters/letter-document.ts';
import { renderActivationSlips, type ActivationSlip } from '../letters/pdf/activation-slip.ts';
import {
  findCode,
  insertCodes,
  listPersonCodes,
  revokeCode,
  revokeOpenCodes,
  type CodePerson,
} from '../repositories/activation-codes.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import { findFile } from '../repositories/files.ts';
import { queueNotices } from '../repositories/notice-outbox.ts';
import { getSettings } from '../repositories/settings.ts';
import { placeOf, targetPersons, type CodeTarget } from './activation-code-targets.ts';

export { MAX_SLIPS, ktpAge, type CodeTarget } from './activation-code-targets.ts';

/**
 * Activation codes from the office (issue 21.2, ADR 0029, docs/accounts.md). An administrator
 * who has seen a person's KTP prints a slip with a one-time code — or, for one person, sends it
 * to their WhatsApp (issue 22.4) — and the person opens their account with it, already verified,
 * or sets a new password for the account they have (services/code-activation.ts). Only the
 * code's SHA-256 is stored; the code is in the PDF or the message alone.
 */

const DAY_MS = 86_400_000;

/** Ten characters drawn uniformly from the alphabet: 31^10 ≈ 2^49.5 codes. */
export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i++) {
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  }
  return code;
}

export const codeHash = (code: string) => sha256Hex(code);

export interface CreatedCodes {
  pdf: Buffer;
  count: number;
  fileName: string;
}

/**
 * Makes one code per person of the target, revoking each person's open code, and renders the
 * slips. The PDF is rendered before anything is written: if it fails, nothing changed.
 */
export async function createActivationCodes(
  db: Kysely<Database>,
  publicUrl: string,
  target: CodeTarget,
  actor: number,
  ip: string,
): Promise<CreatedCodes> {
  const now = new Date();
  const today = todayIso(now);
  const persons = await targetPersons(db, target, today);
  const settings = await getSettings(db);
  const logo = settings.logo_file_id ? await findFile(db, settings.logo_file_id) : null;
  const expires = new Date(now.getTime() + ACTIVATION_CODE_DAYS * DAY_MS);
  const expiresOn = todayIso(expires);
  const codes = persons.map(() => newActivationCode());
  const slips: ActivationSlip[] = persons.map((p, i) => ({
    name: p.name,
    nik: maskIdNumber(p.nik),
    place: placeOf(p),
    code: codes[i]!,
    url: `${publicUrl}/auth/activate?code=${formatActivationCode(codes[i]!)}`,
    expiresOn,
  }));
  const pdf = await renderActivationSlips(
    {
      name: villageName(settings),
      kecamatan: settings.kecamatan,
      kabupaten: settings.kabupaten,
      provinsi: settings.provinsi,
      address: settings.address ?? '',
      postal_code: settings.postal_code ?? '',
      phone: settings.phone ?? '',
      email: settings.email ?? '',
      head_name: settings.head_name ?? '',
      head_nip: settings.head_nip,
      logo: logo ? Buffer.from(logo.bytes) : null,
    },
    slips,
    new Date(Math.floor(now.getTime() / 1000) * 1000),
  );

  const at = now.toISOString();
  await db
    .transaction()
    .execute((trx) =>
      storeCodes(trx, persons, codes, target, { actor, ip, at, expiresAt: expires.toISOString() }),
    );
  const stamp = today.replaceAll('-', '');
  return {
    pdf,
    count: persons.length,
    fileName: `slip-kode-aktivasi-${target.kind}-${target.id}-${stamp}.pdf`,
  };
}

interface Issuer {
  actor: number;
  ip: string;
  at: string;
  expiresAt: string;
}

/**
 * Stores the codes' hashes (revoking each person's open code) and audits both, in `trx`; how a
 * code went out besides the slip (`sent`, a masked number) is in the created row's detail.
 */
async function storeCodes(
  trx: Transaction<Database>,
  persons: Pick<CodePerson, 'id'>[],
  codes: string[],
  target: CodeTarget,
  by: Issuer,
  sent?: { channel: NoticeChannel; to: string },
) {
  const { actor, ip, at } = by;
  const replaced = await revokeOpenCodes(
    trx,
    persons.map((p) => p.id),
    actor,
    at,
  );
  const inserted = await insertCodes(
    trx,
    persons.map((p, i) => ({
      person_id: p.id,
      code_hash: codeHash(codes[i]!),
      scope: target.kind,
      created_by: actor,
      created_at: at,
      expires_at: by.expiresAt,
    })),
  );
  const row = (action: string, id: number, detail: object) => ({
    user_id: actor,
    action,
    subject_type: 'activation_code',
    subject_id: id,
    subject_key: null,
    ip,
    detail: JSON.stringify(detail),
    created_at: at,
  });
  const audit = [
    ...replaced.map((r) =>
      row('activation_code.revoked', r.id, { person_id: r.person_id, reason: 'replaced' }),
    ),
    ...inserted.map((r) =>
      row('activation_code.created', r.id, {
        person_id: r.person_id,
        scope: target.kind,
        target_id: target.id,
        ...(sent ? { sent } : {}),
      }),
    ),
  ];
  // One statement per 200 rows (PostgreSQL takes at most 65,535 parameters).
  for (let i = 0; i < audit.length; i += 200) {
    await trx
      .insertInto('audit_log')
      .values(audit.slice(i, i + 200))
      .execute();
  }
  return inserted;
}

export const WHATSAPP_OFF = 'WhatsApp belum diaktifkan: atur gateway WhatsApp terlebih dahulu.';

/**
 * Makes a code for one person and sends it to the WhatsApp number the office gives (issue 22.4):
 * the number is normalised, the code stored hashed and the message queued in the outbox in one
 * transaction, with the village's name and the activation link, never the NIK. The answer says
 * only where it went (masked) and until when; the code appears nowhere else.
 */
export async function sendActivationCodeWhatsapp(
  db: Kysely<Database>,
  publicUrl: string,
  personId: number,
  phone: string,
  channel: NoticeChannel | null,
  actor: number,
  ip: string,
): Promise<{ sentTo: string; expiresAt: string }> {
  const parsed = normalizePhone(phone);
  if (!parsed.ok) throw new HttpError(422, parsed.message, { phone: [parsed.message] });
  if (!channel) throw new HttpError(422, WHATSAPP_OFF, { phone: [WHATSAPP_OFF] });
  const now = new Date();
  const target: CodeTarget = { kind: 'person', id: personId };
  const persons = await targetPersons(db, target, todayIso(now));
  const village = villageName(await getSettings(db));
  const code = newActivationCode();
  const expiresAt = new Date(now.getTime() + ACTIVATION_CODE_DAYS * DAY_MS).toISOString();
  const link = `${publicUrl}/auth/activate?code=${formatActivationCode(code)}`;
  const sentTo = maskPhone(parsed.phone);
  await db.transaction().execute(async (trx) => {
    const by = { actor, ip, at: now.toISOString(), expiresAt };
    await storeCodes(trx, persons, [code], target, by, { channel, to: sentTo });
    const body = activationCodeText(
      village,
      formatActivationCode(code),
      link,
      todayIso(new Date(expiresAt)),
    );
    const notice = { userId: persons[0]!.user_id, kind: 'activation_code', channel };
    await queueNotices(trx, [{ ...notice, recipient: parsed.phone, body }], now);
  });
  return { sentTo, expiresAt };
}

export function codeState(
  c: { used_at: string | null; revoked_at: string | null; expires_at: string },
  now: string,
): ActivationCodeState {
  if (c.used_at) return 'used';
  if (c.revoked_at) return 'revoked';
  return c.expires_at <= now ? 'expired' : 'open';
}

/** A person's codes as the office sees them: state and history, never the code. */
export async function personCodes(
  db: Kysely<Database>,
  personId: number,
): Promise<ActivationCodeItem[]> {
  const person = await db
    .selectFrom('register_persons')
    .select('id')
    .where('id', '=', personId)
    .executeTakeFirst();
  if (!person) throw notFound('Penduduk tidak ditemukan.');
  const now = nowIso();
  return (await listPersonCodes(db, personId)).map((c) => ({ ...c, state: codeState(c, now) }));
}

/** Revokes every open code of a person; how many. */
export async function revokePersonCodes(
  db: Kysely<Database>,
  personId: number,
  actor: number,
  ip: string,
): Promise<number> {
  await personCodes(db, personId);
  return db.transaction().execute(async (trx) => {
    const rows = await revokeOpenCodes(trx, [personId], actor, nowIso());
    for (const r of rows) {
      await writeAudit(trx, {
        user_id: actor,
        action: 'activation_code.revoked',
        subject_type: 'activation_code',
        subject_id: r.id,
        ip,
        detail: { person_id: r.person_id, reason: 'office' },
      });
    }
    return rows.length;
  });
}

/** Revokes one code; 404 unknown, 409 when it is no longer open. */
export async function revokeOneCode(
  db: Kysely<Database>,
  id: number,
  actor: number,
  ip: string,
): Promise<void> {
  const row = await findCode(db, id);
  if (!row) throw notFound('Kode aktivasi tidak ditemukan.');
  await db.transaction().execute(async (trx) => {
    const done = await revokeCode(trx, id, actor, nowIso());
    if (!done) {
      const state = codeState(row, nowIso());
      const word = {
        used: 'sudah dipakai',
        revoked: 'sudah dicabut',
        expired: 'sudah kedaluwarsa',
        open: 'berubah',
      }[state];
      throw new HttpError(409, `Kode aktivasi ini ${word}, tidak perlu dicabut.`);
    }
    await writeAudit(trx, {
      user_id: actor,
      action: 'activation_code.revoked',
      subject_type: 'activation_code',
      subject_id: id,
      ip,
      detail: { person_id: row.person_id, reason: 'office' },
    });
  });
}
