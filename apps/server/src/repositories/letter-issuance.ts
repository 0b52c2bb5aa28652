/**
 * What issuing a letter writes after its PDF is rendered, inside the issuing transaction: the
 * PDF's bytes, its archive row, the request's `completed` event, the notice to the resident and
 * the audit row. On PostgreSQL one statement of data-modifying CTEs, prepared once per
 * connection (a round trip instead of five, as for filing: ADR 0010); on SQLite, where a
 * statement costs no round trip, five short inserts.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';
import { preparedOnPostgres } from '../db/database.ts';
import { isSqlite } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { writeAudit } from './audit-log.ts';
import { insertFile } from './files.ts';
import { insertLetterEvent } from './letter-requests.ts';
import { insertNotifications } from './notifications.ts';
import { insertPdfHistory } from './pdf-histories.ts';
import { queuePersonMessage, type PersonMessage } from './notice-outbox.ts';

export interface IssuedLetter {
  requestId: number;
  type: LetterCode;
  pdf: Buffer;
  number: string;
  issuedAt: string;
  /** The administrator issuing it. */
  issuedBy: number;
  processingSeconds: number;
  fromStatus: LetterStatus;
  note: string | null;
  /** To the applicant, when they have an account. */
  residentNotice: {
    userId: number;
    title: string;
    body: string;
    link: string;
    /** To the resident's own channels too (issue 22). */
    message?: PersonMessage | null;
  } | null;
  /** The audit row's address and detail (never a NIK or token). */
  ip: string;
  auditDetail: Record<string, unknown>;
}

/**
 * $1 bytes, $2 sha256, $3 size, $4 issued at (every row's time), $5 request, $6 type, $7 number,
 * $8 issuer, $9 processing seconds, $10 from status, $11 note, $12–$15 the resident's notice (user
 * or null, title, body, link), $16 ip, $17 audit detail.
 */
export const PG_RECORD_ISSUED = preparedOnPostgres(
  'balai_record_issued_letter',
  `with f as (
  insert into files (kind, mime, bytes, sha256, size, created_at)
  values ('pdf', 'application/pdf', $1::bytea, $2::char(64), $3::integer, $4::varchar)
  returning id
), h as (
  insert into pdf_histories (letter_request_id, type, file_id, sha256, number, issued_at, issued_by, processing_seconds)
  select $5::integer, $6::varchar, f.id, $2::char(64), $7::varchar, $4::varchar, $8::integer, $9::integer from f
), e as (
  insert into letter_events (letter_request_id, actor_id, from_status, to_status, note, created_at)
  values ($5::integer, $8::integer, $10::varchar, 'completed', $11::text, $4::varchar)
), n as (
  insert into notifications (user_id, title, body, link, letter_request_id, read_at, created_at)
  select $12::integer, $13::varchar, $14::text, $15::text, $5::integer, null, $4::varchar
   where $12::integer is not null
), a as (
  insert into audit_log (user_id, action, subject_type, subject_id, subject_key, ip, detail, created_at)
  values ($8::integer, 'letter.status', 'letter_request', $5::integer, null, $16::varchar, $17::text, $4::varchar)
)
select id from f`,
);

/** Stores an issued letter and what goes with it; the PDF's file id. */
export async function recordIssuedLetter(db: Kysely<Database>, r: IssuedLetter): Promise<number> {
  const sha256 = sha256Hex(r.pdf);
  if (!isSqlite(db)) {
    const notice = r.residentNotice;
    const { rows } = await db.executeQuery<{ id: number }>(
      CompiledQuery.raw(PG_RECORD_ISSUED, [
        r.pdf,
        sha256,
        r.pdf.length,
        r.issuedAt,
        r.requestId,
        r.type,
        r.number,
        r.issuedBy,
        r.processingSeconds,
        r.fromStatus,
        r.note,
        notice?.userId ?? null,
        notice?.title ?? null,
        notice?.body ?? null,
        notice?.link ?? null,
        r.ip,
        JSON.stringify(r.auditDetail),
      ]),
    );
    // The in-app notice above, to the resident's WhatsApp/Telegram/e-mail too (issue 22).
    if (notice?.message) {
      await queuePersonMessage(db, [notice.userId], notice.message, r.requestId);
    }
    return rows[0]!.id;
  }
  const fileId = await insertFile(db, { kind: 'pdf', mime: 'application/pdf', bytes: r.pdf });
  await insertPdfHistory(db, {
    letter_request_id: r.requestId,
    type: r.type,
    file_id: fileId,
    sha256,
    number: r.number,
    issued_at: r.issuedAt,
    issued_by: r.issuedBy,
    processing_seconds: r.processingSeconds,
  });
  await insertLetterEvent(db, {
    letter_request_id: r.requestId,
    actor_id: r.issuedBy,
    from_status: r.fromStatus,
    to_status: 'completed',
    note: r.note,
    created_at: r.issuedAt,
  });
  if (r.residentNotice) {
    const { userId, ...notice } = r.residentNotice;
    await insertNotifications(db, [userId], {
      ...notice,
      letter_request_id: r.requestId,
      created_at: r.issuedAt,
    });
  }
  await writeAudit(db, {
    action: 'letter.status',
    user_id: r.issuedBy,
    subject_type: 'letter_request',
    subject_id: r.requestId,
    ip: r.ip,
    detail: r.auditDetail,
  });
  return fileId;
}
