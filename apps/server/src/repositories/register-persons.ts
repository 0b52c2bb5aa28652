import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  ageOn,
  birthRangeForAges,
  labelOf,
  REGISTER_CODE_LISTS,
  type CodedField,
} from '@balai/domain';
import type { RegisterPerson } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import type { RegisterPersonsTable } from '../db/tables/register.ts';
import { isSqlite } from '../db/database.ts';
import { likePattern } from '../lib/pagination.ts';

/** The people of the register: the list with its filters and counts, one person, the API shape. */

export type PersonRow = Selectable<RegisterPersonsTable> & {
  kk_number: string | null;
  hamlet: string | null;
  rw: string | null;
  rt: string | null;
};

export interface PersonFilter {
  search?: string | undefined;
  dusun_id?: number | undefined;
  rw_id?: number | undefined;
  rt_id?: number | undefined;
  family_id?: number | undefined;
  gender?: number | undefined;
  religion?: number | undefined;
  education?: number | undefined;
  occupation?: number | undefined;
  marital_status?: number | undefined;
  age_min?: number | undefined;
  age_max?: number | undefined;
  life_status?: RegisterPersonsTable['life_status'] | undefined;
  birth_date_missing?: '1' | undefined;
}

type PersonQuery = SelectQueryBuilder<Database, 'register_persons', object>;

/** The filters, shared by the list, its counts, the export and the statistics' drill-down. */
export function filtered(db: Kysely<Database>, f: PersonFilter, today: string): PersonQuery {
  let q = db.selectFrom('register_persons') as PersonQuery;
  if (f.life_status) q = q.where('life_status', '=', f.life_status);
  for (const col of [
    'dusun_id',
    'rw_id',
    'rt_id',
    'family_id',
    'gender',
    'religion',
    'education',
    'occupation',
    'marital_status',
  ] as const) {
    const v = f[col];
    // 0 asks for the people whose value is not filled in (a statistics row "Tidak diisi").
    if (v === 0) q = q.where(col, 'is', null);
    else if (v !== undefined) q = q.where(col, '=', v);
  }
  if (f.birth_date_missing) q = q.where('birth_date', 'is', null);
  if (f.age_min !== undefined || f.age_max !== undefined) {
    const { from, to } = birthRangeForAges(today, f.age_min, f.age_max);
    if (from) q = q.where('birth_date', '>=', from);
    if (to) q = q.where('birth_date', '<=', to);
  }
  const s = f.search?.trim();
  if (s) {
    const digits = s.replace(/\s/g, '');
    // A NIK's start as a range of the unique index (LIKE would not use it on PostgreSQL).
    if (/^\d{2,16}$/.test(digits)) {
      q = q.where('nik', '>=', digits.padEnd(16, '0')).where('nik', '<=', digits.padEnd(16, '9'));
    } else if (isSqlite(db) && [...s].length >= 3) {
      // The trigram index (migration 0015): the names holding the text, as a quoted FTS5 phrase
      // (taken literally; the tokenizer ignores case as name_search is lower case anyway).
      const phrase = `"${s.toLowerCase().replaceAll('"', '""')}"`;
      q = q.where(
        sql<boolean>`register_persons.id in (select rowid from register_persons_search where register_persons_search match ${phrase})`,
      );
    } else {
      // PostgreSQL: answered by the pg_trgm index (migration 0015) from three characters on.
      q = q.where(sql<boolean>`name_search like ${likePattern(s.toLowerCase())} escape '\\'`);
    }
  }
  return q;
}

/** The list's rows (name order) and the whole filtered list's counts by sex. */
export async function listPersons(
  db: Kysely<Database>,
  f: PersonFilter,
  page: number,
  perPage: number,
  today: string,
): Promise<{ rows: PersonRow[]; total: number; male: number; female: number }> {
  // Counted without GROUP BY: grouping by sex made SQLite walk the index that yields that order
  // (every living person, 78 ms) instead of the filter's own (a dusun's, 3.5 ms).
  const counts = await filtered(db, f, today)
    .select([
      sql<number>`count(case when gender = 1 then 1 end)`.as('male'),
      sql<number>`count(case when gender = 2 then 1 end)`.as('female'),
      sql<number>`count(*)`.as('total'),
    ])
    .executeTakeFirst();
  const male = Number(counts?.male ?? 0);
  const female = Number(counts?.female ?? 0);
  const total = Number(counts?.total ?? 0);
  const ids = await filtered(db, f, today)
    .select('id')
    .orderBy('name_search')
    .orderBy('id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const rows = await personRows(
    db,
    ids.map((r) => r.id),
  );
  const order = new Map(ids.map((r, i) => [r.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, total, male, female };
}

/** Whole rows of these people, with their family's No. KK and their areas' names. */
export async function personRows(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('register_persons as p')
    .leftJoin('register_families as f', 'f.id', 'p.family_id')
    .leftJoin('register_areas as d', 'd.id', 'p.dusun_id')
    .leftJoin('register_areas as w', 'w.id', 'p.rw_id')
    .leftJoin('register_areas as t', 't.id', 'p.rt_id')
    .selectAll('p')
    .select(['f.kk_number', 'd.name as hamlet', 'w.name as rw', 't.name as rt'])
    .where('p.id', 'in', [...ids])
    .execute();
}

export async function findPerson(db: Kysely<Database>, id: number): Promise<PersonRow | undefined> {
  return (await personRows(db, [id]))[0];
}

/** A person as the API shows it: coded fields as labels (whole NIK and No. KK: mask for lists). */
export function toApiPerson(r: PersonRow, today: string): RegisterPerson {
  const coded = Object.fromEntries(
    (Object.keys(REGISTER_CODE_LISTS) as CodedField[]).map((k) => [
      k,
      labelOf(REGISTER_CODE_LISTS[k], r[k]),
    ]),
  ) as Record<CodedField, string | null>;
  return {
    id: r.id,
    nik: r.nik,
    name: r.name,
    ...coded,
    birth_place: r.birth_place,
    birth_date: r.birth_date,
    father_name: r.father_name,
    mother_name: r.mother_name,
    address: r.address,
    hamlet: r.hamlet,
    rw: r.rw,
    rt: r.rt,
    dusun_id: r.dusun_id,
    rw_id: r.rw_id,
    rt_id: r.rt_id,
    family_id: r.family_id,
    kk_number: r.kk_number,
    life_status: r.life_status,
    age: r.birth_date ? ageOn(r.birth_date, today) : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
