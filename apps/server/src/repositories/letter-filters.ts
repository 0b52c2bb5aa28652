/**
 * How a list of letter requests is filtered, written once for the desk's list
 * (letter-search.ts), its export (letter-export.ts) and the PDF history: the terms a request is
 * found by (written with it, ADR 0009), what a search looks for, the filters on the search
 * terms' rows, and the same filters and search on the request rows themselves. The export
 * filters exactly like the screen because both build their queries here.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';
import { isSqlite } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { LetterRequestsTable } from '../db/tables/letters.ts';
import { nameWords } from '../lib/names.ts';
import type { LetterRequestRow } from './letter-rows.ts';

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

export type Fragment = RawBuilder<unknown>;

export const and = (parts: Fragment[]) => sql.join(parts, sql` and `);

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

/**
 * The search terms' range of the longest word (`t.term` starting with it) and the filters, the
 * other words being terms of the same request: what a search matches, on the terms index.
 */
export function termRange(driver: string, filters: readonly Fragment[]): Fragment {
  return and([sql`t.term >= ${driver}`, sql`t.term < ${driver + PREFIX_END}`, ...filters]);
}

/** What the desk's list and its export are both filtered by. */
export interface LetterRequestQuery extends TermFilter {
  applicantUserId?: number | undefined;
  /** Only this request (a search by its reference, "KU-000042"). */
  id?: number | undefined;
  search?: string | undefined;
  sort?: 'newest' | 'oldest' | undefined;
}

/** A query's search words (null without a search) and its order. */
export function readQuery(f: LetterRequestQuery): {
  terms: string[] | null;
  dir: 'asc' | 'desc';
  /** The search is answered from the terms index (not a resident's own, nor one request). */
  byTerms: boolean;
} {
  const search = f.search?.trim();
  const terms = search ? searchTerms(search) : null;
  const byTerms = terms !== null && f.applicantUserId === undefined && f.id === undefined;
  return { terms, dir: f.sort === 'oldest' ? 'asc' : 'desc', byTerms };
}

/**
 * `letter_requests as r` filtered by the query, with `statuses` in place of the query's (one
 * status of several at a time, see `mergesStatuses`) and the search checked on the rows.
 */
export function filteredRequests(
  db: Kysely<Database>,
  f: LetterRequestQuery,
  terms: readonly string[] | null,
  statuses: readonly LetterStatus[] | undefined = f.statuses,
) {
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
}

/**
 * Several statuses (the cross-type queue's waiting ones): each status's own range of
 * `(status, created_at, id)` is read and the ranges merged. As one `status in (…)`, PostgreSQL
 * walks the filing order from the far end and skips every other request until it finds waiting
 * ones (3.5 s for the oldest waiting at a million requests).
 */
export function mergesStatuses(f: LetterRequestQuery, terms: readonly string[] | null): boolean {
  return (f.statuses?.length ?? 0) > 1 && !terms && f.id === undefined;
}
