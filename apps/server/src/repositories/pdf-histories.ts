import { sql, type Kysely } from 'kysely';
import type { LetterCode } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { searchOnRows, searchTerms, termMatches } from './letter-filters.ts';

export async function insertPdfHistory(
  db: Kysely<Database>,
  v: {
    letter_request_id: number;
    type: LetterCode;
    file_id: number;
    sha256: string;
    number: string;
    issued_at: string;
    issued_by: number | null;
    processing_seconds: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('pdf_histories')
    .values(v)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An archive entry with what the list shows of its request (never the request's data). */
function selectHistories(db: Kysely<Database>) {
  return db
    .selectFrom('pdf_histories as h')
    .innerJoin('letter_requests as r', 'r.id', 'h.letter_request_id')
    .leftJoin('files as f', 'f.id', 'h.file_id')
    .leftJoin('users as u', 'u.id', 'h.issued_by')
    .select([
      'h.id',
      'h.letter_request_id',
      'h.type',
      'h.number',
      'h.sha256',
      'h.issued_at',
      'h.issued_by',
      'u.name as issued_by_name',
      'f.size as size',
      'r.applicant_user_id',
      'r.applicant_name',
      'r.verify_token',
    ]);
}

export type PdfHistoryRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectHistories>['executeTakeFirst']>>
>;

export function findPdfHistory(db: Kysely<Database>, id: number) {
  return selectHistories(db).where('h.id', '=', id).executeTakeFirst();
}

export function findPdfHistoryOfRequest(db: Kysely<Database>, requestId: number) {
  return db
    .selectFrom('pdf_histories')
    .selectAll()
    .where('letter_request_id', '=', requestId)
    .executeTakeFirst();
}

export interface PdfHistoryFilter {
  applicantUserId?: number | undefined;
  type?: LetterCode | undefined;
  issuedFrom?: string | undefined;
  issuedBefore?: string | undefined;
  search?: string | undefined;
  page: number;
  perPage: number;
}

/** A page of the archive, newest first; searched through the requests' terms (ADR 0009). */
export async function listPdfHistories(
  db: Kysely<Database>,
  f: PdfHistoryFilter,
): Promise<{ rows: PdfHistoryRow[]; total: number }> {
  const search = f.search?.trim();
  const terms = search ? searchTerms(search) : null;
  if (terms?.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('pdf_histories as h');
  if (f.type) base = base.where('h.type', '=', f.type);
  if (f.issuedFrom) base = base.where('h.issued_at', '>=', f.issuedFrom);
  if (f.issuedBefore) base = base.where('h.issued_at', '<', f.issuedBefore);
  if (f.applicantUserId !== undefined) {
    const own = db
      .selectFrom('letter_requests as r')
      .select('r.id')
      .where('r.applicant_user_id', '=', f.applicantUserId)
      .where((eb) => (terms ? searchOnRows(eb, terms) : sql<boolean>`1 = 1`));
    base = base.where('h.letter_request_id', 'in', own);
  } else if (terms) {
    const matches = termMatches(db, terms, { type: f.type, statuses: ['completed'] }).select(
      't.letter_request_id',
    );
    // (A request matching twice appears once: `in` does not repeat rows.)
    base = base.where('h.letter_request_id', 'in', matches);
  }
  const [counted, page] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    base
      .select('h.id')
      .orderBy('h.issued_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
      .execute(),
  ]);
  const total = Number(counted?.total ?? 0);
  const ids = page.map((p) => p.id);
  if (ids.length === 0) return { rows: [], total };
  const rows = await selectHistories(db)
    .where('h.id', 'in', ids)
    .orderBy('h.issued_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return { rows, total };
}
