import type { Kysely } from 'kysely';
import { RESIDENT_ROLE } from '@balai/domain';
import { NO_EMAIL_DOMAIN } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { nowIso } from '../lib/time.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { recentFailures, writeAudit } from '../repositories/audit-log.ts';
import { biodataOf } from '../repositories/register-links.ts';
import { findUniqueClashes, insertUser, type UserRow } from '../repositories/users.ts';
import {
  admitAttempt,
  blockedUntil,
  dropReservation,
  pendingAction,
  reservationFailed,
  reserveAttempt,
} from './attempts.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';

/**
 * A resident activates their own account (issue 21, docs/accounts.md): NIK, No. KK and birth
 * date must match a living person of the register who has no account yet. Every refusal is the
 * same answer after the same work (the attempt recorded, the password hashed, the same reads),
 * so nobody learns whether a NIK is in the register, who is dead, or who already has an account.
 */
export const ACTIVATION_REFUSED =
  'Data tidak dapat dicocokkan dengan buku induk desa. Periksa NIK, No. KK, dan tanggal lahir; jika sudah benar, hubungi kantor desa.';
/** Failed activations per NIK in ACTIVATION_WINDOW_MS, from any address. */
export const ACTIVATION_PER_NIK = 5;
/** Failed activations per address in ACTIVATION_WINDOW_MS, whatever the NIK. */
export const ACTIVATION_PER_ADDRESS = 10;
export const ACTIVATION_WINDOW_MS = 60 * 60_000;

export const FAILURE = 'activation.failure';
const COUNTED = [FAILURE, pendingAction('activation')] as const;

export interface ActivationRequest {
  nik: string;
  kk_number: string;
  birth_date: string;
  phone?: string | undefined;
  email?: string | undefined;
  password: string;
}

/** The audit key of a NIK typed at activation (never the NIK itself). */
const nikKey = (nik: string) => sha256Hex(`activation:${nik}`).slice(0, 40);

