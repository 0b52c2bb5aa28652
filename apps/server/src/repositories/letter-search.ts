/**
 * Finding letter requests: the terms a request is found by (written with it, ADR 0009), what a
 * search looks for, and the lists — by their filters' indexes, or by the terms for a search,
 * reading only the page (ADR 0010).
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';
import { isSqlite } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { LetterRequestsTable } from '../db/tables/letters.ts';
import { nameWords } from '../lib/names.ts';
import type { LetterRequestListRow, LetterRequestRow } from './letter-rows.ts';

/** Above every character: `col >= p and col < p || END` is "starts with p" on a B-tree. */
export const PREFIX_END = '\u{10FFFF}';
const MAX_TERM = 120;

/** What a request can be found by: the words of the applicant's name, the NIK, the number. */
export function requestTerms(
  r: Pick<LetterRequestRow, 'applicant_name' | 'applicant_nik' | 'number'>,
): string[] {
  const terms = new Set(nameWords(r.applicant_name));
  if (r.applicant_nik) terms.add(r.applicant_nik.toLowerCase());
  if (r.number) terms.add(r.number.toLowerCase().slice(0, MAX_TERM));
  return [...terms];
}

/**
 * What a search looks for: a single token with a digit is a NIK or number prefix ("3201",
 * "500/007"); anything else is name words, each of which must begin a word of the name.
 */
export function searchTerms(search: string): string[] {
  const s = search.trim();
  if (!/\s/.test(s) && /\d/.test(s)) return [s.toLowerCase().slice(0, MAX_TERM)];
  return nameWords(s);
}

export interface TermFilter {
  type?: LetterCode | undefined;
  statuses?: readonly LetterStatus[] | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
}

/**
 * The search-term rows of requests matching every term and the filters: the longest term
 * drives as a range; the others must be terms of the same request (ADR 0009).
 */
export function termMatches(db: Kysely<Database>, terms: readonly string[], f: TermFilter) {
  const [driver = '', ...rest] = longestFirst(terms);
  const filters = termFilters(f, rest);
  const t = db
    .selectFrom('letter_search_terms as t')
    .where('t.term', '>=', driver)
    .where('t.term', '<', driver + PREFIX_END);
  return filters.length > 0 ? t.where(sql<boolean>`${and(filters)}`) : t;
}

export const longestFirst = (terms: readonly string[]) =>
  [...terms].sort((a, b) => b.length - a.length);

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

type Fragment = RawBuilder<unknown>;

const and = (parts: Fragment[]) => sql.join(parts, sql` and `);

/**
 * `letter_search_terms as t`. On SQLite pinned to the index the query is written for: with a
 * few very common words and a million unique NIKs, its statistics make a skip-scan of the type
 * index look cheaper than the term index, and it then sorted every match of "siti".
 */
export function termsTable(db: Kysely<Database>, type: LetterCode | undefined): Fragment {
  if (!isSqlite(db)) return sql`letter_search_terms as t`;
  return type
    ? sql`letter_search_terms as t indexed by letter_search_terms_type_idx`
    : sql`letter_search_terms as t indexed by letter_search_terms_term_idx`;
}

/** The list's filters on a term row `t`, and the search's other words as terms of the same request. */
export function termFilters(f: TermFilter, otherWords: readonly string[], on = 't'): Fragment[] {
  const t = sql.raw(on);
  const where: Fragment[] = [];
  if (f.type) where.push(sql`${t}.type = ${f.type}`);
  if (f.statuses?.length === 1) where.push(sql`${t}.status = ${f.statuses[0]}`);
  else if (f.statuses?.length) where.push(sql`${t}.status in (${sql.join([...f.statuses])})`);
  if (f.createdFrom) where.push(sql`${t}.created_at >= ${f.createdFrom}`);
  if (f.createdBefore) where.push(sql`${t}.created_at < ${f.createdBefore}`);
  const id = on === 't' ? sql`t.letter_request_id` : sql`${t}.id`;
  // All of a request's terms carry its type and status: repeating them here lets PostgreSQL
  // hash only that type's entries of the other word when it prefers a hash semi-join.
  const same: Fragment[] = [];
  if (f.type) same.push(sql`w.type = ${f.type}`);
  if (f.statuses?.length) same.push(sql`w.status in (${sql.join([...f.statuses])})`);
  for (const w of otherWords) {
    const match = and([
      sql`w.letter_request_id = ${id}`,
      sql`w.term >= ${w}`,
      sql`w.term < ${w + PREFIX_END}`,
      ...same,
    ]);
    where.push(sql`exists (select 1 from letter_search_terms as w where ${match})`);
  }
  return where;
}

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
  const inRange = and([sql`t.term >= ${driver}`, sql`t.term < ${driver + PREFIX_END}`, ...filters]);
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type RequestScope = ExpressionBuilder<Database & { r: LetterRequestsTable }, 'r'>;

