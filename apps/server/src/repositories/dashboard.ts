import { sql, type Kysely } from 'kysely';
import {
  LETTER_CODES,
  LETTER_STATUSES,
  type LetterCode,
  type LetterStatus,
  RESIDENT_ROLE,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';

/** A month in village time and the UTC instants bounding it. */
export interface MonthWindow {
  key: string;
  start: string;
  end: string;
}

/**
 * Active residents, and of them those whose identity the office has verified (checked against
 * the KTP and KK, `users.identity_verified_at`), in one pass over the residents.
 */
export async function countActiveResidents(
  db: Kysely<Database>,
): Promise<{ residents: number; verified: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('identity_verified_at').as('verified'),
    ])
    .where('role', '=', RESIDENT_ROLE)
    .where('active', '=', 1)
    .executeTakeFirst();
  return { residents: Number(row?.n ?? 0), verified: Number(row?.verified ?? 0) };
}

/**
 * Lets the event loop run what has queued up (other requests' I/O) before the next query. On
 * SQLite every query runs synchronously on the event loop and kysely continues on a microtask,
 * so queries awaited one after another would hold it for their whole sum.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Days of requests one status count reads at a time (about 250,000 at a million over two years). */
const STATUS_COUNT_SPAN_DAYS = 180;

/**
 * Requests per status, counted in spans of {@link STATUS_COUNT_SPAN_DAYS} days of the
 * `(status, created_at, id)` index, newest first, down to the oldest request of that status, with
 * the event loop let run between the counts. The same entries as one count over the whole table,
 * but on SQLite no single statement holds the event loop for all of them (at a million requests
 * `completed` alone took ~100 ms).
 */
export async function countRequestsByStatus(
  db: Kysely<Database>,
  now = new Date(),
): Promise<Record<LetterStatus, number>> {
  const out = Object.fromEntries(LETTER_STATUSES.map((s) => [s, 0])) as Record<
    LetterStatus,
    number
  >;
  const span = STATUS_COUNT_SPAN_DAYS * 86_400_000;
  for (const status of LETTER_STATUSES) {
    const oldest = await db
      .selectFrom('letter_requests')
      .select('created_at')
      .where('status', '=', status)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!oldest) continue;
    const first = Date.parse(oldest.created_at);
    // The newest span is open-ended, for requests stamped a moment after `now`.
    let to: string | null = null;
    for (let end = now.getTime(); ; end -= span) {
      const from = end - span <= first ? null : new Date(end - span).toISOString();
      let q = db
        .selectFrom('letter_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status);
      if (from !== null) q = q.where('created_at', '>=', from);
      if (to !== null) q = q.where('created_at', '<', to);
      const row = await q.executeTakeFirst();
      out[status] += Number(row?.n ?? 0);
      await yieldToEventLoop();
      if (from === null) break;
      to = from;
    }
  }
  return out;
}

/** An age bucket of the waiting requests: created in `[from, to)` (ISO instants; null = open). */
export interface CreatedRange {
  from: string | null;
  to: string | null;
}

/**
 * Requests in each of the given statuses created in each range: one index range count of
 * `(status, created_at, id)` per status and range, in one statement. The statuses waiting on
 * the office are a small part of the table, so this reads only their entries.
 */
export async function countByStatusAndCreated(
  db: Kysely<Database>,
  statuses: readonly LetterStatus[],
  ranges: readonly CreatedRange[],
): Promise<{ status: LetterStatus; range: number; n: number }[]> {
  if (statuses.length === 0 || ranges.length === 0) return [];
  const counts = statuses.flatMap((status) =>
    ranges.map((r, i) => {
      const bounds = [
        sql`status = ${status}`,
        ...(r.from === null ? [] : [sql`created_at >= ${r.from}`]),
        ...(r.to === null ? [] : [sql`created_at < ${r.to}`]),
      ];
      return sql`select ${status} as status, ${sql.lit(i)} as range, (select count(*) from letter_requests where ${sql.join(bounds, sql` and `)}) as n`;
    }),
  );
  const { rows } = await sql<{ status: LetterStatus; range: number; n: number }>`${sql.join(
    counts,
    sql` union all `,
  )}`.execute(db);
  return rows.map((r) => ({ status: r.status, range: Number(r.range), n: Number(r.n) }));
}

/** A request waiting on the office, as the dashboard lists it. */
export interface WaitingRequestRow {
  id: number;
  type: LetterCode;
  applicant_name: string;
  status: LetterStatus;
  created_at: string;
}

/**
 * The `limit` oldest requests in the given statuses, oldest first (ties by id). Each status is
 * read from the start of its `(status, created_at, id)` index range, `limit` entries at most,
 * and the lists are merged here: no sort over all waiting requests.
 */
export async function oldestInStatuses(
  db: Kysely<Database>,
  statuses: readonly LetterStatus[],
  limit: number,
): Promise<WaitingRequestRow[]> {
  const lists = await Promise.all(
    statuses.map((status) =>
      db
        .selectFrom('letter_requests')
        .select(['id', 'type', 'applicant_name', 'status', 'created_at'])
        .where('status', '=', status)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    ),
  );
  return lists
    .flat()
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id,
    )
    .slice(0, limit);
}

/**
 * Requests filed per type in each month. One count per type and month, each an index range
 * of `(type, created_at)`: at a million rows far cheaper than grouping them all. One statement
 * per month, with the event loop let run between them.
 */
export async function countRequestsPerMonth(
  db: Kysely<Database>,
  months: readonly MonthWindow[],
): Promise<{ type: LetterCode; month: number; n: number }[]> {
  const out: { type: LetterCode; month: number; n: number }[] = [];
  for (const [i, m] of months.entries()) {
    const counts = LETTER_CODES.map(
      (code) =>
        sql`select ${code} as type, (select count(*) from letter_requests where type = ${code} and created_at >= ${m.start} and created_at < ${m.end}) as n`,
    );
    const { rows } = await sql<{ type: LetterCode; n: number }>`${sql.join(
      counts,
      sql` union all `,
    )}`.execute(db);
    for (const r of rows) out.push({ type: r.type, month: i, n: Number(r.n) });
    await yieldToEventLoop();
  }
  return out;
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
