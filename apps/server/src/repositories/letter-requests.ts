import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ApplicantSnapshot, FieldValues, LetterCode, LetterStatus } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { LetterRequestsTable } from '../db/tables/letters.ts';
import { nameKey, nameWords } from '../letters/names.ts';
import { newToken } from '../lib/tokens.ts';

export type LetterRequestRow = Selectable<LetterRequestsTable>;

/** A request as lists return it: with the issued PDF's archive entry when there is one. */
export type LetterRequestListRow = LetterRequestRow & {
  pdf_history_id: number | null;
  pdf_sha256: string | null;
};

/** Above every character: `col >= p and col < p || END` is "starts with p" on a B-tree. */
const PREFIX_END = '\u{10FFFF}';
const MAX_TERM = 120;

export function parseApplicant(row: Pick<LetterRequestRow, 'applicant'>): ApplicantSnapshot {
  return JSON.parse(row.applicant) as ApplicantSnapshot;
}

export function parseData(row: Pick<LetterRequestRow, 'data'>): FieldValues {
  return JSON.parse(row.data) as FieldValues;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The columns derived from the applicant snapshot (kept in step with it on every write). */
function applicantColumns(applicant: ApplicantSnapshot) {
  return {
    applicant: JSON.stringify(applicant),
    applicant_name: applicant.name ?? '',
    applicant_name_key: nameKey(applicant.name ?? ''),
    applicant_nik: applicant.nik ?? '',
  };
}

/** The columns derived from the type's data. */
function dataColumns(data: FieldValues) {
  return { data: JSON.stringify(data), purpose: str(data.purpose), phone: str(data.phone) };
}

/** What a request can be found by: the words of the applicant's name, the NIK, the number. */
export function requestTerms(
  r: Pick<LetterRequestRow, 'applicant_name' | 'applicant_nik' | 'number'>,
): string[] {
  const terms = new Set(nameWords(r.applicant_name));
  if (r.applicant_nik) terms.add(r.applicant_nik.toLowerCase());
  if (r.number) terms.add(r.number.toLowerCase().slice(0, MAX_TERM));
  return [...terms];
}

/** (Re)writes a request's search terms with its current type, status and date. */
async function writeSearchTerms(
  db: Kysely<Database>,
  row: LetterRequestRow,
  fresh = false,
): Promise<void> {
  if (!fresh) {
    await db.deleteFrom('letter_search_terms').where('letter_request_id', '=', row.id).execute();
  }
  const terms = requestTerms(row);
  if (terms.length === 0) return;
  await db
    .insertInto('letter_search_terms')
    .values(
      terms.map((term) => ({
        letter_request_id: row.id,
        term,
        type: row.type,
        status: row.status,
        created_at: row.created_at,
      })),
    )
    .execute();
}

export interface NewLetterRequest {
  type: LetterCode;
  applicant_user_id: number | null;
  filed_by: number;
  applicant: ApplicantSnapshot;
  data: FieldValues;
  idempotency_key: string | null;
  now: string;
}

export async function insertLetterRequest(
  db: Kysely<Database>,
  v: NewLetterRequest,
): Promise<LetterRequestRow> {
  const row = await db
    .insertInto('letter_requests')
    .values({
      type: v.type,
      applicant_user_id: v.applicant_user_id,
      filed_by: v.filed_by,
      ...applicantColumns(v.applicant),
      ...dataColumns(v.data),
      status: 'submitted',
      note: null,
      number: null,
      number_seq: null,
      number_year: null,
      verify_token: newToken(24),
      idempotency_key: v.idempotency_key,
      issued_at: null,
      created_at: v.now,
      updated_at: v.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeSearchTerms(db, row, true);
  return row;
}

export function findLetterRequest(db: Kysely<Database>, id: number) {
  return db.selectFrom('letter_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLetterRequestByIdempotencyKey(
  db: Kysely<Database>,
  filedBy: number,
  key: string,
) {
  return db
    .selectFrom('letter_requests')
    .selectAll()
    .where('filed_by', '=', filedBy)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findLetterRequestByVerifyToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('letter_requests')
    .selectAll()
    .where('verify_token', '=', token)
    .executeTakeFirst();
}

export interface LetterRequestChange {
  status?: LetterStatus;
  note?: string | null;
  applicant?: ApplicantSnapshot;
  data?: FieldValues;
  issued_at?: string;
  number?: string;
  number_seq?: number;
  number_year?: number;
  now: string;
}

/**
 * Applies a change only if the request still has the status the caller saw: of two people
 * acting on one request at once, exactly one gets the row back; the other gets undefined.
 */
export async function updateLetterRequestIfStatus(
  db: Kysely<Database>,
  id: number,
  expected: LetterStatus,
  change: LetterRequestChange,
): Promise<LetterRequestRow | undefined> {
  const { applicant, data, now, ...rest } = change;
  const set: Updateable<LetterRequestsTable> = {
    ...rest,
    ...(applicant ? applicantColumns(applicant) : {}),
    ...(data ? dataColumns(data) : {}),
    updated_at: now,
  };
  const row = await db
    .updateTable('letter_requests')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', expected)
    .returningAll()
    .executeTakeFirst();
  if (row && (applicant || rest.status)) await writeSearchTerms(db, row);
  return row;
}

export async function setLetterNumber(
  db: Kysely<Database>,
  id: number,
  values: { number: string; number_seq: number; number_year: number },
): Promise<LetterRequestRow> {
  const row = await db
    .updateTable('letter_requests')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeSearchTerms(db, row);
  return row;
}

/** Deletes a request (and, by cascade, its events, search terms and notifications). */
export async function deleteLetterRequestIfStatus(
  db: Kysely<Database>,
  id: number,
  statuses: readonly LetterStatus[],
): Promise<boolean> {
  const rows = await db
    .deleteFrom('letter_requests')
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .returning('id')
    .execute();
  return rows.length > 0;
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
 * The one term a prefix covers, when it covers exactly one (the usual case: a whole word, a
 * whole NIK or number); `undefined` when it covers several, `null` when none.
 */
async function onlyTerm(
  db: Kysely<Database>,
  prefix: string,
  type: LetterCode | undefined,
): Promise<string | null | undefined> {
  const end = (dir: 'asc' | 'desc') => {
    let q = db
      .selectFrom('letter_search_terms')
      .select('term')
      .where('term', '>=', prefix)
      .where('term', '<', prefix + PREFIX_END);
    if (type) q = q.where('type', '=', type);
    return q.orderBy('term', dir).limit(1);
  };
  const row = await db
    .selectNoFrom(() => [end('asc').as('first'), end('desc').as('last')])
    .executeTakeFirst();
  if (!row?.first) return null;
  return row.first === row.last ? row.first : undefined;
}

/**
 * The search-term rows of requests matching every term and the filters: the longest term
 * drives (by equality when `exact` is the only term it covers, else as a range); the others
 * must be terms of the same request (ADR 0009).
 */
export function termMatches(
  db: Kysely<Database>,
  terms: readonly string[],
  f: TermFilter,
  exact?: string,
) {
  const [driver = '', ...rest] = longestFirst(terms);
  let t = db.selectFrom('letter_search_terms as t');
  t =
    exact !== undefined
      ? t.where('t.term', '=', exact)
      : t.where('t.term', '>=', driver).where('t.term', '<', driver + PREFIX_END);
  if (f.type) t = t.where('t.type', '=', f.type);
  if (f.statuses?.length === 1) t = t.where('t.status', '=', f.statuses[0]!);
  else if (f.statuses?.length) t = t.where('t.status', 'in', [...f.statuses]);
  if (f.createdFrom) t = t.where('t.created_at', '>=', f.createdFrom);
  if (f.createdBefore) t = t.where('t.created_at', '<', f.createdBefore);
  for (const w of rest) {
    t = t.where((eb) =>
      eb.exists(
        eb
          .selectFrom('letter_search_terms as t2')
          .select('t2.term')
          .whereRef('t2.letter_request_id', '=', 't.letter_request_id')
          .where('t2.term', '>=', w)
          .where('t2.term', '<', w + PREFIX_END),
      ),
    );
  }
  return t;
}

const longestFirst = (terms: readonly string[]) => [...terms].sort((a, b) => b.length - a.length);

/** Ids (with dates) of a page of the requests matching a search, and how many match in all. */
async function searchPage(
  db: Kysely<Database>,
  terms: readonly string[],
  f: TermFilter & { dir: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const exact = await onlyTerm(db, longestFirst(terms)[0] ?? '', f.type);
  if (exact === null) return { ids: [], total: 0 };
  const matches = termMatches(db, terms, f, exact);
  if (exact !== undefined) {
    // One term: each request appears once, already in date order in the index.
    const [counted, page] = await Promise.all([
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      matches
        .select('t.letter_request_id as id')
        .orderBy('t.created_at', f.dir)
        .orderBy('t.letter_request_id', f.dir)
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
    ]);
    return { ids: page.map((p) => p.id), total: Number(counted?.total ?? 0) };
  }
  // Several terms share the prefix: a request may match more than once.
  const [counted, page] = await Promise.all([
    matches
      .select((eb) => eb.fn.count<number>('t.letter_request_id').distinct().as('total'))
      .executeTakeFirst(),
    matches
      .select(['t.letter_request_id as id', 't.created_at'])
      .groupBy(['t.letter_request_id', 't.created_at'])
      .orderBy('t.created_at', f.dir)
      .orderBy('t.letter_request_id', f.dir)
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
  ]);
  return { ids: page.map((p) => p.id), total: Number(counted?.total ?? 0) };
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
  search?: string | undefined;
  sort?: 'newest' | 'oldest' | undefined;
  page: number;
  perPage: number;
}

/**
 * A page of requests, newest first. The page's ids come from an index alone (the filters'
 * index, or the search terms'), then only those rows are read: deep pages and common search
 * words stay cheap however large the table grows.
 */
export async function listLetterRequests(
  db: Kysely<Database>,
  f: LetterRequestFilter,
): Promise<{ rows: LetterRequestListRow[]; total: number }> {
  const search = f.search?.trim();
  const terms = search ? searchTerms(search) : null;
  const dir = f.sort === 'oldest' ? 'asc' : 'desc';
  const offset = (f.page - 1) * f.perPage;
  let total: number;
  let ids: number[];

  if (terms && f.applicantUserId === undefined) {
    if (terms.length === 0) return { rows: [], total: 0 };
    ({ ids, total } = await searchPage(db, terms, { ...f, dir, limit: f.perPage, offset }));
  } else {
    let base = db.selectFrom('letter_requests as r');
    if (f.type) base = base.where('r.type', '=', f.type);
    if (f.statuses?.length === 1) base = base.where('r.status', '=', f.statuses[0]!);
    else if (f.statuses?.length) base = base.where('r.status', 'in', [...f.statuses]);
    if (f.applicantUserId !== undefined) {
      base = base.where('r.applicant_user_id', '=', f.applicantUserId);
    }
    if (f.createdFrom) base = base.where('r.created_at', '>=', f.createdFrom);
    if (f.createdBefore) base = base.where('r.created_at', '<', f.createdBefore);
    if (terms) base = base.where((eb) => searchOnRows(eb, terms));
    const [counted, page] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      base
        .select('r.id')
        .orderBy('r.created_at', dir)
        .orderBy('r.id', dir)
        .limit(f.perPage)
        .offset(offset)
        .execute(),
    ]);
    total = Number(counted?.total ?? 0);
    ids = page.map((p) => p.id);
  }

  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('letter_requests as r')
    .leftJoin('pdf_histories as h', 'h.letter_request_id', 'r.id')
    .selectAll('r')
    .select(['h.id as pdf_history_id', 'h.sha256 as pdf_sha256'])
    .where('r.id', 'in', ids)
    .orderBy('r.created_at', dir)
    .orderBy('r.id', dir)
    .execute();
  return { rows, total };
}

/** An event as the request's history shows it. */
export type LetterEventView = Awaited<ReturnType<typeof listLetterEvents>>[number];

export function listLetterEvents(db: Kysely<Database>, requestId: number) {
  return db
    .selectFrom('letter_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.from_status',
      'e.to_status',
      'e.note',
      'e.created_at',
      'u.name as actor_name',
      'u.role as actor_role',
    ])
    .where('e.letter_request_id', '=', requestId)
    .orderBy('e.id')
    .execute();
}

export async function insertLetterEvent(
  db: Kysely<Database>,
  v: {
    letter_request_id: number;
    actor_id: number | null;
    from_status: LetterStatus | null;
    to_status: LetterStatus;
    note: string | null;
    created_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('letter_events')
    .values(v)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
