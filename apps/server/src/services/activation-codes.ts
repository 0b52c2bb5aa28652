import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_DAYS,
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_CODE_MIN_AGE,
  RESIDENT_ROLE,
  ageOn,
  formatActivationCode,
  maskIdNumber,
  todayIso,
} from '@balai/domain';
import {
  NO_EMAIL_DOMAIN,
  type ActivationCodeItem,
  type ActivationCodeState,
} from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { nowIso } from '../lib/time.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { villageName } from '../letters/letter-document.ts';
import { renderActivationSlips, type ActivationSlip } from '../letters/pdf/activation-slip.ts';
import {
  codePersons,
  findCode,
  findCodeByHash,
  insertCodes,
  listPersonCodes,
  markCodeUsed,
  revokeCode,
  revokeOpenCodes,
  type CodePerson,
} from '../repositories/activation-codes.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import { findFile } from '../repositories/files.ts';
import { getSettings } from '../repositories/settings.ts';
import { revokeUserSessions } from '../repositories/sessions.ts';
import {
  findUniqueClashes,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from '../repositories/users.ts';
import { FAILURE, admit, biodata, findCandidate } from './activation.ts';
import { dropReservation, reservationFailed } from './attempts.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';

/**
 * Activation codes from the office (issue 21.2, ADR 0029, docs/accounts.md). An administrator
 * who has seen a person's KTP prints a slip with a one-time code; the person opens their account
 * with it, already verified, or — when they have one — sets a new password (the office's answer
 * to a forgotten password). Only the code's SHA-256 is stored; the code is in the PDF alone.
 */

/** The one answer to a code that cannot be used, whatever the reason (kept in the audit only). */
export const CODE_REFUSED =
  'Kode aktivasi tidak dapat dipakai. Periksa kembali kodenya; jika sudah benar, minta kode baru ke kantor desa.';
/** At most this many slips in one PDF (an area larger than this is printed RT by RT). */
export const MAX_SLIPS = 600;

const DAY_MS = 86_400_000;
const LIFE_LABEL: Record<string, string> = {
  meninggal: 'meninggal dunia',
  pindah: 'pindah keluar',
  hilang: 'hilang',
};

/** Ten characters drawn uniformly from the alphabet: 31^10 ≈ 2^49.5 codes. */
export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i++) {
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  }
  return code;
}

export const codeHash = (code: string) => sha256Hex(code);

/** Old enough for a KTP (17) or married: who gets a code with their family or area. */
export function ktpAge(p: Pick<CodePerson, 'birth_date' | 'marital_status'>, today: string) {
  const married = p.marital_status !== null && p.marital_status !== 1;
  return (
    married || (p.birth_date !== null && ageOn(p.birth_date, today) >= ACTIVATION_CODE_MIN_AGE)
  );
}

export type CodeTarget =
  { kind: 'person'; id: number } | { kind: 'family'; id: number } | { kind: 'area'; id: number };

const ORDER = ['rt', 'family', 'relationship'] as const;

