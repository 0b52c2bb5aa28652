import { sql, type Kysely } from 'kysely';
import { AGE_GROUPS, birthRangeForAges, labelOf, REGISTER_CODE_LISTS } from '@balai/domain';
import type { PublicStatistics, StatisticsRow } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';

/**
 * The public statistics (issue 24, ADR 0023): counts of the living people (life status hidup)
 * of the register, by sex, age group, religion, education, occupation, marital status and
 * dusun. Counts only. Each row carries the person-list filter that lists exactly the people it
 * counts (the same `filtered` query, repositories/register-persons.ts), so a statistic and its
 * list cannot disagree; every breakdown adds up to `total` ("Tidak diisi" rows included).
 */

const LIVING = { life_status: 'hidup' } as const;
const NOT_FILLED = 'Tidak diisi';

type Coded = 'gender' | 'religion' | 'education' | 'occupation' | 'marital_status';

async function byCode(
  db: Kysely<Database>,
  col: Coded,
  filterKey: string,
): Promise<StatisticsRow[]> {
  const rows = await db
    .selectFrom('register_persons')
    .select([col, sql<number>`count(*)`.as('n')])
    .where('life_status', '=', 'hidup')
    .groupBy(col)
    .execute();
  const list = REGISTER_CODE_LISTS[col];
  return rows
    .map((r) => {
      const code = r[col];
      return {
        label: code === null ? NOT_FILLED : (labelOf(list, code) ?? `Kode ${code}`),
        count: Number(r.n),
        filter: { ...LIVING, [filterKey]: String(code ?? 0) },
        order: code ?? 1000,
      };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _o, ...row }) => row);
}

/** One count per age group: each a range of the (life_status, birth_date) index. */
async function byAge(db: Kysely<Database>, today: string): Promise<StatisticsRow[]> {
  const living = () => db.selectFrom('register_persons').where('life_status', '=', 'hidup');
  const count = async (q: ReturnType<typeof living>) =>
    Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  const out: StatisticsRow[] = [];
  for (const [label, min, max] of AGE_GROUPS) {
    const { from, to } = birthRangeForAges(today, min, max);
    let q = living().where('birth_date', '<=', to!);
    if (from) q = q.where('birth_date', '>=', from);
    out.push({
      label,
      count: await count(q),
      filter: {
        ...LIVING,
        age_min: String(min),
        ...(max === null ? {} : { age_max: String(max) }),
      },
    });
  }
  const unknown = await count(living().where('birth_date', 'is', null));
  if (unknown > 0) {
    out.push({
      label: 'Umur tidak diketahui',
      count: unknown,
      filter: { ...LIVING, birth_date_missing: '1' },
    });
  }
  return out;
}

async function byDusun(db: Kysely<Database>): Promise<StatisticsRow[]> {
  const rows = await db
    .selectFrom('register_persons')
    .select(['dusun_id', sql<number>`count(*)`.as('n')])
    .where('life_status', '=', 'hidup')
    .groupBy('dusun_id')
    .execute();
  const names = new Map(
    (
      await db
        .selectFrom('register_areas')
        .select(['id', 'name'])
        .where('kind', '=', 'dusun')
        .execute()
    ).map((a) => [a.id, a.name]),
  );
  return rows
    .map((r) => ({
      label: (r.dusun_id !== null ? names.get(r.dusun_id) : undefined) ?? 'Tanpa dusun',
      count: Number(r.n),
      filter: { ...LIVING, dusun_id: String(r.dusun_id ?? 0) },
    }))
    .sort((a, b) =>
      a.filter.dusun_id === '0'
        ? 1
        : b.filter.dusun_id === '0'
          ? -1
          : a.label.localeCompare(b.label, 'id'),
    );
}

/**
 * The answer is kept per database handle until a register change in this process
 * (`statisticsChanged`, called after every register write) or for at most CACHE_MS, which bounds
 * how stale a second server process can be (the public answer may be cached 60 s anyway).
 */
export const CACHE_MS = 30_000;
const cache = new WeakMap<
  Kysely<Database>,
  { at: number; today: string; value: PublicStatistics }
>();

/** Forgets the kept statistics of this database (a register write happened). */
export function statisticsChanged(db: Kysely<Database>): void {
  cache.delete(db);
}

export async function statistics(db: Kysely<Database>, today: string): Promise<PublicStatistics> {
  const hit = cache.get(db);
  if (hit && hit.today === today && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = await countStatistics(db, today);
  cache.set(db, { at: Date.now(), today, value });
  return value;
}

async function countStatistics(db: Kysely<Database>, today: string): Promise<PublicStatistics> {
  const sex = await byCode(db, 'gender', 'gender');
  return {
    as_of: today,
    total: sex.reduce((a, r) => a + r.count, 0),
    sex,
    age_group: await byAge(db, today),
    religion: await byCode(db, 'religion', 'religion'),
    education: await byCode(db, 'education', 'education'),
    occupation: await byCode(db, 'occupation', 'occupation'),
    marital_status: await byCode(db, 'marital_status', 'marital_status'),
    dusun: await byDusun(db),
  };
}
