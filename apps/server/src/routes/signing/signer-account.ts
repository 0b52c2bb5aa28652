import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ON_BEHALF_LABEL, decide, type Confirmation } from '@balai/domain';
import {
  apiRoute,
  delegationSchema,
  messageSchema,
  responses,
  signatureAnswerSchema,
  signingPaths,
  signingPinRemoveSchema,
  signingPinSchema,
} from '@balai/domain/contract';
import { HttpError, invalidField } from '../../lib/http-error.ts';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { insertFile } from '../../repositories/files.ts';
import {
  getSigningSetup,
  saveSigningSetup,
  setSignatureFile,
  setSigningPin,
  signatureBytes,
} from '../../repositories/signing.ts';
import type { UserRow } from '../../repositories/users.ts';
import { hashPassword } from '../../services/passwords.ts';
import { authorize, confirmSigner, refuseDenied } from '../../services/signing-confirmation.ts';
import { noticeSigners, setupChangedNotice } from '../../services/signing-notices.ts';
import { currentAuth } from '../../types.ts';
import { MAX_UPLOAD_BYTES } from '../../services/images.ts';
import { signatureImage } from '../../services/signature-image.ts';
import { uploadMessages } from '../../services/upload-check.ts';
import { binaryResponse } from '../binary.ts';

const tags = ['Tanda Tangan'];
const security = [{ bearerAuth: [] }];

const SIGNATURE_WORDS: UploadWords = {
  tooLarge: uploadMessages.tooLarge,
  oneFile: 'Unggah satu gambar tanda tangan saja.',
  onlyFile: 'Kirim hanya satu berkas gambar, tanpa isian lain.',
  notMultipart: 'Kirim gambar tanda tangan sebagai multipart/form-data.',
  missing: 'Pilih gambar tanda tangan yang akan diunggah.',
};

