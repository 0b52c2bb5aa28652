/**
 * The desk's lists of letter requests: by their filters' indexes, or by the search terms for a
 * search, reading only the page (ADR 0010), and the counts by status. The filters and the
 * search are written in letter-filters.ts, which the export shares.
 */
import { sql, type Kysely } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';
import { isSqlite } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  and,
  filteredRequests,
  longestFirst,
  mergesStatuses,
  PREFIX_END,
  readQuery,
  termFilters,
  termRange,
  termsTable,
  type LetterRequestQuery,
  type TermFilter,
} from './letter-filters.ts';
import type { LetterRequestListRow } from './letter-rows.ts';

// ---- The admin's search (ADR 0009, ADR 0010) ------------------------------------------------------

/**
 * A search counts at most this many matches: above it `total` is a lower bound ("more than
 * 10,000") and `exact` is false. Counting every match of a common short prefix ("sit": 57,000
 * at a million requests) read them all, for a figure nobody pages through.
 */
export const SEARCH_COUNT_CAP = 10_000;
/**
 * A prefix covering at most this many distinct terms is answered by merging the terms' own
 * date-ordered index ranges; beyond it (one or two letters, a short NIK prefix) as a range.
 */
const MAX_MERGED_TERMS = 64;

/**
 * The distinct terms starting with `prefix` (of one type's requests, when given), at most
 * `limit`: a loose index scan, one index seek per term, however many rows each has.
 */
async function termsWithPrefix(
  db: Kysely<Database>,
  prefix: string,
  type: LetterCode | undefined,
  limit: number,
): Promise<string[]> {
  const from = termsTable(db, type);
  const ofType = type ? sql`type = ${type} and ` : sql``;
  const end = prefix + PREFIX_END;
  const { rows } = await sql<{ term: string }>`with recursive d(term) as (
      select (select min(term) from ${from} where ${ofType}term >= ${prefix} and term < ${end})
      union all
      select (select min(term) from ${from} where ${ofType}term > d.term and term < ${end})
        from d where d.term is not null
    )
    select term from d where term is not null limit ${limit}`.execute(db);
  return rows.map((r) => r.term);
}

interface SearchPage {
  ids: number[];
  total: number;
  /** False when counting stopped at SEARCH_COUNT_CAP: at least `total` requests match. */
  exact: boolean;
}

/**
 * A page of the requests matching a search, newest (or oldest) first, and how many match.
 * The longest word drives; the others must be terms of the same request. The page reads only
 * the newest matches, never all of them (ADR 0010):
 *
 * - the driving word covers one term ("rahma" → rahmawati): the page comes straight off the
 *   term's date-ordered index range;
 * - a few terms ("sit" → siti, sitompul): each term's range gives its newest `offset + limit`
 *   matches and the page is the newest of those (a request matching twice counts once);
 * - many terms (a letter or two, a short NIK prefix): the whole prefix range is grouped and
 *   sorted when it has at most SEARCH_COUNT_CAP entries; with more, matches are dense and the
 *   newest requests are walked, newest first, until the page is full.
 *
 * Counts stop at SEARCH_COUNT_CAP matches.
 */