/** The persons a target gives a code to; a 404/422 in Indonesian when there is none. */
async function targetPersons(db: Kysely<Database>, target: CodeTarget, today: string) {
  if (target.kind === 'person') {
    const p = await codePersons(db).where('p.id', '=', target.id).executeTakeFirst();
    if (!p) throw notFound('Penduduk tidak ditemukan.');
    if (p.life_status !== 'hidup') {
      throw new HttpError(
        422,
        `${p.name} tercatat ${LIFE_LABEL[p.life_status] ?? p.life_status}: kode aktivasi hanya untuk warga yang masih tinggal di desa.`,
      );
    }
    if (!ktpAge(p, today)) {
      throw new HttpError(
        422,
        `${p.name} belum berumur ${ACTIVATION_CODE_MIN_AGE} tahun dan belum kawin (belum wajib KTP): kode aktivasi belum dapat dibuat.`,
      );
    }
    return [p];
  }
  let q = codePersons(db).where('p.life_status', '=', 'hidup');
  let what: string;
  if (target.kind === 'family') {
    const family = await db
      .selectFrom('register_families')
      .select('id')
      .where('id', '=', target.id)
      .executeTakeFirst();
    if (!family) throw notFound('Keluarga tidak ditemukan.');
    q = q.where('p.family_id', '=', target.id);
    what = 'anggota keluarga ini';
  } else {
    const area = await db
      .selectFrom('register_areas')
      .select(['id', 'kind', 'name'])
      .where('id', '=', target.id)
      .executeTakeFirst();
    if (!area) throw notFound('Wilayah tidak ditemukan.');
    const column =
      area.kind === 'dusun' ? 'p.dusun_id' : area.kind === 'rw' ? 'p.rw_id' : 'p.rt_id';
    q = q.where(column, '=', target.id);
    what = `warga ${area.kind === 'dusun' ? 'Dusun' : area.kind.toUpperCase()} ${area.name}`;
  }
  const rows = (await q.orderBy('p.id').execute())
    // With a family or an area: living, of KTP age, and without an account (a reset is
    // asked for one person).
    .filter((p) => p.user_id === null && ktpAge(p, today));
  if (rows.length === 0) {
    throw new HttpError(
      422,
      `Tidak ada ${what} yang dapat diberi kode aktivasi: semua sudah punya akun, belum berumur ${ACTIVATION_CODE_MIN_AGE} tahun, atau tidak lagi tinggal di desa.`,
    );
  }
  if (rows.length > MAX_SLIPS) {
    throw new HttpError(
      422,
      `Terlalu banyak slip sekaligus (${rows.length}; paling banyak ${MAX_SLIPS}). Cetak per RT.`,
    );
  }
  // Printed in the order an RT head walks: by RT, by family, head of family first.
  const key = (p: CodePerson) => [p.rt ?? '', p.family_id ?? 0, p.relationship ?? 99] as const;
  return rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ORDER.length; i++) {
      const x = ka[i]!;
      const y = kb[i]!;
      if (x !== y)
        return typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), 'id', { numeric: true });
    }
    return a.id - b.id;
  });
}

