import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ActivationCodesTable } from '../db/tables/activation-codes.ts';

/** The office's activation codes (migration 0017, ADR 0029): rows hold the code's hash only. */

/** A register person as a slip and the eligibility rules need them. */
export function codePersons(db: Kysely<Database>) {
  return db
    .selectFrom('register_persons as p')
    .leftJoin('register_areas as d', 'd.id', 'p.dusun_id')
    .leftJoin('register_areas as rw', 'rw.id', 'p.rw_id')
    .leftJoin('register_areas as rt', 'rt.id', 'p.rt_id')
    .leftJoin('users as u', (j) => j.onRef('u.register_person_id', '=', 'p.id'))
    .select([
      'p.id',
      'p.nik',
      'p.name',
      'p.birth_date',
      'p.marital_status',
      'p.life_status',
      'p.family_id',
      'p.relationship',
      'd.name as dusun',
      'rw.name as rw',
      'rt.name as rt',
      'u.id as user_id',
    ]);
}
export type CodePerson = Awaited<
  ReturnType<ReturnType<typeof codePersons>['executeTakeFirstOrThrow']>
>;

export function insertCodes(
  db: Kysely<Database>,
  rows: Omit<ActivationCodesTable, 'id' | 'used_at' | 'user_id' | 'revoked_at' | 'revoked_by'>[],
) {
  return db.insertInto('activation_codes').values(rows).returning(['id', 'person_id']).execute();
}

/** Revokes the open (unused, unrevoked, unexpired) codes of these persons; their ids. */
export async function revokeOpenCodes(
  db: Kysely<Database>,
  personIds: readonly number[],
  by: number,
  now: string,
): Promise<{ id: number; person_id: number }[]> {
  if (personIds.length === 0) return [];
  return db
    .updateTable('activation_codes')
    .set({ revoked_at: now, revoked_by: by })
    .where('person_id', 'in', personIds)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'person_id'])
    .execute();
}

/** Revokes one code if it is still open; the row when it was. */
export function revokeCode(db: Kysely<Database>, id: number, by: number, now: string) {
  return db
    .updateTable('activation_codes')
    .set({ revoked_at: now, revoked_by: by })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'person_id'])
    .executeTakeFirst();
}

export function findCode(db: Kysely<Database>, id: number) {
  return db.selectFrom('activation_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCodeByHash(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('activation_codes')
    .selectAll()
    .where('code_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the code used by `userId` if it is still open; false when another use came first. */
export async function markCodeUsed(
  db: Kysely<Database>,
  id: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('activation_codes')
    .set({ used_at: now, user_id: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A person's codes, newest first, with who made and who revoked them. */
export function listPersonCodes(db: Kysely<Database>, personId: number) {
  return db
    .selectFrom('activation_codes as c')
    .leftJoin('users as cb', 'cb.id', 'c.created_by')
    .leftJoin('users as rb', 'rb.id', 'c.revoked_by')
    .select([
      'c.id',
      'c.scope',
      'c.created_at',
      'c.expires_at',
      'c.used_at',
      'c.revoked_at',
      'cb.name as created_by',
      'rb.name as revoked_by',
    ])
    .where('c.person_id', '=', personId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}
