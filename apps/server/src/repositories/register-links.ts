import type { Kysely } from 'kysely';
import {
  CITIZENSHIP_CODES,
  EDUCATION_CODES,
  EDUCATIONS,
  labelOf,
  MARITAL_CODES,
  maskIdNumber,
  OCCUPATION_CODES,
  RELATIONSHIP_CODES,
  RELIGION_CODES,
  RESIDENT_ROLE,
  SEX_CODES,
  USER_IDENTITY_FIELD_NAMES,
  type Education,
  type RegisterLink,
  type UserIdentityField,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { nowIso } from '../lib/time.ts';
import { writeAudit } from './audit-log.ts';
import { personRows, type PersonRow } from './register-persons.ts';

/**
 * Accounts and the population register (issue 21, docs/accounts.md): a person's biodata as an
 * account or a letter's applicant holds it, the family a resident may file letters for, the
 * accounts' identity following the register, and matching older accounts by NIK.
 */

/**
 * The register's national education codes on the profile's shorter list (choices.ts EDUCATIONS):
 * the highest level completed, so "Belum Tamat SD" is no schooling yet and Diploma I/II is D1–D3.
 */
const PROFILE_EDUCATION: Record<string, Education> = {
  'Tidak/Belum Sekolah': 'Tidak/Belum Sekolah',
  'Belum Tamat SD/Sederajat': 'Tidak/Belum Sekolah',
  'Tamat SD/Sederajat': 'SD/Sederajat',
  'SLTP/Sederajat': 'SMP/Sederajat',
  'SLTA/Sederajat': 'SMA/Sederajat',
  'Diploma I/II': 'D1–D3',
  'Akademi/Diploma III/S. Muda': 'D1–D3',
  'Diploma IV/Strata I': 'D4/S1',
  'Strata II': 'S2',
  'Strata III': 'S3',
};

/** The profile's education for a register code; null when there is none. */
export function profileEducation(code: number | null): Education | null {
  const label = labelOf(EDUCATION_CODES, code);
  if (!label) return null;
  return (
    PROFILE_EDUCATION[label] ??
    ((EDUCATIONS as readonly string[]).includes(label) ? (label as Education) : null)
  );
}

/** What biodataOf reads: a register person (or an activation's candidate) with its places. */
export type BiodataSource = Pick<
  PersonRow,
  | 'name'
  | 'nik'
  | 'kk_number'
  | 'birth_place'
  | 'birth_date'
  | 'gender'
  | 'religion'
  | 'marital_status'
  | 'occupation'
  | 'education'
  | 'nationality'
  | 'address'
  | 'rt'
  | 'rw'
  | 'hamlet'
>;

/** A register person's biodata as the account and the applicant block hold it (code labels). */
export function biodataOf(p: BiodataSource, familyAddress: string | null = null) {
  return {
    name: p.name,
    nik: p.nik,
    kk_number: p.kk_number,
    birth_place: p.birth_place,
    birth_date: p.birth_date,
    gender: labelOf(SEX_CODES, p.gender),
    religion: labelOf(RELIGION_CODES, p.religion),
    marital_status: labelOf(MARITAL_CODES, p.marital_status),
    occupation: labelOf(OCCUPATION_CODES, p.occupation),
    // The profile's education list is shorter than the national one: mapped (issue 21 fix).
    education: profileEducation(p.education),
    nationality: labelOf(CITIZENSHIP_CODES, p.nationality),
    address: p.address ?? familyAddress,
    rt: p.rt,
    rw: p.rw,
    hamlet: p.hamlet,
  };
}

/** A person of the register with their family's address (for the applicant block). */
export async function findSubject(
  db: Kysely<Database>,
  personId: number,
): Promise<(PersonRow & { family_address: string | null }) | undefined> {
  const row = (await personRows(db, [personId]))[0];
  if (!row) return undefined;
  const family =
    row.family_id === null
      ? undefined
      : await db
          .selectFrom('register_families')
          .select('address')
          .where('id', '=', row.family_id)
          .executeTakeFirst();
  return { ...row, family_address: family?.address ?? null };
}

/** Where an account stands in the register: its person and that person's family. */
export async function registerLinkOf(
  db: Kysely<Database>,
  user: { register_person_id: number | null },
): Promise<RegisterLink & { life_status: PersonRow['life_status'] | null }> {
  if (user.register_person_id === null) {
    return { person_id: null, family_id: null, life_status: null };
  }
  const p = await db
    .selectFrom('register_persons')
    .select(['id', 'family_id', 'life_status'])
    .where('id', '=', user.register_person_id)
    .executeTakeFirst();
  return p
    ? { person_id: p.id, family_id: p.family_id, life_status: p.life_status }
    : { person_id: null, family_id: null, life_status: null };
}

/** The members of a family, in SHDK order then by birth date (masked NIK, relationship label). */
export function familyMembers(db: Kysely<Database>, familyId: number) {
  return members(db, 'family_id', familyId);
}

/** A person without a family, in the same shape: only themselves. */
export function familyMembersOf(db: Kysely<Database>, personId: number) {
  return members(db, 'id', personId);
}

async function members(db: Kysely<Database>, column: 'family_id' | 'id', value: number) {
  const rows = await db
    .selectFrom('register_persons')
    .select(['id', 'name', 'nik', 'relationship', 'gender', 'birth_date', 'life_status'])
    .where(column, '=', value)
    .orderBy('relationship')
    .orderBy('birth_date')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    person_id: r.id,
    name: r.name,
    nik_masked: maskIdNumber(r.nik),
    relationship: labelOf(RELATIONSHIP_CODES, r.relationship),
    gender: labelOf(SEX_CODES, r.gender),
    birth_date: r.birth_date,
    life_status: r.life_status,
  }));
}

