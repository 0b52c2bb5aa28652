/**
 * Photos of a letter request's requirements (migration 0006, ADR 0015): all SQL on
 * `letter_attachments`. A photo is staged (no request yet: the resident's form is not sent),
 * linked to its request when the request is filed (in the filing's own transaction), released
 * when its request is deleted, and removed by `sweepAttachments` after the retention period.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { LetterCode } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { isSqlite } from '../db/database.ts';
import { sha256Hex } from '../lib/tokens.ts';

/** What a listing shows of an attachment: everything but the bytes. */
const META = [
  'id',
  'letter_request_id',
  'type',
  'requirement',
  'owner_user_id',
  'uploaded_by',
  'mime',
  'size',
  'width',
  'height',
  'thumb_size',
  'sha256',
  'created_at',
] as const;

export interface AttachmentMeta {
  id: number;
  letter_request_id: number | null;
  type: LetterCode;
  requirement: string;
  owner_user_id: number | null;
  uploaded_by: number | null;
  mime: string;
  size: number;
  width: number;
  height: number;
  thumb_size: number;
  sha256: string;
  created_at: string;
}

export interface NewAttachment {
  letterRequestId: number | null;
  type: LetterCode;
  requirement: string;
  ownerUserId: number | null;
  uploadedBy: number;
  bytes: Buffer;
  width: number;
  height: number;
  thumbBytes: Buffer;
  now: string;
}

