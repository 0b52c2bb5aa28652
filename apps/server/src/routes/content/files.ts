import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  contentPaths,
  dataOf,
  responses,
  uploadedFileSchema,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { isoPlus } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { deleteUnattachedImages } from '../../repositories/content.ts';
import { findFileMeta, insertFile } from '../../repositories/files.ts';
import { currentAuth } from '../../types.ts';
import { MAX_UPLOAD_BYTES, processImage } from '../../services/images.ts';
import { uploadMessages } from '../../services/upload-check.ts';
import { imageUrlOf } from './schemas.ts';

/** An upload nobody attached to a record within a day is an abandoned form: it is removed. */
const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;

/** How the image upload speaks of an upload that went wrong. */
const IMAGE_WORDS: UploadWords = {
  tooLarge: uploadMessages.tooLarge,
  oneFile: 'Unggah satu gambar saja setiap kali.',
  onlyFile: 'Kirim hanya satu berkas gambar, tanpa isian lain.',
  notMultipart: 'Kirim gambar sebagai multipart/form-data.',
  missing: 'Pilih gambar yang akan diunggah.',
};

/** The one file of the request, read into memory (at most 10 MB). */
const readSingleFile = (request: FastifyRequest) => readOneFile(request, IMAGE_WORDS);

/**
 * `POST /api/files` (administrators): one image, re-encoded to WebP and stored in the database.
 * Multipart parsing is registered here only, so every other route stays JSON-only.
 */
const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  app.post(
    apiRoute(contentPaths.files),
    {
      schema: {
        tags: ['Berkas'],
        summary: 'Mengunggah satu gambar (JPEG, PNG, WebP, GIF atau AVIF; maks. 10 MB, 40 MP)',
        description:
          'multipart/form-data dengan satu berkas (nama isian bebas, misalnya `file`). Gambar dikenali dari isinya, diubah ke WebP (lebar maks. 1920 px) dengan thumbnail 480 px; metadata dibuang.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: responses({ 201: dataOf(uploadedFileSchema) }),
      },
    },
    async (request, reply) => {
      const upload = await readSingleFile(request);
      const image = await processImage(upload);
      const id = await app.db.transaction().execute(async (trx) => {
        const fileId = await insertFile(trx, { kind: 'image', mime: 'image/webp', ...image });
        await deleteUnattachedImages(trx, isoPlus(-UNATTACHED_GRACE_MS));
        await writeAudit(trx, {
          action: 'file.upload',
          user_id: currentAuth(request).user.id,
          subject_type: 'file',
          subject_id: fileId,
          ip: request.ip,
          detail: { bytes: upload.length, width: image.width, height: image.height },
        });
        return fileId;
      });
      const row = await findFileMeta(app.db, id);
      if (!row) throw new HttpError(500, 'Gambar gagal disimpan. Silakan coba lagi.');
      const url = imageUrlOf({
        id,
        width: row.width,
        height: row.height,
        thumb_width: row.thumb_width,
        thumb_height: row.thumb_height,
      });
      return reply.code(201).send({
        data: {
          id,
          mime: row.mime,
          size: row.size,
          sha256: row.sha256,
          created_at: row.created_at,
          url,
        },
      });
    },
  );
};

export default fileUploadRoutes;
