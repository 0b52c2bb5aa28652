import { sql, type Kysely } from 'kysely';
import type { RegisterFamily } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { likePattern } from '../lib/pagination.ts';

/** Families (Kartu Keluarga) of the register: the list and one card. */

export interface FamilyFilter {
  search?: string | undefined;
  dusun_id?: number | undefined;
  rw_id?: number | undefined;
  rt_id?: number | undefined;
}

function filteredFamilies(db: Kysely<Database>, f: FamilyFilter) {
  let q = db.selectFrom('register_families as f');
  for (const col of ['dusun_id', 'rw_id', 'rt_id'] as const) {
    const v = f[col];
    if (v !== undefined) q = q.where(`f.${col}`, '=', v);
  }
  const s = f.search?.trim().replace(/\s/g, '');
  if (s && /^\d{2,16}$/.test(s)) {
    q = q
      .where('f.kk_number', '>=', s.padEnd(16, '0'))
      .where('f.kk_number', '<=', s.padEnd(16, '9'));
  } else if (f.search?.trim()) {
    const pattern = likePattern(f.search.trim());
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('register_persons as h')
          .select('h.id')
          .whereRef('h.id', '=', 'f.head_person_id')
          .where(sql<boolean>`h.name_search like ${pattern} escape '\\'`),
      ),
    );
  }
  return q;
}

export async function familyRows(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<RegisterFamily[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('register_families as f')
    .leftJoin('register_persons as h', 'h.id', 'f.head_person_id')
    .leftJoin('register_areas as d', 'd.id', 'f.dusun_id')
    .leftJoin('register_areas as w', 'w.id', 'f.rw_id')
    .leftJoin('register_areas as t', 't.id', 'f.rt_id')
    .select([
      'f.id',
      'f.kk_number',
      'f.address',
      'f.dusun_id',
      'f.rw_id',
      'f.rt_id',
      'f.head_person_id',
      'h.name as head_name',
      'd.name as hamlet',
      'w.name as rw',
      't.name as rt',
    ])
    .select((eb) =>
      eb
        .selectFrom('register_persons as m')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m.family_id', '=', 'f.id')
        .where('m.life_status', '=', 'hidup')
        .as('member_count'),
    )
    .where('f.id', 'in', [...ids])
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((r) => ({ ...r, member_count: Number(r.member_count ?? 0) }));
}

export async function listFamilies(
  db: Kysely<Database>,
  f: FamilyFilter,
  page: number,
  perPage: number,
): Promise<{ rows: RegisterFamily[]; total: number }> {
  const count = await filteredFamilies(db, f)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  const ids = await filteredFamilies(db, f)
    .select('f.id')
    .orderBy('f.kk_number')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    rows: await familyRows(
      db,
      ids.map((r) => r.id),
    ),
    total: Number(count?.n ?? 0),
  };
}

/** The members' ids in SHDK order (head first, unknown relationship last), then age. */
export async function memberIds(db: Kysely<Database>, familyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('register_persons')
    .select(['id', 'relationship', 'birth_date'])
    .where('family_id', '=', familyId)
    .execute();
  return rows
    .sort(
      (a, b) =>
        (a.relationship ?? 99) - (b.relationship ?? 99) ||
        (a.birth_date ?? '9999').localeCompare(b.birth_date ?? '9999') ||
        a.id - b.id,
    )
    .map((r) => r.id);
}
