import { sql, type Kysely } from 'kysely';
import { AGE_GROUPS, birthRangeForAges, labelOf, REGISTER_CODE_LISTS } from '@balai/domain';
import type { PublicStatistics, StatisticsRow } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';

/**
 * The public statistics (issue 24, ADR 0023): counts of the living people (life status hidup)
 * of the register, by sex, age group, religion, education, occupation, marital status and
 * dusun. Counts only, read from `register_tallies` (migration 0015, ADR 0027): kept by triggers
 * in the transaction of every change to a person, so they always equal what the person list
 * counts. Each row carries the person-list filter that lists exactly the people it counts (the
 * same `filtered` query, repositories/register-persons.ts), so a statistic and its list cannot
 * disagree; every breakdown adds up to `total` ("Tidak diisi" rows included).
 */

const LIVING = { life_status: 'hidup' } as const;
const NOT_FILLED = 'Tidak diisi';

type Coded = 'gender' | 'religion' | 'education' | 'occupation' | 'marital_status';
type Tallies = Map<string, { value: string; n: number }[]>;

/**
 * The tallies of living people (migration 0015, kept by triggers in every write's transaction)
 * but the birth dates: a few hundred rows, whatever the register's size.
 */
async function readTallies(db: Kysely<Database>): Promise<Tallies> {
  const rows = await db
    .selectFrom('register_tallies')
    .select(['dim', 'value', 'n'])
    .where('dim', '!=', 'birth')
    .where('n', '>', 0)
    .execute();
  const out: Tallies = new Map();
  for (const r of rows) {
    const list = out.get(r.dim) ?? [];
    list.push({ value: r.value, n: Number(r.n) });
    out.set(r.dim, list);
  }
  return out;
}

function byCode(tallies: Tallies, dim: string, col: Coded): StatisticsRow[] {
  const list = REGISTER_CODE_LISTS[col];
  return (tallies.get(dim) ?? [])
    .map((r) => {
      const code = r.value === '' ? null : Number(r.value);
      return {
        label: code === null ? NOT_FILLED : (labelOf(list, code) ?? `Kode ${code}`),
        count: r.n,
        filter: { ...LIVING, [col]: String(code ?? 0) },
        order: code ?? 1000,
      };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _o, ...row }) => row);
}

/** The age groups: ranges of the living people's birth dates on `today`, summed in one query. */
async function byAge(db: Kysely<Database>, today: string): Promise<StatisticsRow[]> {
  const groups = AGE_GROUPS.map(([label, min, max]) => ({
    label,
    min,
    max,
    ...birthRangeForAges(today, min, max),
  }));
  const cases = groups.map(
    (g, i) =>
      sql`when value <= ${g.to!}${g.from ? sql` and value >= ${g.from}` : sql``} then ${sql.lit(i)}`,
  );
  const rows = await db
    .selectFrom('register_tallies')
    .select([
      sql<number>`case when value = '' then -1 ${sql.join(cases, sql` `)} else -2 end`.as('g'),
      sql<number>`sum(n)`.as('n'),
    ])
    .where('dim', '=', 'birth')
    .groupBy(sql`1`)
    .execute();
  const countOf = (g: number) => Number(rows.find((r) => Number(r.g) === g)?.n ?? 0);
  const out: StatisticsRow[] = groups.map((g, i) => ({
    label: g.label,
    count: countOf(i),
    filter: {
      ...LIVING,
      age_min: String(g.min),
      ...(g.max === null ? {} : { age_max: String(g.max) }),
    },
  }));
  const unknown = countOf(-1);
  if (unknown > 0) {
    out.push({
      label: 'Umur tidak diketahui',
      count: unknown,
      filter: { ...LIVING, birth_date_missing: '1' },
    });
  }
  return out;
}

async function byDusun(db: Kysely<Database>, tallies: Tallies): Promise<StatisticsRow[]> {
  const names = new Map(
    (
      await db
        .selectFrom('register_areas')
        .select(['id', 'name'])
        .where('kind', '=', 'dusun')
        .execute()
    ).map((a) => [a.id, a.name]),
  );
  return (tallies.get('dusun') ?? [])
    .map((r) => {
      const id = r.value === '' ? null : Number(r.value);
      return {
        label: (id !== null ? names.get(id) : undefined) ?? 'Tanpa dusun',
        count: r.n,
        filter: { ...LIVING, dusun_id: String(id ?? 0) },
      };
    })
    .sort((a, b) =>
      a.filter.dusun_id === '0'
        ? 1
        : b.filter.dusun_id === '0'
          ? -1
          : a.label.localeCompare(b.label, 'id'),
    );
}

/**
 * Counted afresh on every call from the tallies (three small queries): every process answers
 * the same, right after any register change, however it was made.
 */
export async function statistics(db: Kysely<Database>, today: string): Promise<PublicStatistics> {
  const tallies = await readTallies(db);
  const sex = byCode(tallies, 'gender', 'gender');
  return {
    as_of: today,
    total: sex.reduce((a, r) => a + r.count, 0),
    sex,
    age_group: await byAge(db, today),
    religion: byCode(tallies, 'religion', 'religion'),
    education: byCode(tallies, 'education', 'education'),
    occupation: byCode(tallies, 'occupation', 'occupation'),
    marital_status: byCode(tallies, 'marital', 'marital_status'),
    dusun: await byDusun(db, tallies),
  };
}
