/**
 * Reading every request a list's filters match, for the export (issue 12.5): the same filters
 * and the same search as `listLetterRequests` (letter-search.ts), in the list's order, read in
 * chunks so a 100,000-row export never holds its rows at once.
 *
 * - Without a search (or a resident's own, searched on the rows): keyset pages over the list's
 *   own indexes, `(created_at, id)` after the last row of the previous chunk.
 * - With a search: the matching requests' ids come from the search terms (ADR 0009), grouped
 *   and sorted once (at most EXPORT_MAX_ROWS + 1 of them, see `searchIds`), then their rows are
 *   read a chunk at a time. The ids are the only thing held for the whole export (under 1 MB at
 *   the cap).
 */
import { sql, type Kysely } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import {
  filteredRequests,
  longestFirst,
  mergesStatuses,
  readQuery,
  termFilters,
  termRange,
  termsTable,
  type LetterRequestQuery,
} from './letter-filters.ts';

/** An export holds at most this many rows; a filter matching more is refused (see the route). */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows read per query. */
export const EXPORT_CHUNK = 1_000;

/** The list's own query (letter-filters.ts), so the export matches what the screen lists. */
export interface LetterExportFilter extends LetterRequestQuery {
  /** Read each request's own data too (`data`, JSON): the per-type export's field columns. */
  withData?: boolean | undefined;
}

/**
 * The columns an export prints (never the verification token); the letter's own data only for
 * a per-type export (`withData`, issue 25.7).
 */
const EXPORT_COLUMNS = [
  'r.id',
  'r.type',
  'r.status',
  'r.applicant_name',
  'r.applicant_nik',
  'r.applicant_verified',
  'r.phone',
  'r.purpose',
  'r.number',
  'r.note',
  'r.issued_at',
  'r.created_at',
  'r.updated_at',
] as const;

export interface LetterExportRow {
  id: number;
  type: LetterCode;
  status: LetterStatus;
  applicant_name: string;
  applicant_nik: string;
  applicant_verified: number;
  phone: string | null;
  purpose: string | null;
  number: string | null;
  note: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
  /** The request's fields as stored (JSON), read only with `withData`. */
  data?: string;
}

export interface LetterExportPlan {
  /** How many rows match, counted up to `max + 1`. */
  count: number;
  /** More than `max` rows match: the export is refused rather than cut short. */
  tooMany: boolean;
  /** The matching rows in the list's order, EXPORT_CHUNK at a time. */
  chunks(): AsyncGenerator<LetterExportRow[]>;
}

/**
 * Counts what the filters match (at most `max + 1`, so a filter over a million rows costs a
 * bounded read) and prepares reading them. Call `chunks()` only when `tooMany` is false.
 */