// ---- Identity follows the register -----------------------------------------------------------

type Identity = Record<UserIdentityField, string | null> & { name: string };

/**
 * Every account linked to one of these people (all linked accounts when `personIds` is absent)
 * takes the register's name, NIK, No. KK, birth place and date, in the caller's transaction.
 * Each account changed gets a `user.identity.change` audit row (NIK and No. KK masked, as every
 * identity change). A NIK another account already holds is a 409, and nothing is written.
 */
export async function followRegister(
  db: Kysely<Database>,
  actor: { userId: number | null; ip?: string | null },
  personIds?: readonly number[],
  /** After an import: an account whose new NIK another account holds is left as it is. */
  clash: 'throw' | 'skip' = 'throw',
): Promise<number> {
  if (personIds?.length === 0) return 0;
  let q = db
    .selectFrom('users as u')
    .innerJoin('register_persons as p', 'p.id', 'u.register_person_id')
    .leftJoin('register_families as f', 'f.id', 'p.family_id')
    .select([
      'u.id',
      'u.name',
      'u.nik',
      'u.kk_number',
      'u.birth_place',
      'u.birth_date',
      'p.name as p_name',
      'p.nik as p_nik',
      'f.kk_number as p_kk_number',
      'p.birth_place as p_birth_place',
      'p.birth_date as p_birth_date',
    ]);
  if (personIds) q = q.where('u.register_person_id', 'in', [...personIds]);
  const rows = await q.execute();
  let changed = 0;
  for (const r of rows) {
    const next: Identity = {
      name: r.p_name,
      nik: r.p_nik,
      kk_number: r.p_kk_number,
      birth_place: r.p_birth_place,
      birth_date: r.p_birth_date,
    };
    const changes = USER_IDENTITY_FIELD_NAMES.filter((f) => (r[f] ?? null) !== next[f]);
    if (changes.length === 0) continue;
    if (changes.includes('nik')) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('nik', '=', next.nik)
        .where('id', '!=', r.id)
        .executeTakeFirst();
      if (taken && clash === 'skip') continue;
      if (taken) {
        throw new HttpError(
          409,
          `NIK ${maskIdNumber(next.nik)} sudah dipakai akun lain, sehingga akun ${r.name} tidak dapat mengikuti buku induk. Periksa akun-akun itu di menu Pengguna lebih dulu.`,
        );
      }
    }
    const values = Object.fromEntries(changes.map((f) => [f, next[f]])) as Partial<Identity>;
    await db
      .updateTable('users')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', r.id)
      .execute();
    const shown = (f: UserIdentityField, v: string | null) =>
      f === 'nik' || f === 'kk_number' ? maskIdNumber(v) : v;
    await writeAudit(db, {
      action: 'user.identity.change',
      user_id: actor.userId,
      subject_type: 'user',
      subject_id: r.id,
      ip: actor.ip ?? null,
      detail: {
        from_register: true,
        changes: Object.fromEntries(
          changes.map((f) => [f, { old: shown(f, r[f] ?? null), new: shown(f, next[f]) }]),
        ),
      },
    });
    changed++;
  }
  return changed;
}

// ---- Matching older accounts by NIK ---------------------------------------------------------