/** `/api/signing/pin`, `/delegation`, `/signature`: the signer's own PIN, away dates and signature image. */
export const signerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  const confirm = (
    request: FastifyRequest,
    user: UserRow,
    given: { password?: string | undefined; pin?: string | undefined },
  ) => confirmSigner(app.db, { user, ip: request.ip }, given);

  /** Sets (`pin`) or removes (null) the signer's PIN once their password is confirmed; audited. */
  async function savePin(request: FastifyRequest, password: string, pin: string | null) {
    const user = currentAuth(request).user;
    await confirm(request, user, { password });
    const hash = pin === null ? null : await hashPassword(pin);
    await app.db.transaction().execute(async (trx) => {
      await setSigningPin(trx, user.id, hash);
      await writeAudit(trx, {
        action: hash === null ? 'signing.pin_removed' : 'signing.pin_set',
        user_id: user.id,
        subject_type: 'user',
        subject_id: user.id,
        ip: request.ip,
      });
    });
  }

  app.put(
    apiRoute(signingPaths.pin),
    {
      schema: {
        tags,
        security,
        summary: 'Membuat atau mengganti PIN tanda tangan (perlu kata sandi)',
        body: signingPinSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      await savePin(request, request.body.password, request.body.pin);
      return { message: 'PIN tanda tangan disimpan.' };
    },
  );

  app.delete(
    apiRoute(signingPaths.pin),
    {
      schema: {
        tags,
        security,
        summary: 'Menghapus PIN tanda tangan (perlu kata sandi)',
        body: signingPinRemoveSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      await savePin(request, request.body.password, null);
      return { message: 'PIN tanda tangan dihapus.' };
    },
  );

  /** The Kepala Desa's own away dates: only the Kepala Desa the settings name. */
  async function setDelegation(
    request: FastifyRequest,
    dates: { from: string; until: string } | null,
    confirmation?: Confirmation,
  ): Promise<void> {
    const user = currentAuth(request).user;
    const setup = await getSigningSetup(app.db);
    const decision = decide(user, 'signing.delegate', { setup, ending: dates === null });
    refuseDenied(decision);
    if (dates && setup.secretary_user_id === null) {
      throw invalidField(
        'from',
        'Sekretaris Desa belum ditetapkan di Pengaturan, jadi tidak ada yang dapat menandatangani atas nama Anda.',
      );
    }
    const method = await authorize(app.db, { user, ip: request.ip }, decision, confirmation);
    await app.db.transaction().execute(async (trx) => {
      await saveSigningSetup(trx, {
        ...setup,
        head_away_from: dates?.from ?? null,
        head_away_until: dates?.until ?? null,
      });
      await writeAudit(trx, {
        action: 'signing.delegation',
        user_id: user.id,
        subject_type: 'settings',
        subject_id: 1,
        ip: request.ip,
        detail: {
          from: dates?.from ?? null,
          until: dates?.until ?? null,
          by: 'head',
          confirmed_by: method,
        },
      });
      return noticeSigners(
        trx,
        [user.id],
        setupChangedNotice(user.name, ['away']),
        app.config.PUBLIC_URL,
      );
    });
  }

  app.put(
    apiRoute(signingPaths.delegation),
    {
      schema: {
        tags,
        security,
        summary: `Kepala Desa mengatur masa berhalangannya (Sekretaris Desa menandatangani ${ON_BEHALF_LABEL})`,
        body: delegationSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const { confirmation, ...dates } = request.body;
      await setDelegation(request, dates, confirmation);
      return { message: 'Masa berhalangan disimpan.' };
    },
  );

  app.delete(
    apiRoute(signingPaths.delegation),
    {
      schema: {
        tags,
        security,
        summary: 'Kepala Desa mengakhiri masa berhalangannya',
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      await setDelegation(request, null);
      return { message: 'Masa berhalangan diakhiri.' };
    },
  );

  app.get(
    apiRoute(signingPaths.signature),
    {
      schema: {
        tags,
        security,
        summary: 'Gambar tanda tangan pengguna ini (PNG)',
        response: binaryResponse('Gambar PNG', ['image/png']),
      },
    },
    async (request, reply) => {
      const bytes = await signatureBytes(app.db, currentAuth(request).user.signature_file_id);
      if (!bytes) throw new HttpError(404, 'Anda belum mengunggah gambar tanda tangan.');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.delete(
    apiRoute(signingPaths.signature),
    {
      schema: {
        tags,
        security,
        summary: 'Menghapus gambar tanda tangan',
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      await app.db.transaction().execute(async (trx) => {
        await setSignatureFile(trx, user.id, null);
        await writeAudit(trx, {
          action: 'signing.signature_removed',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
      });
      return { message: 'Gambar tanda tangan dihapus.' };
    },
  );

  // The upload, with multipart parsing registered for it alone.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    upload.post(
      apiRoute(signingPaths.signature),
      {
        schema: {
          tags,
          security,
          summary: 'Mengunggah gambar tanda tangan (satu gambar; disimpan sebagai PNG)',
          consumes: ['multipart/form-data'],
          response: responses({ 201: signatureAnswerSchema }),
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        const upload = await readOneFile(request, SIGNATURE_WORDS);
        const png = await signatureImage(upload);
        await app.db.transaction().execute(async (trx) => {
          const fileId = await insertFile(trx, {
            kind: 'signature',
            mime: 'image/png',
            bytes: png.bytes,
            width: png.width,
            height: png.height,
            thumb_bytes: null,
            thumb_width: null,
            thumb_height: null,
          });
          await setSignatureFile(trx, user.id, fileId);
          await writeAudit(trx, {
            action: 'signing.signature_set',
            user_id: user.id,
            subject_type: 'user',
            subject_id: user.id,
            ip: request.ip,
            detail: { bytes: upload.length, width: png.width, height: png.height },
          });
        });
        return reply.code(201).send({ data: { url: signingPaths.signature } });
      },
    );
  });
};
