import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_STATUS_LABELS,
  LETTER_TYPES,
  MAX_ID,
  canEditLetter,
  isAdmin,
  uploadable,
  type LetterType,
  type Requirement,
} from '@balai/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { KeyedSlots } from '../../lib/slots.ts';
import { nowIso } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  countForRequirement,
  deleteAttachment,
  findAttachmentBytes,
  findAttachmentMeta,
  insertAttachment,
  listRequestAttachments,
  listStagedAttachments,
  storageUsedBy,
  sweepAttachments,
  withOwnerLock,
  type AttachmentMeta,
} from '../../repositories/letter-attachments.ts';
import type { UserRow } from '../../repositories/users.ts';
import {
  ATTACHMENT_MAX_STORED_BYTES,
  ATTACHMENT_MAX_UPLOAD_BYTES,
  attachmentMessages,
  processAttachment,
} from '../../letters/attachment-image.ts';
import { findVisibleRequest } from '../../letters/workflow.ts';
import { currentAuth } from '../../types.ts';
import { errorSchema, idParams, messageSchema, responses } from '../schemas.ts';
import { attachmentSchema, toApiAttachment, type ApiAttachment } from './attachment-schema.ts';

/** At most this many photos under one requirement (a KK front and back, a two-page letter…). */
export const MAX_PHOTOS_PER_REQUIREMENT = 5;
/** A photo staged for a request that is never sent is removed after this long. */
export const STAGED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each server process sweeps (docs/operations.md). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** One user's photo uploads handled at once by a process (issue 18.4); more get a 429 at once. */
export const UPLOADS_AT_ONCE_PER_USER = 2;

const ATTACHMENT_NOT_FOUND = 'Lampiran tidak ditemukan.';
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
const readPhoto = (request: FastifyRequest) => readOneFile(request, PHOTO_WORDS);

