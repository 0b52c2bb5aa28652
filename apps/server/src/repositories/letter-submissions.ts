/**
 * Filing a letter request: the server's hottest write (issue 4 measures fifty residents
 * submitting at once). Everything a new request writes — the request, its search terms, its
 * first event, a notice to every active administrator but the filer (and to the resident when
 * the office files for them), the audit row — in as few statements as each database allows,
 * as fixed SQL text written once, so no query is built or compiled per request (ADR 0010):
 *
 * - PostgreSQL: one statement of data-modifying CTEs, one round trip, atomic by itself (a
 *   resident's own submission, which is capped, runs it in a transaction after a per-resident
 *   advisory lock and the cap counts: issue 14.7);
 * - SQLite: five short statements (six when filed on someone's behalf), run by the group
 *   commit (`db/group-commit.ts`) inside a savepoint of a transaction shared with the other
 *   submissions arriving at the same moment, so fifty submissions cost one fsync, not fifty.
 *
 * Everything is parameterised; the column lists are those of migrations 0004 and 0005.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { ADMIN_ROLE, FINAL_STATUSES } from '@balai/domain';
import type { ApplicantSnapshot, FieldValues, LetterCode } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { preparedOnPostgres } from '../db/database.ts';
import { groupCommit } from '../db/group-commit.ts';
import { isSqlite } from '../db/database.ts';
import { nameKey } from '../lib/names.ts';
import { newToken } from '../lib/tokens.ts';
import type { LetterRequestRow } from './letter-requests.ts';
import { linkStagedAttachments } from './letter-attachments.ts';
import { requestTerms } from './letter-filters.ts';

export interface NoticeToSend {
  title: string;
  body: string;
  /** The link without the request's id, which is appended ("/admin/service-ku/"). */
  linkPrefix: string;
}

export interface Submission {
  type: LetterCode;
  /** The resident the letter is for; null for a person without an account. */
  applicantUserId: number | null;
  /** The register person it is for (issue 21); null when not known. */
  subjectPersonId?: number | null;
  /** Who files it: the resident, or the administrator filing on someone's behalf. */
  filedBy: number;
  applicant: ApplicantSnapshot;
  /** The snapshot came from a profile whose identity the office had verified (migration 0005). */
  applicantVerified: boolean;
  data: FieldValues;
  idempotencyKey: string | null;
  now: string;
  /** To every active administrator except the filer. */
  adminNotice: NoticeToSend;
  /** To the applicant, when someone else (the office) filed for them. */
  residentNotice: (NoticeToSend & { userId: number }) | null;
  /** The audit row's address and detail (never a NIK or token). */
  ip: string;
  auditDetail: Record<string, unknown>;
  /** Limits on the applicant's requests, checked atomically with the insert; null: none (office). */
  caps?: SubmissionCaps | null;
  /**
   * The resident's staged photos to link to the new request, in the same transaction, and the
   * requirement keys that must be among them (ADR 0015); absent when there is nothing to link
   * or check, so the usual filing keeps its single statement.
   */
  attach?: { ownerId: number; ids: readonly number[]; requiredKeys: readonly string[] } | null;
  /**
   * Writes more in the filing's transaction once the request exists (the resident's "received"
   * message in the notice outbox, issue 22); on PostgreSQL it makes the filing a transaction.
   */
  afterFiled?: ((trx: Kysely<Database>, row: LetterRequestRow) => Promise<void>) | null;
}

/** A staged photo went away (deleted, or sent with another request) while filing: rolled back. */
export class AttachmentsChanged extends Error {
  constructor() {
    super('staged attachments changed while filing');
  }
}

/** Links the staged photos inside the filing's transaction; throws to roll the filing back. */
async function linkAttachments(db: Kysely<Database>, s: Submission, requestId: number) {
  const a = s.attach;
  if (!a) return;
  const linked = await linkStagedAttachments(db, requestId, a.ownerId, s.type, a.ids);
  if (linked.length !== a.ids.length || a.requiredKeys.some((k) => !linked.includes(k))) {
    throw new AttachmentsChanged();
  }
}

