import { sql, type Kysely } from 'kysely';
import { LETTER_CODES, LETTER_STATUSES, type LetterCode, type LetterStatus } from '@balai/domain';
import type { Database } from '../db/schema.ts';

/** A month in village time and the UTC instants bounding it. */
export interface MonthWindow {
  key: string;
  start: string;
  end: string;
}

export async function countActiveResidents(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'WARGA')
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countRequestsByStatus(
  db: Kysely<Database>,
): Promise<Record<LetterStatus, number>> {
  const rows = await db
    .selectFrom('letter_requests')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const out = Object.fromEntries(LETTER_STATUSES.map((s) => [s, 0])) as Record<
    LetterStatus,
    number
  >;
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/**
 * Requests filed per type in each month. One count per type and month, each an index range
 * of `(type, created_at)`: at a million rows far cheaper than grouping them all.
 */
export async function countRequestsPerMonth(
  db: Kysely<Database>,
  months: readonly MonthWindow[],
): Promise<{ type: LetterCode; month: number; n: number }[]> {
  if (months.length === 0) return [];
  const counts = LETTER_CODES.flatMap((code) =>
    months.map(
      (m, i) =>
        sql`select ${code} as type, ${sql.lit(i)} as month, (select count(*) from letter_requests where type = ${code} and created_at >= ${m.start} and created_at < ${m.end}) as n`,
    ),
  );
  const { rows } = await sql<{ type: LetterCode; month: number; n: number }>`${sql.join(
    counts,
    sql` union all `,
  )}`.execute(db);
  return rows.map((r) => ({ type: r.type, month: Number(r.month), n: Number(r.n) }));
}

export async function countIssuedSince(db: Kysely<Database>, since: string): Promise<number> {
  const row = await db
    .selectFrom('pdf_histories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issued_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Median seconds from submission to issue of the letters issued since a moment; null if none.
 * Read from the archive's `(processing_seconds, issued_at)` index: in order, skipping to the
 * middle, without sorting.
 */
export async function medianProcessingSeconds(
  db: Kysely<Database>,
  since: string,
): Promise<number | null> {
  const window = db.selectFrom('pdf_histories').where('issued_at', '>=', since);
  const counted = await window.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const n = Number(counted?.n ?? 0);
  if (n === 0) return null;
  const middle = await window
    .select('processing_seconds')
    .orderBy('processing_seconds')
    .limit(n % 2 === 1 ? 1 : 2)
    .offset(Math.floor((n - 1) / 2))
    .execute();
  const values = middle.map((r) => Number(r.processing_seconds));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The population figures the village keeps in its content tables (issue 3). */
export async function populationSummary(db: Kysely<Database>) {
  const [ages, jobs, religions, infos] = await Promise.all([
    db
      .selectFrom('population_ages')
      .select(['label', 'age_from', 'age_to', 'male_count', 'female_count'])
      .orderBy('age_from')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('population_jobs')
      .select(['job', 'male_count', 'female_count'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('population_religions')
      .select(['religion', 'male_count', 'female_count'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('population_infos')
      .select(['label', 'value', 'unit'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { ages, jobs, religions, infos };
}
