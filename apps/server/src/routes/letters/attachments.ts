import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_STATUS_LABELS, LETTER_TYPES, can, canEditLetter } from '@balai/domain';
import {
  apiRoute,
  attachmentAnswerSchema,
  attachmentListSchema,
  attachmentParams,
  idParams,
  letterPaths,
  messageSchema,
  requestAttachmentParams,
  requirementQuery,
  responses,
} from '@balai/domain/contract';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  countForRequirement,
  deleteAttachment,
  findAttachmentBytes,
  findAttachmentMeta,
  listStagedAttachments,
} from '../../repositories/letter-attachments.ts';
import type { UserRow } from '../../repositories/users.ts';
import { ATTACHMENT_MAX_UPLOAD_BYTES } from '../../services/images.ts';
import { findVisibleRequest } from '../../letters/workflow.ts';
import { currentAuth } from '../../types.ts';
import { binaryResponse } from '../binary.ts';
import { toApiAttachment } from './attachment-schema.ts';
import {
  attachmentStore,
  readPhoto,
  requestAttachments,
  uploadableRequirement,
} from './attachment-store.ts';

export {
  MAX_PHOTOS_PER_REQUIREMENT,
  STAGED_TTL_MS,
  SWEEP_EVERY_MS,
  UPLOADS_AT_ONCE_PER_USER,
  requestAttachments,
} from './attachment-store.ts';

const ATTACHMENT_NOT_FOUND = 'Lampiran tidak ditemukan.';
const photoResponse = binaryResponse('Foto lampiran (JPEG)', ['image/jpeg']);

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
  const { admitUpload, store, send } = attachmentStore(app);

  for (const type of LETTER_TYPES) {
    const paths = {
      staged: apiRoute(letterPaths.stagedAttachments(type.base)),
      stagedOne: apiRoute(letterPaths.stagedAttachment(type.base)),
      stagedThumb: apiRoute(letterPaths.stagedAttachmentThumb(type.base)),
      filed: apiRoute(letterPaths.attachments(type.base)),
      filedOne: apiRoute(letterPaths.attachment(type.base)),
      filedThumb: apiRoute(letterPaths.attachmentThumb(type.base)),
    };
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
      paths.staged,
      {
        schema: {
          tags,
          summary: `Foto persyaratan ${type.title} yang sudah diunggah untuk permohonan yang belum dikirim`,
          security,
          response: responses({ 200: attachmentListSchema }),
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const rows = await listStagedAttachments(app.db, user.id, type.code);
        return { data: rows.map((a) => toApiAttachment(type, a)) };
      },
    );

    app.post(
      paths.staged,
      {
        schema: {
          tags,
          summary: `Mengunggah foto satu persyaratan ${type.title} sebelum permohonan dikirim (warga)`,
          description:
            'multipart/form-data dengan satu foto (JPEG, PNG, WebP, GIF atau AVIF; maks. 8 MB). Foto dikenali dari isinya dan diubah ke JPEG (sisi terpanjang maks. 1600 px, maks. 500 KB). Kirim id-nya dalam `attachments` saat mengajukan permohonan.',
          security,
          consumes: ['multipart/form-data'],
          querystring: requirementQuery,
          response: responses({ 201: attachmentAnswerSchema }),
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        if (can(user, 'admin.access')) {
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
        thumb ? paths.stagedThumb : paths.stagedOne,
        {
          schema: {
            tags,
            summary: thumb
              ? `Gambar kecil foto persyaratan ${type.title} yang belum dikirim`
              : `Foto persyaratan ${type.title} yang belum dikirim (hanya pengunggahnya)`,
            security,
            params: attachmentParams,
            response: photoResponse,
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
      paths.stagedOne,
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
      paths.filed,
      {
        schema: {
          tags,
          summary: `Foto persyaratan sebuah permohonan ${type.title}`,
          security,
          params: idParams,
          response: responses({ 200: attachmentListSchema }),
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
      paths.filed,
      {
        schema: {
          tags,
          summary: `Menambah foto persyaratan pada permohonan ${type.title} (warga: selama Diajukan atau Perlu Dilengkapi; admin: sebelum selesai)`,
          security,
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: requirementQuery,
          response: responses({ 201: attachmentAnswerSchema }),
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
        thumb ? paths.filedThumb : paths.filedOne,
        {
          schema: {
            tags,
            summary: thumb
              ? `Gambar kecil foto persyaratan permohonan ${type.title}`
              : `Foto persyaratan permohonan ${type.title} (pemohonnya dan administrator)`,
            security,
            params: requestAttachmentParams,
            response: photoResponse,
          },
        },
        async (request, reply) => {
          const user = currentAuth(request).user;
          const { row, a } = await ofRequest(user, request.params.id, request.params.aid);
          const bytes = await findAttachmentBytes(app.db, a.id, thumb ? 'thumb' : 'original');
          if (!bytes) throw notFound(ATTACHMENT_NOT_FOUND);
          if (can(user, 'admin.access') && !thumb) {
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
      paths.filedOne,
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
          if (!can(user, 'admin.access') && req?.online === 'required') {
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
