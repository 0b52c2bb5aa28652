import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, uploadable, type LetterType, type Requirement } from '@balai/domain';
import type { ApiAttachment } from '@balai/domain/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { KeyedSlots } from '../../lib/slots.ts';
import { nowIso } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  countForRequirement,
  findAttachmentMeta,
  insertAttachment,
  listRequestAttachments,
  storageUsedBy,
  sweepAttachments,
  withOwnerLock,
  type AttachmentMeta,
} from '../../repositories/letter-attachments.ts';
import {
  ATTACHMENT_MAX_STORED_BYTES,
  attachmentMessages,
  processAttachment,
} from '../../services/images.ts';
import { currentAuth } from '../../types.ts';
import { toApiAttachment } from './attachment-schema.ts';

// Storing the photos of the requirements (issue 13.1, 18.4, ADR 0015): who may upload how much
// and how fast, the resident's room, the per-requirement count, and the hourly sweep. The
// routes (attachments.ts) decide which request a photo belongs to.

/** At most this many photos under one requirement (a KK front and back, a two-page letter…). */
export const MAX_PHOTOS_PER_REQUIREMENT = 5;
/** A photo staged for a request that is never sent is removed after this long. */
export const STAGED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each server process sweeps (docs/operations.md). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** One user's photo uploads handled at once by a process (issue 18.4); more get a 429 at once. */
export const UPLOADS_AT_ONCE_PER_USER = 2;

const UPLOAD_IN_PROGRESS =
  'Foto Anda yang lain masih diunggah. Tunggu sampai selesai, lalu unggah foto ini lagi.';

/** A request's attachments as its detail shows them. */
export async function requestAttachments(
  db: Kysely<Database>,
  type: LetterType,
  requestId: number,
): Promise<ApiAttachment[]> {
  return (await listRequestAttachments(db, requestId)).map((a) => toApiAttachment(type, a));
}

/** How the photo routes speak of an upload that went wrong. */
const PHOTO_WORDS: UploadWords = {
  tooLarge: attachmentMessages.tooLarge,
  oneFile: 'Unggah satu foto saja setiap kali.',
  onlyFile: 'Kirim hanya satu foto, tanpa isian lain.',
  notMultipart: 'Kirim foto sebagai multipart/form-data.',
  missing: 'Pilih foto dokumen yang akan diunggah.',
};

/** The one file of the request, read into memory (at most 8 MB; lib/multipart.ts bounds how many at once). */
export const readPhoto = (request: FastifyRequest) => readOneFile(request, PHOTO_WORDS);

/** The requirement a photo is for: one of the type's that may be sent online. */
export function uploadableRequirement(type: LetterType, key: string): Requirement {
  const req = type.requirements.find((r) => r.key === key);
  if (!req) {
    const message = `Persyaratan "${key}" tidak ada pada surat ${type.title}.`;
    throw new HttpError(422, message, { requirement: [message] });
  }
  if (!uploadable(type).includes(req)) {
    const message = `${req.label} dibawa ke kantor desa, tidak diunggah.`;
    throw new HttpError(422, message, { requirement: [message] });
  }
  return req;
}

const mb = (bytes: number) =>
  (bytes / (1024 * 1024)).toLocaleString('id-ID', { maximumFractionDigits: 1 });

/**
 * The attachment routes' store: admits an upload (per-minute and at-once limits), stores a
 * photo within the owner's room, sends one back, and sweeps old ones from this app's start.
 */