/** Records the attempt, then refuses it (429) while the limit per NIK or per address holds. */
export async function admit(db: Kysely<Database>, key: string, ip: string): Promise<number> {
  const { reservation, until } = await admitAttempt(
    db,
    () => reserveAttempt(db, 'activation', { subject_key: key, ip }),
    async (except, withPending) => {
      const since = new Date(Date.now() - ACTIVATION_WINDOW_MS).toISOString();
      const action = withPending ? COUNTED : [FAILURE];
      const [byNik, byAddress] = await Promise.all([
        recentFailures(db, { action, since, subjectKey: key, except }),
        recentFailures(db, { action, since, ip, except }),
      ]);
      return Math.max(
        blockedUntil(byNik, ACTIVATION_PER_NIK, ACTIVATION_WINDOW_MS),
        blockedUntil(byAddress, ACTIVATION_PER_ADDRESS, ACTIVATION_WINDOW_MS),
      );
    },
  );
  if (reservation !== null) return reservation;
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  await writeAudit(db, { action: 'activation.blocked', subject_key: key, ip });
  throw new HttpError(
    429,
    `Terlalu banyak percobaan aktivasi. Silakan coba lagi dalam ${Math.ceil(seconds / 60)} menit.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** The register person with that NIK, their family's No. KK, place names and any account. */
export function findCandidate(db: Kysely<Database>, nik: string) {
  return db
    .selectFrom('register_persons as p')
    .leftJoin('register_families as f', 'f.id', 'p.family_id')
    .leftJoin('register_areas as d', 'd.id', 'p.dusun_id')
    .leftJoin('register_areas as rw', 'rw.id', 'p.rw_id')
    .leftJoin('register_areas as rt', 'rt.id', 'p.rt_id')
    .leftJoin('users as u', (j) => j.onRef('u.register_person_id', '=', 'p.id'))
    .leftJoin('users as n', (j) => j.onRef('n.nik', '=', 'p.nik'))
    .select([
      'p.id',
      'p.nik',
      'p.name',
      'p.gender',
      'p.birth_place',
      'p.birth_date',
      'p.religion',
      'p.education',
      'p.occupation',
      'p.marital_status',
      'p.nationality',
      'p.address',
      'p.life_status',
      'f.kk_number',
      'd.name as hamlet',
      'rw.name as rw',
      'rt.name as rt',
      'u.id as linked_user',
      'n.id as nik_user',
    ])
    .where('p.nik', '=', nik)
    .executeTakeFirst();
}

export type Candidate = NonNullable<Awaited<ReturnType<typeof findCandidate>>>;

/** Why a candidate cannot activate (for the audit only), or null when it can. */
function refusal(c: Candidate | undefined, input: ActivationRequest): string | null {
  if (!c) return 'unknown_nik';
  if (c.kk_number !== input.kk_number) return 'wrong_kk';
  if (c.birth_date !== input.birth_date) return 'wrong_birth_date';
  if (c.life_status !== 'hidup') return 'not_living';
  if (c.linked_user !== null || c.nik_user !== null) return 'has_account';
  return null;
}

/** The account's biodata, from the register: the same labels as a letter's applicant block. */
export function biodata(c: Candidate) {
  return biodataOf(c);
}

/** Activates the account or throws the one generic 422 (or 429 past the limits). */
export async function activateAccount(
  db: Kysely<Database>,
  input: ActivationRequest,
  ip: string,
): Promise<UserRow> {
  const key = nikKey(input.nik);
  // Recorded before anything is checked, so parallel guesses cannot pass the limits.
  const reservation = await admit(db, key, ip);
  let recorded = false;
  const fail = async (
    reason: string,
    status = 422,
    field?: string,
    message = ACTIVATION_REFUSED,
  ) => {
    await reservationFailed(db, reservation, { action: FAILURE, detail: { reason } });
    recorded = true;
    throw new HttpError(status, message, field ? { [field]: [message] } : undefined);
  };
  try {
    // Checked against what was typed only (not the register's name): the same for every NIK.
    await assertAcceptablePassword(input.password, input);
    if (input.email && (await findUniqueClashes(db, { email: input.email })).email) {
      await fail('email_taken', 422, 'email', 'E-mail sudah dipakai akun lain.');
    }
    // The same work on every path: one hash, one read.
    const [passwordHash, candidate] = await Promise.all([
      hashPassword(input.password),
      findCandidate(db, input.nik),
    ]);
    const reason = refusal(candidate, input);
    if (reason !== null || !candidate) return await fail(reason ?? 'unknown_nik');
    const now = nowIso();
    try {
      const user = await db.transaction().execute(async (trx) => {
        const row = await insertUser(trx, {
          ...biodata(candidate),
          email: input.email ?? `warga-${candidate.id}@${NO_EMAIL_DOMAIN}`,
          phone: input.phone ?? null,
          password_hash: passwordHash,
          role: RESIDENT_ROLE,
          register_person_id: candidate.id,
          register_matched_at: now,
        });
        await writeAudit(trx, {
          action: 'account.activated',
          user_id: row.id,
          subject_type: 'user',
          subject_id: row.id,
          ip,
          detail: { register_person_id: candidate.id, by: input.email ? 'email' : 'phone' },
        });
        return row;
      });
      await dropReservation(db, reservation);
      return user;
    } catch (err) {
      // A second activation of the same person racing this one: the same generic answer.
      if (isUniqueViolation(err)) return await fail('has_account');
      throw err;
    }
  } catch (err) {
    if (!(err instanceof HttpError)) await dropReservation(db, reservation).catch(() => undefined);
    else if (!recorded) {
      // A password the rules refuse: not a guess at the register, but still counted.
      await reservationFailed(db, reservation, {
        action: FAILURE,
        detail: { reason: 'input' },
      }).catch(() => undefined);
    }
    throw err;
  }
}