async function searchPage(
  db: Kysely<Database>,
  words: readonly string[],
  f: TermFilter & { dir: 'asc' | 'desc'; limit: number; offset: number },
): Promise<SearchPage> {
  const [driver = '', ...others] = longestFirst(words);
  const covered = await termsWithPrefix(db, driver, f.type, MAX_MERGED_TERMS + 1);
  if (covered.length === 0) return { ids: [], total: 0, exact: true };
  const filters = termFilters(f, others);
  const t = termsTable(db, f.type);
  const dir = sql.raw(f.dir);
  const window = f.offset + f.limit;

  if (covered.length === 1) {
    const where = and([sql`t.term = ${covered[0]}`, ...filters]);
    const [counted, page] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from (
          select 1 from ${t} where ${where} limit ${SEARCH_COUNT_CAP + 1}
        ) as c`.execute(db),
      sql<{ id: number }>`select t.letter_request_id as id from ${t} where ${where}
        order by t.created_at ${dir}, t.letter_request_id ${dir}
        limit ${f.limit} offset ${f.offset}`.execute(db),
    ]);
    const n = Number(counted.rows[0]?.n ?? 0);
    return {
      ids: page.rows.map((r) => r.id),
      total: Math.min(n, SEARCH_COUNT_CAP),
      exact: n <= SEARCH_COUNT_CAP,
    };
  }

  // Several terms: a request can be an entry of two of them ("Siti Sitompul").
  const inRange = termRange(driver, filters);
  const counted = sql<{ n: number; d: number }>`select count(*) as n, count(distinct id) as d from (
      select t.letter_request_id as id from ${t} where ${inRange} limit ${SEARCH_COUNT_CAP + 1}
    ) as c`.execute(db);
  const count = async () => {
    const row = (await counted).rows[0];
    const entries = Number(row?.n ?? 0);
    const distinct = Number(row?.d ?? 0);
    // Fewer entries than the cap: all were counted. Otherwise at least `distinct` match.
    return entries <= SEARCH_COUNT_CAP
      ? { total: distinct, exact: true }
      : { total: Math.min(distinct, SEARCH_COUNT_CAP), exact: false };
  };

  if (covered.length <= MAX_MERGED_TERMS) {
    const streams = covered.map(
      (term, i) => sql`select * from (
          select t.letter_request_id as id, t.created_at from ${t}
           where ${and([sql`t.term = ${term}`, ...filters])}
           order by t.created_at ${dir}, t.letter_request_id ${dir} limit ${window}
        ) as ${sql.raw(`s${i}`)}`,
    );
    const [page, total] = await Promise.all([
      sql<{ id: number }>`select id from (${sql.join(streams, sql` union all `)}) as m
        group by id, created_at order by created_at ${dir}, id ${dir}
        limit ${f.limit} offset ${f.offset}`.execute(db),
      count(),
    ]);
    return { ids: page.rows.map((r) => r.id), ...total };
  }

  const total = await count();
  if (total.exact) {
    // At most SEARCH_COUNT_CAP entries: group and sort them all.
    const page = await sql<{ id: number }>`select t.letter_request_id as id from ${t}
       where ${inRange} group by t.letter_request_id, t.created_at
       order by t.created_at ${dir}, t.letter_request_id ${dir}
       limit ${f.limit} offset ${f.offset}`.execute(db);
    return { ids: page.rows.map((r) => r.id), ...total };
  }
  // More than SEARCH_COUNT_CAP matches: at least one in (requests / cap) matches, so walking the
  // requests in date order finds a page after a bounded number of rows.
  const requests = isSqlite(db)
    ? f.type
      ? sql`letter_requests as r indexed by letter_requests_type_created_idx`
      : sql`letter_requests as r indexed by letter_requests_created_idx`
    : sql`letter_requests as r`;
  const walk = and([...termFilters(f, [driver, ...others], 'r')]);
  const page = await sql<{ id: number }>`select r.id from ${requests} where ${walk}
     order by r.created_at ${dir}, r.id ${dir} limit ${f.limit} offset ${f.offset}`.execute(db);
  return { ids: page.rows.map((r) => r.id), ...total };
}

export interface LetterRequestFilter extends LetterRequestQuery {
  page: number;
  perPage: number;
}

/**
 * A page of requests, newest first, and how many there are (`totalExact` false: at least that
 * many; only a search stops counting). The page's ids come from an index alone (the filters'
 * index, or the search terms'), then only those rows are read: deep pages and common search
 * words stay cheap however large the table grows.
 */
export async function listLetterRequests(
  db: Kysely<Database>,
  f: LetterRequestFilter,
): Promise<{ rows: LetterRequestListRow[]; total: number; totalExact: boolean }> {
  const { terms, dir, byTerms } = readQuery(f);
  const offset = (f.page - 1) * f.perPage;
  let total: number;
  let ids: number[];
  let totalExact = true;

  if (terms && byTerms) {
    if (terms.length === 0) return { rows: [], total: 0, totalExact };
    const found = await searchPage(db, terms, { ...f, dir, limit: f.perPage, offset });
    ({ ids, total } = found);
    totalExact = found.exact;
  } else {
    const base = filteredRequests(db, f, terms);
    const ordered = (q: typeof base, limit: number) =>
      q
        .select(['r.id', 'r.created_at'])
        .orderBy('r.created_at', dir)
        .orderBy('r.id', dir)
        .limit(limit);
    // Several statuses: each one's own index range, merged (see `mergesStatuses`).
    const pageQuery = mergesStatuses(f, terms)
      ? sql<{ id: number }>`select id from (${sql.join(
          f.statuses!.map(
            (s) =>
              sql`select * from (${ordered(filteredRequests(db, f, terms, [s]), offset + f.perPage)}) as p`,
          ),
          sql` union all `,
        )}) as u order by created_at ${sql.raw(dir)}, id ${sql.raw(dir)}
          limit ${f.perPage} offset ${offset}`
          .execute(db)
          .then((r) => r.rows)
      : ordered(base, f.perPage).offset(offset).execute();
    // A type's or a status's whole list: its total from the kept counts, not by counting.
    const kept =
      f.applicantUserId === undefined &&
      f.id === undefined &&
      !terms &&
      !f.createdFrom &&
      !f.createdBefore;
    const [counted, page] = await Promise.all([
      kept
        ? keptCounts(db, f.type, f.statuses).then((byStatus) => ({
            total: Object.values(byStatus).reduce((a, b) => a + b, 0),
          }))
        : base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      pageQuery,
    ]);
    total = Number(counted?.total ?? 0);
    ids = page.map((p) => p.id);
  }

  if (ids.length === 0) return { rows: [], total, totalExact };
  const rows = await db
    .selectFrom('letter_requests as r')
    .leftJoin('pdf_histories as h', 'h.letter_request_id', 'r.id')
    .selectAll('r')
    .select(['h.id as pdf_history_id', 'h.sha256 as pdf_sha256'])
    .where('r.id', 'in', ids)
    .orderBy('r.created_at', dir)
    .orderBy('r.id', dir)
    .execute();
  return { rows, total, totalExact };
}

/**
 * How many requests of a type (or of every type) are in each status (every status when none
 * are named), from `letter_status_counts`, which triggers on `letter_requests` keep in the same
 * transaction as every change (migration 0008): at most 16 rows per type and status, however
 * many requests there are.
 */
export async function keptCounts(
  db: Kysely<Database>,
  type: LetterCode | undefined,
  statuses: readonly LetterStatus[] | undefined,
): Promise<Partial<Record<LetterStatus, number>>> {
  const counts: Partial<Record<LetterStatus, number>> = {};
  for (const s of statuses ?? []) counts[s] = 0;
  const where = [
    ...(type ? [sql`type = ${type}`] : []),
    ...(statuses?.length ? [sql`status in (${sql.join(statuses.map((s) => sql`${s}`))})`] : []),
  ];
  const { rows } = await sql<{ status: LetterStatus; n: number | string }>`
    select status, sum(n) as n from letter_status_counts
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    group by status`.execute(db);
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/**
 * How many requests are in each of `statuses` (type, applicant and dates as the list's), for
 * the desk's status tabs. Without an applicant or dates, from the kept counts (`keptCounts`);
 * otherwise one grouped read of an index range: `(type, status, created_at)` for a type (its
 * requests only), `(status, created_at)` across the types.
 */
export async function countLetterRequestsByStatus(
  db: Kysely<Database>,
  f: Omit<TermFilter, 'statuses'> & {
    statuses: readonly LetterStatus[];
    applicantUserId?: number | undefined;
  },
): Promise<Partial<Record<LetterStatus, number>>> {
  const counts: Partial<Record<LetterStatus, number>> = {};
  if (f.statuses.length === 0) return counts;
  if (f.applicantUserId === undefined && !f.createdFrom && !f.createdBefore) {
    return keptCounts(db, f.type, f.statuses);
  }
  for (const s of f.statuses) counts[s] = 0;
  let q = db.selectFrom('letter_requests as r').where('r.status', 'in', [...f.statuses]);
  if (f.type) q = q.where('r.type', '=', f.type);
  if (f.applicantUserId !== undefined) q = q.where('r.applicant_user_id', '=', f.applicantUserId);
  if (f.createdFrom) q = q.where('r.created_at', '>=', f.createdFrom);
  if (f.createdBefore) q = q.where('r.created_at', '<', f.createdBefore);
  const rows = await q
    .select((eb) => ['r.status', eb.fn.countAll<number>().as('n')])
    .groupBy('r.status')
    .execute();
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