/**
 * How much one resident may have in hand (issue 14.7); 0 turns a limit off. Open means not
 * completed, rejected or cancelled.
 */
export interface SubmissionCaps {
  maxOpen: number;
  maxOpenOfType: number;
  maxPerHour: number;
}

/** A cap that stopped a submission; nothing was written. */
export class SubmissionCapReached extends Error {
  constructor(
    readonly cap: 'open' | 'open_of_type' | 'per_hour',
    readonly limit: number,
    /** For per_hour: seconds until the oldest submission of the hour leaves it. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`submission cap reached: ${cap}`);
  }
}

const OPEN = `status not in (${FINAL_STATUSES.map((st) => `'${st}'`).join(', ')})`;
/** The applicant's open requests, open ones of the type, and their own submissions since $4. */
const CAP_COUNTS = (ph: (i: number) => string) => `select
  coalesce(sum(case when ${OPEN} then 1 else 0 end), 0) as open,
  coalesce(sum(case when ${OPEN} and type = ${ph(2)} then 1 else 0 end), 0) as open_of_type,
  coalesce(sum(case when filed_by = ${ph(3)} and created_at > ${ph(4)} then 1 else 0 end), 0) as recent,
  min(case when filed_by = ${ph(3)} and created_at > ${ph(4)} then created_at end) as oldest_recent
from letter_requests where applicant_user_id = ${ph(1)}`;
const PG_CAP_COUNTS = CAP_COUNTS((i) => `$${i}`);
const SQLITE_CAP_COUNTS = CAP_COUNTS(() => '?');

/**
 * Throws SubmissionCapReached when the submission would pass a cap. Must run where no other
 * submission of the same applicant can slip in between it and the insert: inside the SQLite
 * write (one writer) or after the applicant's advisory lock on PostgreSQL.
 */
async function checkCaps(db: Kysely<Database>, s: Submission, caps: SubmissionCaps) {
  const hourAgo = new Date(Date.parse(s.now) - 3_600_000).toISOString();
  const sqlite = isSqlite(db);
  const params = sqlite
    ? [s.type, s.filedBy, hourAgo, s.filedBy, hourAgo, s.applicantUserId]
    : [s.applicantUserId, s.type, s.filedBy, hourAgo];
  // SQLite's `?` take the parameters in the order they appear in the text.
  const text = sqlite ? SQLITE_CAP_COUNTS : PG_CAP_COUNTS;
  const row = (
    await db.executeQuery<{
      open: number | string;
      open_of_type: number | string;
      recent: number | string;
      oldest_recent: string | null;
    }>(CompiledQuery.raw(text, params))
  ).rows[0]!;
  if (caps.maxPerHour > 0 && Number(row.recent) >= caps.maxPerHour) {
    const leaves = row.oldest_recent ? Date.parse(row.oldest_recent) + 3_600_000 : Date.now();
    const seconds = Math.max(1, Math.ceil((leaves - Date.now()) / 1000));
    throw new SubmissionCapReached('per_hour', caps.maxPerHour, seconds);
  }
  if (caps.maxOpenOfType > 0 && Number(row.open_of_type) >= caps.maxOpenOfType) {
    throw new SubmissionCapReached('open_of_type', caps.maxOpenOfType);
  }
  if (caps.maxOpen > 0 && Number(row.open) >= caps.maxOpen) {
    throw new SubmissionCapReached('open', caps.maxOpen);
  }
}

/** Advisory-lock namespace of a resident's submissions (any int4; "BLS"). */
const PG_SUBMIT_LOCK = 0x424c53;

export interface Filed {
  row: LetterRequestRow;
  eventId: number;
}

const REQUEST_COLUMNS = [
  'type',
  'applicant_user_id',
  'filed_by',
  'applicant',
  'applicant_name',
  'applicant_name_key',
  'applicant_nik',
  'data',
  'purpose',
  'phone',
  'status',
  'verify_token',
  'idempotency_key',
  'created_at',
  'updated_at',
  'applicant_verified',
  'subject_person_id',
] as const;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The new row's values, in REQUEST_COLUMNS order, and its search terms. */
function requestValues(s: Submission): { values: unknown[]; terms: string[] } {
  const name = s.applicant.name ?? '';
  const nik = s.applicant.nik ?? '';
  const values = [
    s.type,
    s.applicantUserId,
    s.filedBy,
    JSON.stringify(s.applicant),
    name,
    nameKey(name),
    nik,
    JSON.stringify(s.data),
    str(s.data.purpose),
    str(s.data.phone),
    'submitted',
    newToken(24),
    s.idempotencyKey,
    s.now,
    s.now,
    s.applicantVerified ? 1 : 0,
    s.subjectPersonId ?? null,
  ];
  return {
    values,
    terms: requestTerms({ applicant_name: name, applicant_nik: nik, number: null }),
  };
}

// ---- PostgreSQL: one statement ---------------------------------------------------------------

const n = REQUEST_COLUMNS.length;
const p = (i: number) => `$${n + i}`;
/**
 * $1…$17 the request's columns ($3 is the filer), then: $18 terms (text[]), $19–$21 the
 * administrators' notice (title, body, link prefix), $22–$25 the resident's notice (user id or
 * null, title, body, link prefix), $26 ip, $27 audit detail. Parameters outside a VALUES list
 * are cast: PostgreSQL does not infer a type for a bare parameter in a select list.
 */
export const PG_FILE = preparedOnPostgres(
  'balai_file_letter_request',
  `with r as (
  insert into letter_requests (${REQUEST_COLUMNS.join(', ')})
  values (${REQUEST_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
  returning *
), t as (
  insert into letter_search_terms (letter_request_id, term, type, status, created_at)
  select r.id, u.term, r.type, r.status, r.created_at from r cross join unnest(${p(1)}::text[]) as u(term)
), e as (
  insert into letter_events (letter_request_id, actor_id, from_status, to_status, note, created_at)
  select r.id, $3::integer, null, r.status, null, r.created_at from r
  returning id
), nt as (
  insert into notifications (user_id, title, body, link, letter_request_id, read_at, created_at)
  select a.id, ${p(2)}::varchar, ${p(3)}::text, ${p(4)}::text || r.id, r.id, null, r.created_at
    from r cross join users a
   where a.role = '${ADMIN_ROLE}' and a.active = 1 and a.id <> $3::integer
  union all
  select ${p(5)}::integer, ${p(6)}::varchar, ${p(7)}::text, ${p(8)}::text || r.id, r.id, null, r.created_at
    from r where ${p(5)}::integer is not null
), au as (
  insert into audit_log (user_id, action, subject_type, subject_id, subject_key, ip, detail, created_at)
  select $3::integer, 'letter.create', 'letter_request', r.id, null, ${p(9)}::varchar, ${p(10)}::text, r.created_at
    from r
)
select r.*, e.id as event_id from r cross join e`,
);

async function fileOnPostgres(db: Kysely<Database>, s: Submission): Promise<Filed> {
  const { values, terms } = requestValues(s);
  const resident = s.residentNotice;
  const { rows } = await db.executeQuery<LetterRequestRow & { event_id: number }>(
    CompiledQuery.raw(PG_FILE, [
      ...values,
      terms,
      s.adminNotice.title,
      s.adminNotice.body,
      s.adminNotice.linkPrefix,
      resident?.userId ?? null,
      resident?.title ?? null,
      resident?.body ?? null,
      resident?.linkPrefix ?? null,
      s.ip,
      JSON.stringify(s.auditDetail),
    ]),
  );
  const { event_id, ...row } = rows[0]!;
  return { row, eventId: event_id };
}

// ---- SQLite: short statements in a shared commit ------------------------------------------------

/** One text per number of terms (a handful: the words of a name and the NIK). */
const sqliteTerms = (count: number) =>
  `insert into letter_search_terms (letter_request_id, term, type, status, created_at) values ${Array.from({ length: count }, () => '(?, ?, ?, ?, ?)').join(', ')}`;

const SQLITE = {
  request: `insert into letter_requests (${REQUEST_COLUMNS.join(', ')}) values (${REQUEST_COLUMNS.map(() => '?').join(', ')}) returning *`,
  event: `insert into letter_events (letter_request_id, actor_id, from_status, to_status, note, created_at)
    values (?, ?, null, ?, null, ?) returning id`,
  admins: `insert into notifications (user_id, title, body, link, letter_request_id, read_at, created_at)
    select id, ?, ?, ?, ?, null, ? from users
     where role = '${ADMIN_ROLE}' and active = 1 and id <> ?`,
  resident: `insert into notifications (user_id, title, body, link, letter_request_id, read_at, created_at)
    values (?, ?, ?, ?, ?, null, ?)`,
  audit: `insert into audit_log (user_id, action, subject_type, subject_id, subject_key, ip, detail, created_at)
    values (?, 'letter.create', 'letter_request', ?, null, ?, ?, ?)`,
};

async function fileOnSqlite(db: Kysely<Database>, s: Submission): Promise<Filed> {
  const { values, terms } = requestValues(s);
  return groupCommit(db, async (trx) => {
    // In the write itself: the batch's writes run one after another on one connection, so each
    // sees the submissions before it.
    if (s.caps && s.applicantUserId !== null) await checkCaps(trx, s, s.caps);
    const run = <R>(sqlText: string, params: unknown[]) =>
      trx.executeQuery<R>(CompiledQuery.raw(sqlText, params));
    const row = (await run<LetterRequestRow>(SQLITE.request, values)).rows[0]!;
    const { id, type, status, created_at } = row;
    if (terms.length > 0) {
      await run(
        sqliteTerms(terms.length),
        terms.flatMap((term) => [id, term, type, status, created_at]),
      );
    }
    const event = (await run<{ id: number }>(SQLITE.event, [id, s.filedBy, status, created_at]))
      .rows[0]!;
    const a = s.adminNotice;
    await run(SQLITE.admins, [a.title, a.body, a.linkPrefix + id, id, created_at, s.filedBy]);
    const r = s.residentNotice;
    if (r)
      await run(SQLITE.resident, [r.userId, r.title, r.body, r.linkPrefix + id, id, created_at]);
    await run(SQLITE.audit, [s.filedBy, id, s.ip, JSON.stringify(s.auditDetail), created_at]);
    await linkAttachments(trx, s, id);
    await s.afterFiled?.(trx, row);
    return { row, eventId: event.id };
  });
}

/**
 * Writes a new request with everything that goes with it, atomically and durably; the request
 * row as stored and its first event's id. A repeated Idempotency-Key fails on the unique
 * constraint `letter_requests_idempotency_key` (the caller answers with the first request).
 */
export function fileLetterRequest(db: Kysely<Database>, s: Submission): Promise<Filed> {
  if (isSqlite(db)) return fileOnSqlite(db, s);
  const capped = s.caps && s.applicantUserId !== null;
  if (!capped && !s.attach && !s.afterFiled) return fileOnPostgres(db, s);
  // With caps: the applicant's submissions one at a time (a transaction-scoped advisory lock),
  // the counts read after the lock is held, then the one filing statement (ADR 0010). With
  // photos: linked in the same transaction, after the statement (ADR 0015).
  const applicantId = s.applicantUserId;
  const caps = s.caps;
  return db.transaction().execute(async (trx) => {
    if (caps && applicantId !== null) {
      await trx.executeQuery(
        CompiledQuery.raw('select pg_advisory_xact_lock($1, $2)', [PG_SUBMIT_LOCK, applicantId]),
      );
      await checkCaps(trx, s, caps);
    }
    const filed = await fileOnPostgres(trx, s);
    await linkAttachments(trx, s, filed.row.id);
    await s.afterFiled?.(trx, filed.row);
    return filed;
  });
}