function placeOf(p: CodePerson): string {
  return [
    p.dusun ? `Dusun ${p.dusun}` : null,
    p.rw ? `RW ${p.rw}` : null,
    p.rt ? `RT ${p.rt}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

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
  await db.transaction().execute(async (trx) => {
    const ids = persons.map((p) => p.id);
    const replaced = await revokeOpenCodes(trx, ids, actor, at);
    const inserted = await insertCodes(
      trx,
      persons.map((p, i) => ({
        person_id: p.id,
        code_hash: codeHash(codes[i]!),
        scope: target.kind,
        created_by: actor,
        created_at: at,
        expires_at: expires.toISOString(),
      })),
    );
    const audit = [
      ...replaced.map((r) => ({
        user_id: actor,
        action: 'activation_code.revoked',
        subject_type: 'activation_code',
        subject_id: r.id,
        subject_key: null,
        ip,
        detail: JSON.stringify({ person_id: r.person_id, reason: 'replaced' }),
        created_at: at,
      })),
      ...inserted.map((r) => ({
        user_id: actor,
        action: 'activation_code.created',
        subject_type: 'activation_code',
        subject_id: r.id,
        subject_key: null,
        ip,
        detail: JSON.stringify({
          person_id: r.person_id,
          scope: target.kind,
          target_id: target.id,
        }),
        created_at: at,
      })),
    ];
    // One statement per 200 rows (PostgreSQL takes at most 65,535 parameters).
    for (let i = 0; i < audit.length; i += 200) {
      await trx
        .insertInto('audit_log')
        .values(audit.slice(i, i + 200))
        .execute();
    }
  });
  const stamp = today.replaceAll('-', '');
  return {
    pdf,
    count: persons.length,
    fileName: `slip-kode-aktivasi-${target.kind}-${target.id}-${stamp}.pdf`,
  };
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

export interface CodeActivationRequest {
  code: string;
  phone?: string | undefined;
  email?: string | undefined;
  password: string;
}

/**
 * Uses a code: a new account for the person (verified: the office saw the KTP), or, when the
 * person has one, a new password for it (verified too; its sessions end; the phone or e-mail
 * given replace the old ones). Every refusal is the one generic 422 after the same work.
 */
export async function activateWithCode(
  db: Kysely<Database>,
  input: CodeActivationRequest,
  ip: string,
): Promise<{ user: UserRow; reset: boolean }> {
  const hash = codeHash(input.code);
  const reservation = await admit(db, sha256Hex(`activation-code:${input.code}`).slice(0, 40), ip);
  let recorded = false;
  const fail = async (reason: string, status = 422, field?: string, message = CODE_REFUSED) => {
    await reservationFailed(db, reservation, { action: FAILURE, detail: { reason } });
    recorded = true;
    throw new HttpError(status, message, field ? { [field]: [message] } : undefined);
  };
  try {
    await assertAcceptablePassword(input.password, input);
    const [passwordHash, code] = await Promise.all([
      hashPassword(input.password),
      findCodeByHash(db, hash),
    ]);
    const now = nowIso();
    if (!code) return await fail('unknown_code');
    const state = codeState(code, now);
    if (state !== 'open') return await fail(`code_${state}`);
    const person = await db
      .selectFrom('register_persons')
      .select(['nik', 'life_status'])
      .where('id', '=', code.person_id)
      .executeTakeFirstOrThrow();
    if (person.life_status !== 'hidup') return await fail('not_living');
    const candidate = await findCandidate(db, person.nik);
    if (!candidate) return await fail('not_living');
    const existingId = candidate.linked_user ?? candidate.nik_user;
    const existing = existingId !== null ? await findUserById(db, existingId) : undefined;
    if (existing && !existing.active) return await fail('inactive_account');
    if (input.email) {
      const clash = (await findUniqueClashes(db, { email: input.email }, existing?.id)).email;
      if (clash) {
        await fail('email_taken', 422, 'email', 'E-mail sudah dipakai akun lain.');
      }
    }
    const verifiedBy = code.created_by;
    try {
      const user = await db.transaction().execute(async (trx) => {
        let row: UserRow;
        if (existing) {
          row = await updateUser(trx, existing.id, {
            password_hash: passwordHash,
            register_person_id: candidate.id,
            register_matched_at: existing.register_matched_at ?? now,
            ...(existing.identity_verified_at
              ? {}
              : { identity_verified_at: now, identity_verified_by: verifiedBy }),
            ...(input.phone ? { phone: input.phone } : {}),
            ...(input.email ? { email: input.email } : {}),
          });
          await revokeUserSessions(trx, existing.id);
        } else {
          row = await insertUser(trx, {
            ...biodata(candidate),
            email: input.email ?? `warga-${candidate.id}@${NO_EMAIL_DOMAIN}`,
            phone: input.phone ?? null,
            password_hash: passwordHash,
            role: RESIDENT_ROLE,
            register_person_id: candidate.id,
            register_matched_at: now,
            identity_verified_at: now,
            identity_verified_by: verifiedBy,
          });
        }
        // Conditional: of two simultaneous uses of one code, one wins; the other rolls back.
        if (!(await markCodeUsed(trx, code.id, row.id, now))) throw new CodeTaken();
        await writeAudit(trx, {
          action: 'activation_code.used',
          user_id: row.id,
          subject_type: 'activation_code',
          subject_id: code.id,
          ip,
          detail: { person_id: code.person_id, outcome: existing ? 'password_reset' : 'activated' },
        });
        if (!existing) {
          await writeAudit(trx, {
            action: 'account.activated',
            user_id: row.id,
            subject_type: 'user',
            subject_id: row.id,
            ip,
            detail: { register_person_id: candidate.id, by: 'code', code_id: code.id },
          });
        }
        return row;
      });
      await dropReservation(db, reservation);
      return { user, reset: existing !== undefined };
    } catch (err) {
      if (err instanceof CodeTaken || isUniqueViolation(err)) return await fail('code_race');
      throw err;
    }
  } catch (err) {
    if (!(err instanceof HttpError)) await dropReservation(db, reservation).catch(() => undefined);
    else if (!recorded) {
      await reservationFailed(db, reservation, {
        action: FAILURE,
        detail: { reason: 'input' },
      }).catch(() => undefined);
    }
    throw err;
  }
}

class CodeTaken extends Error {}