/**
 * The same search as `termMatches`, checked on the request rows themselves: for a resident's
 * own few requests, where scanning them is cheaper than the terms index.
 */
export function searchOnRows(eb: RequestScope, terms: readonly string[]) {
  if (terms.length === 0) return sql<boolean>`1 = 0`;
  return eb.and(
    terms.map((w) => {
      const prefix = `${escapeLike(w)}%`;
      return eb.or([
        sql<boolean>`(' ' || ${eb.ref('r.applicant_name_key')}) like ${`% ${prefix}`} escape '\\'`,
        sql<boolean>`${eb.ref('r.applicant_nik')} like ${prefix} escape '\\'`,
        sql<boolean>`lower(${eb.ref('r.number')}) like ${prefix} escape '\\'`,
      ]);
    }),
  );
}

export interface LetterRequestFilter extends TermFilter {
  applicantUserId?: number | undefined;
  /** Only this request (a search by its reference, "KU-000042"). */
  id?: number | undefined;
  search?: string | undefined;
  sort?: 'newest' | 'oldest' | undefined;
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
  const search = f.search?.trim();
  const terms = search ? searchTerms(search) : null;
  const dir = f.sort === 'oldest' ? 'asc' : 'desc';
  const offset = (f.page - 1) * f.perPage;
  let total: number;
  let ids: number[];
  let totalExact = true;

  if (terms && f.applicantUserId === undefined && f.id === undefined) {
    if (terms.length === 0) return { rows: [], total: 0, totalExact };
    const found = await searchPage(db, terms, { ...f, dir, limit: f.perPage, offset });
    ({ ids, total } = found);
    totalExact = found.exact;
  } else {
    const filtered = (statuses: readonly LetterStatus[] | undefined) => {
      let q = db.selectFrom('letter_requests as r');
      if (f.type) q = q.where('r.type', '=', f.type);
      if (statuses?.length === 1) q = q.where('r.status', '=', statuses[0]!);
      else if (statuses?.length) q = q.where('r.status', 'in', [...statuses]);
      if (f.applicantUserId !== undefined) {
        q = q.where('r.applicant_user_id', '=', f.applicantUserId);
      }
      if (f.id !== undefined) q = q.where('r.id', '=', f.id);
      if (f.createdFrom) q = q.where('r.created_at', '>=', f.createdFrom);
      if (f.createdBefore) q = q.where('r.created_at', '<', f.createdBefore);
      if (terms) q = q.where((eb) => searchOnRows(eb, terms));
      return q;
    };
    const base = filtered(f.statuses);
    const ordered = (q: typeof base, limit: number) =>
      q
        .select(['r.id', 'r.created_at'])
        .orderBy('r.created_at', dir)
        .orderBy('r.id', dir)
        .limit(limit);
    // Several statuses (the cross-type queue's waiting ones): each status's own range of
    // `(status, created_at, id)`, merged. As one `status in (…)`, PostgreSQL walks the filing
    // order from the far end and skips every other request until it finds waiting ones
    // (3.5 s for the oldest waiting at a million requests).
    const pageQuery =
      (f.statuses?.length ?? 0) > 1 && !terms && f.id === undefined
        ? sql<{ id: number }>`select id from (${sql.join(
            f.statuses!.map(
              (s) => sql`select * from (${ordered(filtered([s]), offset + f.perPage)}) as p`,
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