/** The requirement a photo is for: one of the type's that may be sent online. */
function uploadableRequirement(type: LetterType, key: string): Requirement {
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

const requirementQuery = z.object({
  requirement: z
    .string({ error: 'Pilih persyaratan yang difoto.' })
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Pilih persyaratan yang difoto.'),
});
const attachmentId = z.coerce.number().int().positive().max(MAX_ID);
const attachmentParams = z.object({ aid: attachmentId });
const requestAttachmentParams = idParams.extend({ aid: attachmentId });

const binaryResponse = {
  200: {
    description: 'Foto lampiran (JPEG)',
    content: {
      'image/jpeg': {
        schema: z
          .custom<Buffer>((v) => Buffer.isBuffer(v))
          .meta({ type: 'string', format: 'binary' }),
      },
    },
  },
  '4xx': errorSchema,
  '5xx': errorSchema,
};

/**
 * Photos of a request's requirements (issue 13.1, ADR 0015), at each type's base:
 *
 * - `GET/POST {base}/attachments`, `GET/DELETE {base}/attachments/{aid}[/thumb]`: the signed-in
 *   resident's photos staged for their next request of the type (sent with it as `attachments`);
 * - `GET/POST {base}/{id}/attachments`, `GET/DELETE {base}/{id}/attachments/{aid}[/thumb]`: a
 *   filed request's photos, for its resident and administrators; anyone else gets the request's
 *   404.
 *
 * Multipart parsing is registered in this plugin only.
 */
const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_UPLOAD_BYTES,
      files: 1,
      fields: 3,
      parts: 4,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

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
    const counted = !isAdmin(user) && opts.ownerId !== null;
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

  for (const type of LETTER_TYPES) {
    const base = type.base.slice('/api'.length);
    const tags = [`Layanan: ${type.title}`];
    const security = [{ bearerAuth: [] }];

    /** A photo the signed-in resident staged for this type, or the same 404 as any other. */
    const ownStaged = async (user: UserRow, aid: number) => {
      const a = await findAttachmentMeta(app.db, aid);
      if (
        !a ||
        a.type !== type.code ||
        a.letter_request_id !== null ||
        a.released_at !== null ||
        a.owner_user_id !== user.id
      ) {
        throw notFound(ATTACHMENT_NOT_FOUND);
      }
      return a;
    };

    /** A photo of a request the user may see (the request's own 404 otherwise). */
    const ofRequest = async (user: UserRow, id: number, aid: number) => {
      const row = await findVisibleRequest(app.db, type, user, id);
      const a = await findAttachmentMeta(app.db, aid);
      if (!a || a.letter_request_id !== row.id) throw notFound(ATTACHMENT_NOT_FOUND);
      return { row, a };
    };

    // ---- Staged: the resident's photos for a request not yet sent ----------------------------

    app.get(
      `${base}/attachments`,
      {
        schema: {
          tags,
          summary: `Foto persyaratan ${type.title} yang sudah diunggah untuk permohonan yang belum dikirim`,
          security,
          response: responses({ 200: z.object({ data: z.array(attachmentSchema) }) }),
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const rows = await listStagedAttachments(app.db, user.id, type.code);
        return { data: rows.map((a) => toApiAttachment(type, a)) };
      },
    );

    app.post(
      `${base}/attachments`,
      {
        schema: {
          tags,
          summary: `Mengunggah foto satu persyaratan ${type.title} sebelum permohonan dikirim (warga)`,
          description:
            'multipart/form-data dengan satu foto (JPEG, PNG, WebP, GIF atau AVIF; maks. 8 MB). Foto dikenali dari isinya dan diubah ke JPEG (sisi terpanjang maks. 1600 px, maks. 500 KB). Kirim id-nya dalam `attachments` saat mengajukan permohonan.',
          security,
          consumes: ['multipart/form-data'],
          querystring: requirementQuery,
          response: responses({ 201: z.object({ data: attachmentSchema }) }),
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        if (isAdmin(user)) {
          throw forbidden(
            'Administrator menambahkan lampiran pada permohonan yang sudah diajukan.',
          );
        }
        const requirement = uploadableRequirement(type, request.query.requirement);
        const admitted = await admitUpload(request);
        try {
          const bytes = await readPhoto(request);
          const a = await store({
            request,
            type,
            requirement,
            requestId: null,
            ownerId: user.id,
            bytes,
          });
          return reply.code(201).send({ data: toApiAttachment(type, a) });
        } finally {
          admitted.done();
        }
      },
    );

    for (const thumb of [false, true]) {
      app.get(
        `${base}/attachments/:aid${thumb ? '/thumb' : ''}`,
        {
          schema: {
            tags,
            summary: thumb
              ? `Gambar kecil foto persyaratan ${type.title} yang belum dikirim`
              : `Foto persyaratan ${type.title} yang belum dikirim (hanya pengunggahnya)`,
            security,
            params: attachmentParams,
            response: binaryResponse,
          },
        },
        async (request, reply) => {
          const a = await ownStaged(currentAuth(request).user, request.params.aid);
          const bytes = await findAttachmentBytes(app.db, a.id, thumb ? 'thumb' : 'original');
          if (!bytes) throw notFound(ATTACHMENT_NOT_FOUND);
          return send(reply, a, bytes, thumb);
        },
      );
    }

    app.delete(
      `${base}/attachments/:aid`,
      {
        schema: {
          tags,
          summary: `Menghapus foto persyaratan ${type.title} yang belum dikirim`,
          security,
          params: attachmentParams,
          response: responses({ 200: messageSchema }),
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const a = await ownStaged(user, request.params.aid);
        await app.db.transaction().execute(async (trx) => {
          await deleteAttachment(trx, a.id);
          await writeAudit(trx, {
            action: 'letter.attachment_delete',
            user_id: user.id,
            subject_type: 'letter_attachment',
            subject_id: a.id,
            ip: request.ip,
            detail: { type: type.code, requirement: a.requirement },
          });
        });
        return { message: 'Foto dihapus.' };
      },
    );

    // ---- A filed request's photos --------------------------------------------------------------

    app.get(
      `${base}/:id/attachments`,
      {
        schema: {
          tags,
          summary: `Foto persyaratan sebuah permohonan ${type.title}`,
          security,
          params: idParams,
          response: responses({ 200: z.object({ data: z.array(attachmentSchema) }) }),
        },
      },
      async (request) => {
        const row = await findVisibleRequest(
          app.db,
          type,
          currentAuth(request).user,
          request.params.id,
        );
        return { data: await requestAttachments(app.db, type, row.id) };
      },
    );

    app.post(
      `${base}/:id/attachments`,
      {
        schema: {
          tags,
          summary: `Menambah foto persyaratan pada permohonan ${type.title} (warga: selama Diajukan atau Perlu Dilengkapi; admin: sebelum selesai)`,
          security,
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: requirementQuery,
          response: responses({ 201: z.object({ data: attachmentSchema }) }),
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        const row = await findVisibleRequest(app.db, type, user, request.params.id);
        if (!canEditLetter(row.status, user.role)) {
          throw conflict(
            `Lampiran tidak dapat ditambah: permohonan berstatus "${LETTER_STATUS_LABELS[row.status]}".`,
          );
        }
        const requirement = uploadableRequirement(type, request.query.requirement);
        const admitted = await admitUpload(request);
        try {
          const bytes = await readPhoto(request);
          const a = await store({
            request,
            type,
            requirement,
            requestId: row.id,
            ownerId: row.applicant_user_id,
            bytes,
          });
          return reply.code(201).send({ data: toApiAttachment(type, a) });
        } finally {
          admitted.done();
        }
      },
    );

    for (const thumb of [false, true]) {
      app.get(
        `${base}/:id/attachments/:aid${thumb ? '/thumb' : ''}`,
        {
          schema: {
            tags,
            summary: thumb
              ? `Gambar kecil foto persyaratan permohonan ${type.title}`
              : `Foto persyaratan permohonan ${type.title} (pemohonnya dan administrator)`,
            security,
            params: requestAttachmentParams,
            response: binaryResponse,
          },
        },
        async (request, reply) => {
          const user = currentAuth(request).user;
          const { row, a } = await ofRequest(user, request.params.id, request.params.aid);
          const bytes = await findAttachmentBytes(app.db, a.id, thumb ? 'thumb' : 'original');
          if (!bytes) throw notFound(ATTACHMENT_NOT_FOUND);
          if (isAdmin(user) && !thumb) {
            await app.readAudit.write({
              action: 'letter.attachment_view',
              user_id: user.id,
              subject_type: 'letter_request',
              subject_id: row.id,
              ip: request.ip,
              detail: { type: type.code, attachment_id: a.id },
            });
          }
          return send(reply, a, bytes, thumb);
        },
      );
    }

    app.delete(
      `${base}/:id/attachments/:aid`,
      {
        schema: {
          tags,
          summary: `Menghapus foto persyaratan permohonan ${type.title} yang belum selesai`,
          security,
          params: requestAttachmentParams,
          response: responses({ 200: messageSchema }),
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const { row, a } = await ofRequest(user, request.params.id, request.params.aid);
        if (!canEditLetter(row.status, user.role)) {
          throw conflict(
            `Lampiran tidak dapat dihapus: permohonan berstatus "${LETTER_STATUS_LABELS[row.status]}".`,
          );
        }
        const req = type.requirements.find((r) => r.key === a.requirement);
        await app.db.transaction().execute(async (trx) => {
          // A resident keeps at least one photo of a mandatory document: replace, then delete.
          if (!isAdmin(user) && req?.online === 'required') {
            const left = await countForRequirement(trx, { requestId: row.id }, a.requirement);
            if (left <= 1) {
              throw conflict(
                `${req.label} wajib dilampirkan. Unggah foto penggantinya dulu, lalu hapus yang lama.`,
              );
            }
          }
          if (!(await deleteAttachment(trx, a.id))) throw notFound(ATTACHMENT_NOT_FOUND);
          await writeAudit(trx, {
            action: 'letter.attachment_delete',
            user_id: user.id,
            subject_type: 'letter_request',
            subject_id: row.id,
            ip: request.ip,
            detail: { type: type.code, requirement: a.requirement, attachment_id: a.id },
          });
        });
        return { message: 'Foto dihapus.' };
      },
    );
  }
};

export default attachmentRoutes;
