import { sql, type Kysely } from 'kysely';
import type { RegisterArea } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

/**
 * The village's dusun, RW and RT (issue 24): found by name under their parent, created as met
 * (the import, an edit), renamed and merged by the office.
 */
export type AreaKind = 'dusun' | 'rw' | 'rt';
export interface AreaIds {
  dusun_id: number | null;
  rw_id: number | null;
  rt_id: number | null;
}

const key = (kind: AreaKind, parent: number | null, name: string) =>
  `${kind}|${parent ?? 0}|${name.trim().toLowerCase()}`;

/** Finds and creates areas by name, with a cache of every area (a village has a few hundred). */
export class AreaResolver {
  private known = new Map<string, number>();
  created = 0;
  private constructor(private db: Kysely<Database>) {}

  static async load(db: Kysely<Database>): Promise<AreaResolver> {
    const r = new AreaResolver(db);
    const rows = await db
      .selectFrom('register_areas')
      .select(['id', 'kind', 'parent_id', 'name'])
      .execute();
    for (const a of rows) r.known.set(key(a.kind, a.parent_id, a.name), a.id);
    return r;
  }

  /** The id of the area, created when new (never in a dry run: then null for a new one). */
  private async one(kind: AreaKind, parent: number | null, name: string | null, create: boolean) {
    if (!name) return null;
    const k = key(kind, parent, name);
    const found = this.known.get(k);
    if (found !== undefined) return found;
    if (!create) {
      this.known.set(k, -1 - this.known.size);
      this.created++;
      return this.known.get(k)!;
    }
    const row = await this.db
      .insertInto('register_areas')
      .values({ kind, name: name.trim(), parent_id: parent, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.known.set(k, row.id);
    this.created++;
    return row.id;
  }

  /** The ids of a dusun / RW / RT given by names; `create: false` counts new ones without writing. */
  async ids(
    place: { hamlet: string | null; rw: string | null; rt: string | null },
    create = true,
  ): Promise<AreaIds> {
    const dusun_id = await this.one('dusun', null, place.hamlet, create);
    const rw_id = await this.one('rw', dusun_id, place.rw, create);
    const rt_id = await this.one('rt', rw_id ?? dusun_id, place.rt, create);
    return { dusun_id, rw_id, rt_id };
  }
}

/** Every area with its living people and families. */
export async function listAreas(db: Kysely<Database>): Promise<RegisterArea[]> {
  const areas = await db
    .selectFrom('register_areas')
    .select(['id', 'kind', 'name', 'parent_id'])
    .orderBy('kind')
    .orderBy('name')
    .execute();
  const counts = new Map<number, { p: number; f: number }>();
  const add = (id: number | null, field: 'p' | 'f', n: number) => {
    if (id === null) return;
    const c = counts.get(id) ?? { p: 0, f: 0 };
    c[field] += n;
    counts.set(id, c);
  };
  for (const col of ['dusun_id', 'rw_id', 'rt_id'] as const) {
    const people = await db
      .selectFrom('register_persons')
      .select([col, sql<number>`count(*)`.as('n')])
      .where('life_status', '=', 'hidup')
      .groupBy(col)
      .execute();
    for (const r of people) add(r[col], 'p', Number(r.n));
    const families = await db
      .selectFrom('register_families')
      .select([col, sql<number>`count(*)`.as('n')])
      .groupBy(col)
      .execute();
    for (const r of families) add(r[col], 'f', Number(r.n));
  }
  return areas.map((a) => ({
    ...a,
    person_count: counts.get(a.id)?.p ?? 0,
    family_count: counts.get(a.id)?.f ?? 0,
  }));
}

export async function findArea(db: Kysely<Database>, id: number) {
  return db.selectFrom('register_areas').selectAll().where('id', '=', id).executeTakeFirst();
}

const column = (kind: AreaKind) =>
  `${kind === 'dusun' ? 'dusun' : kind}_id` as 'dusun_id' | 'rw_id' | 'rt_id';

/**
 * Merges area `from` into `into` (same kind): its people and families move, its sub-areas join
 * `into` (merged again where `into` already has one of that name), and `from` is removed.
 */
export async function mergeArea(
  db: Kysely<Database>,
  fromId: number,
  intoId: number,
): Promise<void> {
  const from = await findArea(db, fromId);
  const into = await findArea(db, intoId);
  if (!from || !into) return;
  const col = column(from.kind);
  const now = nowIso();
  await db
    .updateTable('register_persons')
    .set({ [col]: intoId, updated_at: now })
    .where(col, '=', fromId)
    .execute();
  await db
    .updateTable('register_families')
    .set({ [col]: intoId, updated_at: now })
    .where(col, '=', fromId)
    .execute();
  const children = await db
    .selectFrom('register_areas')
    .selectAll()
    .where('parent_id', '=', fromId)
    .execute();
  for (const child of children) {
    const twin = await db
      .selectFrom('register_areas')
      .select('id')
      .where('parent_id', '=', intoId)
      .where('kind', '=', child.kind)
      .where(sql`lower(name)`, '=', child.name.toLowerCase())
      .executeTakeFirst();
    if (twin) await mergeArea(db, child.id, twin.id);
    else {
      await db
        .updateTable('register_areas')
        .set({ parent_id: intoId })
        .where('id', '=', child.id)
        .execute();
      // People of a moved RW or RT now lie in the target's dusun (and RW).
      const childCol = column(child.kind);
      const set = from.kind === 'dusun' ? { dusun_id: intoId } : { rw_id: intoId };
      await db.updateTable('register_persons').set(set).where(childCol, '=', child.id).execute();
      await db.updateTable('register_families').set(set).where(childCol, '=', child.id).execute();
    }
  }
  await db.deleteFrom('register_areas').where('id', '=', fromId).execute();
}
