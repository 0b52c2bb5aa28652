import type { Kysely, Updateable } from 'kysely';
import type { ApplicantSnapshot, FieldValues, LetterStatus } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { LetterRequestsTable } from '../db/tables/letters.ts';
import { nameKey } from '../lib/names.ts';
import { requestTerms } from './letter-filters.ts';
import type { LetterRequestRow } from './letter-rows.ts';

export type { LetterRequestListRow, LetterRequestRow } from './letter-rows.ts';

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

/** Rewrites a request's search terms with its current type, status and date (a new request's are
 * written by `fileLetterRequest`). */
async function writeSearchTerms(db: Kysely<Database>, row: LetterRequestRow): Promise<void> {
  await db.deleteFrom('letter_search_terms').where('letter_request_id', '=', row.id).execute();
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
  /** With a new applicant snapshot: 1 when it came from a verified profile, else 0. */
  applicant_verified?: number;
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
  const { applicant, applicant_verified, data, now, ...rest } = change;
  const set: Updateable<LetterRequestsTable> = {
    ...rest,
    // A snapshot typed by the office is not a verified identity unless the caller says so.
    ...(applicant
      ? { ...applicantColumns(applicant), applicant_verified: applicant_verified ?? 0 }
      : {}),
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
  if (row && (applicant || rest.status || rest.number)) await writeSearchTerms(db, row);
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
      'e.changes',
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
    /** JSON FieldChange[] of an edit. */
    changes?: string | null;
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