export function attachmentStore(app: FastifyInstance) {
  const capBytes = app.config.ATTACHMENT_MAX_MB_PER_RESIDENT * 1024 * 1024;
  const retentionMs = app.config.ATTACHMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

  // Fairness (issue 18.4): a user's uploads at once in this process, and per minute (shared
  // through Redis when it is configured, like every rate limit).
  const uploading = new KeyedSlots(UPLOADS_AT_ONCE_PER_USER);
  const perMinute =
    app.config.ATTACHMENT_UPLOADS_PER_MINUTE > 0
      ? app.createRateLimit({
          max: app.config.ATTACHMENT_UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `upload:${currentAuth(request).user.id}`,
        })
      : null;

  /**
   * The headers of a refused upload: when to try again, and the connection closed after the
   * answer, so the body it did not read (up to 8 MB) is not read only to be thrown away.
   */
  const refusedUpload = (seconds: number) => ({
    'retry-after': String(seconds),
    connection: 'close',
  });

  /** Refuses the upload with a 429 when the user is past a limit; `done` when it ends. */
  async function admitUpload(request: FastifyRequest): Promise<{ done: () => void }> {
    const user = currentAuth(request).user;
    if (perMinute) {
      const limit = await perMinute(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        const message = `Terlalu banyak foto diunggah dalam satu menit. Silakan coba lagi dalam ${seconds} detik.`;
        throw new HttpError(429, message, { file: [message] }, refusedUpload(seconds));
      }
    }
    if (!uploading.enter(user.id)) {
      throw new HttpError(
        429,
        UPLOAD_IN_PROGRESS,
        { file: [UPLOAD_IN_PROGRESS] },
        refusedUpload(5),
      );
    }
    return { done: () => uploading.leave(user.id) };
  }

  /** The 413 of a full room. */
  const roomFull = (used: number) => {
    const message = `Ruang lampiran Anda penuh: terpakai ${mb(used)} MB dari ${mb(capBytes)} MB. Hapus lampiran yang tidak diperlukan, atau bawa dokumen ke kantor desa. Foto permohonan yang dibatalkan atau dihapus tetap dihitung sampai dihapus otomatis ${app.config.ATTACHMENT_RETENTION_DAYS} hari kemudian.`;
    return new HttpError(413, message, { file: [message] });
  };

  // The sweep: once soon after start, then hourly, in every process (it is idempotent).
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const removed = await sweepAttachments(app.db, Date.now(), retentionMs, STAGED_TTL_MS);
      const total = removed.deleted_requests + removed.cancelled_requests + removed.abandoned;
      if (total > 0) app.log.info({ removed }, 'letter attachments swept');
    } catch (err) {
      app.log.error({ err }, 'letter attachment sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    if (app.config.NODE_ENV === 'test') return;
    timer = setTimeout(function again() {
      void sweep().finally(() => {
        timer = setTimeout(again, SWEEP_EVERY_MS).unref();
      });
    }, 60_000).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));

  /** Checks the resident's room and the requirement's count, then stores; one at a time per owner. */
  async function store(opts: {
    request: FastifyRequest;
    type: LetterType;
    requirement: Requirement;
    requestId: number | null;
    ownerId: number | null;
    bytes: Buffer;
  }): Promise<AttachmentMeta> {
    const user = currentAuth(opts.request).user;
    const counted = !can(user, 'admin.access') && opts.ownerId !== null;
    // Before any decoding (issue 18.4): the room must take what this upload can become at most —
    // its own size, or the largest photo stored — so a full room costs no CPU.
    if (counted) {
      const used = await storageUsedBy(app.db, opts.ownerId!);
      if (used + Math.min(opts.bytes.length, ATTACHMENT_MAX_STORED_BYTES) > capBytes) {
        throw roomFull(used);
      }
    }
    const photo = await processAttachment(opts.bytes);
    const stored = photo.bytes.length + photo.thumb.length;
    const work = async (trx: Kysely<Database>) => {
      if (counted) {
        const used = await storageUsedBy(trx, opts.ownerId!);
        if (used + stored > capBytes) throw roomFull(used);
      }
      const where =
        opts.requestId === null
          ? { ownerId: opts.ownerId!, type: opts.type.code }
          : { requestId: opts.requestId };
      if (
        (await countForRequirement(trx, where, opts.requirement.key)) >= MAX_PHOTOS_PER_REQUIREMENT
      ) {
        const message = `Paling banyak ${MAX_PHOTOS_PER_REQUIREMENT} foto untuk ${opts.requirement.label}. Hapus salah satu dulu.`;
        throw new HttpError(422, message, { file: [message] });
      }
      const now = nowIso();
      const id = await insertAttachment(trx, {
        letterRequestId: opts.requestId,
        type: opts.type.code,
        requirement: opts.requirement.key,
        ownerUserId: opts.ownerId,
        uploadedBy: user.id,
        bytes: photo.bytes,
        width: photo.width,
        height: photo.height,
        thumbBytes: photo.thumb,
        now,
      });
      await writeAudit(trx, {
        action: 'letter.attachment_upload',
        user_id: user.id,
        subject_type: opts.requestId === null ? 'letter_attachment' : 'letter_request',
        subject_id: opts.requestId ?? id,
        ip: opts.request.ip,
        detail: {
          type: opts.type.code,
          requirement: opts.requirement.key,
          attachment_id: id,
          bytes_in: opts.bytes.length,
          bytes_stored: photo.bytes.length,
        },
      });
      return (await findAttachmentMeta(trx, id))!;
    };
    return opts.ownerId === null
      ? app.db.transaction().execute(work)
      : withOwnerLock(app.db, opts.ownerId, work);
  }

  function send(reply: FastifyReply, a: AttachmentMeta, bytes: Buffer, thumb: boolean) {
    const name = `lampiran-${a.requirement.replace(/_/g, '-')}-${a.id}${thumb ? '-kecil' : ''}.jpg`;
    return reply
      .header('content-type', a.mime)
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  }

  return { admitUpload, store, send };
}