export async function insertAttachment(db: Kysely<Database>, a: NewAttachment): Promise<number> {
  const row = await db
    .insertInto('letter_attachments')
    .values({
      letter_request_id: a.letterRequestId,
      type: a.type,
      requirement: a.requirement,
      owner_user_id: a.ownerUserId,
      uploaded_by: a.uploadedBy,
      mime: 'image/jpeg',
      bytes: a.bytes,
      size: a.bytes.length,
      width: a.width,
      height: a.height,
      thumb_bytes: a.thumbBytes,
      thumb_size: a.thumbBytes.length,
      sha256: sha256Hex(a.bytes),
      released_at: null,
      created_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A request's attachments, oldest first. */
export function listRequestAttachments(
  db: Kysely<Database>,
  requestId: number,
): Promise<AttachmentMeta[]> {
  return db
    .selectFrom('letter_attachments')
    .select(META)
    .where('letter_request_id', '=', requestId)
    .orderBy('id')
    .execute() as Promise<AttachmentMeta[]>;
}

/** The photos a resident staged for a request of `type` not yet sent, oldest first. */
export function listStagedAttachments(
  db: Kysely<Database>,
  ownerId: number,
  type: LetterCode,
): Promise<AttachmentMeta[]> {
  return db
    .selectFrom('letter_attachments')
    .select(META)
    .where('owner_user_id', '=', ownerId)
    .where('type', '=', type)
    .where('letter_request_id', 'is', null)
    .where('released_at', 'is', null)
    .orderBy('id')
    .execute() as Promise<AttachmentMeta[]>;
}

export function findAttachmentMeta(
  db: Kysely<Database>,
  id: number,
): Promise<(AttachmentMeta & { released_at: string | null }) | undefined> {
  return db
    .selectFrom('letter_attachments')
    .select([...META, 'released_at'])
    .where('id', '=', id)
    .executeTakeFirst() as Promise<(AttachmentMeta & { released_at: string | null }) | undefined>;
}

/** The bytes to send: the photo or its thumbnail. */
export async function findAttachmentBytes(
  db: Kysely<Database>,
  id: number,
  variant: 'original' | 'thumb',
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('letter_attachments')
    .select(variant === 'thumb' ? 'thumb_bytes as bytes' : 'bytes')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.bytes;
}

/** How many photos are stored under one requirement of a request (or of the staged set). */
export async function countForRequirement(
  db: Kysely<Database>,
  where: { requestId: number } | { ownerId: number; type: LetterCode },
  requirement: string,
): Promise<number> {
  let q = db
    .selectFrom('letter_attachments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('requirement', '=', requirement);
  q =
    'requestId' in where
      ? q.where('letter_request_id', '=', where.requestId)
      : q
          .where('owner_user_id', '=', where.ownerId)
          .where('type', '=', where.type)
          .where('letter_request_id', 'is', null)
          .where('released_at', 'is', null);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The bytes a resident's attachments take (photo and thumbnail) against their cap: every photo
 * they own until it is really removed (issue 18.3) — staged, sent, of a cancelled request or
 * released from a deleted one, until the sweep deletes it. Cancelling no longer frees the room,
 * so cancelling cannot be used to store past it.
 */
export async function storageUsedBy(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('letter_attachments')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>(sql`size + thumb_size`), eb.lit(0)).as('bytes'),
    )
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Advisory-lock namespace of a resident's uploads on PostgreSQL ("BLA"). */
const PG_UPLOAD_LOCK = 0x424c41;

/**
 * Runs `work` so that no other upload of the same resident runs between its storage check and
 * its insert: a transaction (SQLite has one writer) holding a per-resident advisory lock on
 * PostgreSQL.
 */
export function withOwnerLock<T>(
  db: Kysely<Database>,
  ownerId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!isSqlite(trx)) {
      await trx.executeQuery(
        CompiledQuery.raw('select pg_advisory_xact_lock($1, $2)', [PG_UPLOAD_LOCK, ownerId]),
      );
    }
    return work(trx);
  });
}

export async function deleteAttachment(db: Kysely<Database>, id: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('letter_attachments')
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * Links the staged photos `ids` of `ownerId` for `type` to the new request, inside the filing's
 * transaction; the requirement keys actually linked (fewer than `ids` when one was deleted or
 * linked elsewhere meanwhile: the caller rolls back).
 */
export async function linkStagedAttachments(
  db: Kysely<Database>,
  requestId: number,
  ownerId: number,
  type: LetterCode,
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('letter_attachments')
    .set({ letter_request_id: requestId })
    .where('id', 'in', [...ids])
    .where('owner_user_id', '=', ownerId)
    .where('type', '=', type)
    .where('letter_request_id', 'is', null)
    .where('released_at', 'is', null)
    .returning('requirement')
    .execute();
  return rows.map((r) => r.requirement);
}

/** The staged photos among `ids` that `ownerId` may send with a request of `type`. */
export function findStaged(
  db: Kysely<Database>,
  ownerId: number,
  type: LetterCode,
  ids: readonly number[],
): Promise<{ id: number; requirement: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('letter_attachments')
    .select(['id', 'requirement'])
    .where('id', 'in', [...ids])
    .where('owner_user_id', '=', ownerId)
    .where('type', '=', type)
    .where('letter_request_id', 'is', null)
    .where('released_at', 'is', null)
    .execute();
}

/**
 * A request is being deleted: its photos leave it and wait out the retention period
 * (`released_at`). Runs in the deletion's transaction.
 */
export async function releaseRequestAttachments(
  db: Kysely<Database>,
  requestId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('letter_attachments')
    .set({ letter_request_id: null, released_at: now })
    .where('letter_request_id', '=', requestId)
    .execute();
}

export interface SweepResult {
  /** Of requests deleted more than the retention period ago. */
  deleted_requests: number;
  /** Of requests cancelled more than the retention period ago. */
  cancelled_requests: number;
  /** Staged for a request that was never sent, older than the staging period. */
  abandoned: number;
}

/**
 * Removes the photos nobody needs any more (docs/operations.md): those of requests cancelled or
 * deleted more than `retentionMs` before `now`, and staged ones older than `stagedMs` whose
 * request was never sent. Idempotent; several processes may run it at once.
 */
export async function sweepAttachments(
  db: Kysely<Database>,
  now: number,
  retentionMs: number,
  stagedMs: number,
): Promise<SweepResult> {
  const cutoff = new Date(now - retentionMs).toISOString();
  const stagedCutoff = new Date(now - stagedMs).toISOString();
  const released = await db
    .deleteFrom('letter_attachments')
    .where('letter_request_id', 'is', null)
    .where('released_at', 'is not', null)
    .where('released_at', '<', cutoff)
    .returning('id')
    .execute();
  const cancelled = await db
    .deleteFrom('letter_attachments')
    .where('letter_request_id', 'in', (eb) =>
      eb
        .selectFrom('letter_requests')
        .select('id')
        .where('status', '=', 'cancelled')
        .where('updated_at', '<', cutoff),
    )
    .returning('id')
    .execute();
  const abandoned = await db
    .deleteFrom('letter_attachments')
    .where('letter_request_id', 'is', null)
    .where('released_at', 'is', null)
    .where('created_at', '<', stagedCutoff)
    .returning('id')
    .execute();
  return {
    deleted_requests: released.length,
    cancelled_requests: cancelled.length,
    abandoned: abandoned.length,
  };
}