/** Why a resident's account is not linked to the register. */
export type UnmatchedReason =
  'no_nik' | 'not_in_register' | 'birth_date_differs' | 'person_taken' | 'matchable';

export const UNMATCHED_LABELS: Record<UnmatchedReason, string> = {
  no_nik: 'Akun belum berisi NIK',
  not_in_register: 'NIK tidak ada di buku induk',
  birth_date_differs: 'Tanggal lahir berbeda dengan buku induk',
  person_taken: 'Penduduk dengan NIK ini sudah terhubung ke akun lain',
  matchable: 'NIK ada di buku induk; belum dicocokkan',
};

function residentsUnlinked(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('register_persons as p', 'p.nik', 'u.nik')
    .leftJoin('users as o', 'o.register_person_id', 'p.id')
    .where('u.role', '=', RESIDENT_ROLE)
    .where('u.register_person_id', 'is', null);
}

const reasonOf = (r: {
  nik: string | null;
  person_id: number | null;
  p_birth_date: string | null;
  birth_date: string | null;
  other_id: number | null;
}): UnmatchedReason | null => {
  if (!r.nik) return 'no_nik';
  if (r.person_id === null) return 'not_in_register';
  if (r.other_id !== null) return 'person_taken';
  // Both dates known and different: the NIK may be mistyped; the office decides.
  if (r.birth_date && r.p_birth_date && r.birth_date !== r.p_birth_date) {
    return 'birth_date_differs';
  }
  return null;
};

const UNLINKED_COLUMNS = [
  'u.id',
  'u.name',
  'u.email',
  'u.nik',
  'u.birth_date',
  'u.created_at',
  'p.id as person_id',
  'p.birth_date as p_birth_date',
  'o.id as other_id',
] as const;

/**
 * Links every resident account without a register person to the person holding its NIK, when
 * that person has no account yet and the birth dates do not disagree; the account then takes the
 * register's identity. Run after each committed import (and on the office's request); running it
 * again changes nothing. The ids of the accounts linked.
 */
export async function matchAccountsByNik(
  db: Kysely<Database>,
  actor: { userId: number | null; ip?: string | null },
): Promise<number[]> {
  const rows = await residentsUnlinked(db)
    .select([...UNLINKED_COLUMNS])
    .execute();
  const linked: number[] = [];
  const taken = new Set<number>();
  const now = nowIso();
  for (const r of rows) {
    if (reasonOf(r) !== null || r.person_id === null || taken.has(r.person_id)) continue;
    taken.add(r.person_id);
    await db
      .updateTable('users')
      .set({ register_person_id: r.person_id, register_matched_at: now, updated_at: now })
      .where('id', '=', r.id)
      .where('register_person_id', 'is', null)
      .execute();
    await writeAudit(db, {
      action: 'account.register_matched',
      user_id: actor.userId,
      subject_type: 'user',
      subject_id: r.id,
      ip: actor.ip ?? null,
      detail: { register_person_id: r.person_id, by: 'nik' },
    });
    linked.push(r.id);
  }
  if (linked.length > 0) {
    await followRegister(
      db,
      actor,
      rows.filter((r) => linked.includes(r.id)).map((r) => r.person_id!),
    );
  }
  return linked;
}

/** The resident accounts not linked to the register, oldest first, each with the reason. */
export async function unmatchedAccounts(db: Kysely<Database>, limit: number) {
  const [rows, count] = await Promise.all([
    residentsUnlinked(db)
      .select([...UNLINKED_COLUMNS])
      .orderBy('u.created_at')
      .orderBy('u.id')
      .limit(limit)
      .execute(),
    residentsUnlinked(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => {
      const reason = reasonOf(r) ?? 'matchable';
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        nik_masked: r.nik ? maskIdNumber(r.nik) : null,
        created_at: r.created_at,
        reason,
        reason_label: UNMATCHED_LABELS[reason],
      };
    }),
  };
}

/**
 * After a committed import: older accounts matched by NIK, and every linked account takes the
 * register's identity (an account whose new NIK another account holds is skipped, not failed:
 * the import is already in). Idempotent.
 */
export async function accountsAfterImport(
  db: Kysely<Database>,
  actor: { userId: number | null; ip?: string | null },
): Promise<{ matched: number; followed: number }> {
  const matched = await matchAccountsByNik(db, actor);
  const followed = await followRegister(db, actor, undefined, 'skip');
  return { matched: matched.length, followed };
}