export async function planLetterExport(
  db: Kysely<Database>,
  f: LetterExportFilter,
  max = EXPORT_MAX_ROWS,
): Promise<LetterExportPlan> {
  const { terms, dir, byTerms } = readQuery(f);
  const columns = f.withData ? [...EXPORT_COLUMNS, 'r.data' as const] : EXPORT_COLUMNS;

  if (terms && terms.length === 0) {
    // A search of nothing but punctuation: the list answers with no rows, and so does this.
    return { count: 0, tooMany: false, chunks: async function* () {} };
  }

  if (terms && byTerms) {
    const { ids, count } = await searchIds(db, terms, f, dir, max);
    return {
      count,
      tooMany: count > max,
      chunks: async function* () {
        for (let i = 0; i < ids.length && i < max; i += EXPORT_CHUNK) {
          const slice = ids.slice(i, Math.min(i + EXPORT_CHUNK, max));
          yield (await db
            .selectFrom('letter_requests as r')
            .select(columns)
            .where('r.id', 'in', slice)
            .orderBy('r.created_at', dir)
            .orderBy('r.id', dir)
            .execute()) as LetterExportRow[];
        }
      },
    };
  }

  const base = filteredRequests(db, f, terms);

  const counted = await db
    .selectFrom(
      base
        .select('r.id')
        .limit(max + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const count = Number(counted?.n ?? 0);
  const after = dir === 'desc' ? sql.raw('<') : sql.raw('>');
  /** One chunk in the list's order after `last`: the rows of the given statuses' filter. */
  const chunkOf = (
    statuses: readonly LetterStatus[] | undefined,
    last: { created_at: string; id: number } | null,
    limit: number,
  ) => {
    let q = filteredRequests(db, f, terms, statuses).select(columns);
    if (last) {
      const { created_at, id } = last;
      q = q.where(sql<boolean>`(r.created_at, r.id) ${after} (${created_at}, ${id})`);
    }
    return q.orderBy('r.created_at', dir).orderBy('r.id', dir).limit(limit);
  };
  // Several statuses: each one's own index range, merged, as the list reads them.
  const merged = mergesStatuses(f, terms);
  return {
    count,
    tooMany: count > max,
    chunks: async function* () {
      let last: { created_at: string; id: number } | null = null;
      let read = 0;
      while (read < max) {
        const limit = Math.min(EXPORT_CHUNK, max - read);
        const rows = (
          merged
            ? await sql<LetterExportRow>`select * from (${sql.join(
                f.statuses!.map((s) => sql`select * from (${chunkOf([s], last, limit)}) as p`),
                sql` union all `,
              )}) as u order by created_at ${sql.raw(dir)}, id ${sql.raw(dir)} limit ${limit}`
                .execute(db)
                .then((r) => r.rows)
            : await chunkOf(f.statuses, last, limit).execute()
        ) as LetterExportRow[];
        if (rows.length === 0) return;
        read += rows.length;
        const tail = rows[rows.length - 1]!;
        last = { created_at: tail.created_at, id: tail.id };
        yield rows;
        if (rows.length < EXPORT_CHUNK) return;
      }
    },
  };
}

/**
 * The ids of the requests a search matches (the list's meaning: ADR 0009's terms, the longest
 * word as the range, the others terms of the same request), in the list's order; at most
 * `max + 1`. The range's entries are counted first (one index range, at most `max + 1` read):
 *
 * - at most `max` entries: they are grouped and sorted, all of them;
 * - more: a request can be an entry of several terms ("Siti Sitompul" for "s"), so its distinct
 *   requests are counted, stopping at `max + 1`; that many is answered at once (the export is
 *   refused), without sorting a range that can cover every request ("32", "s").
 */
async function searchIds(
  db: Kysely<Database>,
  terms: readonly string[],
  f: LetterExportFilter,
  dir: 'asc' | 'desc',
  max: number,
): Promise<{ ids: number[]; count: number }> {
  const [driver = '', ...others] = longestFirst(terms);
  const t = termsTable(db, f.type);
  const where = termRange(driver, termFilters(f, others));
  const order = sql.raw(dir);
  const limit = max + 1;
  const entries = await sql<{ n: number }>`select count(*) as n from (
      select 1 from ${t} where ${where} limit ${limit}
    ) as c`.execute(db);
  if (Number(entries.rows[0]?.n ?? 0) > max) {
    const distinct = await sql<{ n: number }>`select count(*) as n from (
        select distinct t.letter_request_id from ${t} where ${where} limit ${limit}
      ) as c`.execute(db);
    const n = Number(distinct.rows[0]?.n ?? 0);
    // Refused anyway: the ids themselves are not needed, only that there are too many.
    if (n > max) return { ids: [], count: n };
  }
  const found = await sql<{ id: number }>`select t.letter_request_id as id from ${t}
     where ${where} group by t.letter_request_id, t.created_at
     order by t.created_at ${order}, t.letter_request_id ${order} limit ${limit}`.execute(db);
  const ids = found.rows.map((r) => Number(r.id));
  return { ids, count: ids.length };
}
