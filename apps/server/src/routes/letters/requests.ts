import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_STATUS_LABELS,
  can,
  noteFor,
  type FieldChange,
  type LetterType,
} from '@balai/domain';
import {
  apiRoute,
  idParams,
  idempotencyHeaders,
  letterCreateBody,
  letterListQuery,
  letterPaths,
  letterRequestAnswerSchema,
  letterRequestPageSchema,
  letterStatusChangeSchema,
  letterUpdateBody,
  messageSchema,
  responses,
} from '@balai/domain/contract';
import { conflict } from '../../lib/http-error.ts';
import { findFile } from '../../repositories/files.ts';
import {
  listLetterEvents,
  type LetterEventView,
  type LetterRequestRow,
} from '../../repositories/letter-requests.ts';
import { findPdfHistoryOfRequest } from '../../repositories/pdf-histories.ts';
import type { UserRow } from '../../repositories/users.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { pdfFileName } from '../../letters/letter-document.ts';
import {
  changeLetterRequest,
  createLetterRequest,
  deleteLetterRequest,
  findVisibleRequest,
  type Actor,
  type ChangeInput,
} from '../../letters/workflow.ts';
import { submissionCaps } from '../../letters/submission-caps.ts';
import { filingView } from '../../letters/family.ts';
import { currentAuth } from '../../types.ts';
import { binaryResponse } from '../binary.ts';
import { typeOf } from '../letter-type-of.ts';
import { listRequestsPage } from './list-requests.ts';
import { toApiLetterRequest } from './schemas.ts';
import { requestAttachments } from './attachments.ts';
import { signatureView, viewerSigning } from '../../letters/signing-rules.ts';
import { findLetterSignature } from '../../repositories/signing.ts';

const actorOf = (request: FastifyRequest): Actor => ({
  user: currentAuth(request).user,
  ip: request.ip,
});

/** The request with its events and archive entry, as its viewer sees it. */
async function detail(
  app: FastifyInstance,
  row: LetterRequestRow,
  viewer: UserRow,
  known?: LetterEventView[],
) {
  const type = typeOf(row);
  const [events, pdf, attachments, signing, signature, filing] = await Promise.all([
    known ?? listLetterEvents(app.db, row.id),
    row.status === 'completed' ? findPdfHistoryOfRequest(app.db, row.id) : undefined,
    requestAttachments(app.db, type, row.id),
    viewerSigning(app.db, viewer),
    row.status === 'completed' ? findLetterSignature(app.db, row.id) : undefined,
    filingView(app.db, row, viewer),
  ]);
  return {
    ...toApiLetterRequest(row, viewer, app.config.PUBLIC_URL, pdf ?? null, signing),
    filing,
    signature: signatureView(signature),
    attachments,
    events: events.map((e) => ({
      id: e.id,
      from_status: e.from_status,
      to_status: e.to_status,
      to_label: LETTER_STATUS_LABELS[e.to_status],
      note: noteFor(viewer.role, e.to_status, e.note),
      changes: e.changes ? (JSON.parse(e.changes) as FieldChange[]) : null,
      // Residents see what happened and when; the office's staff names stay with the office.
      actor_name: can(viewer, 'admin.access') ? (e.actor_name ?? null) : null,
      actor_role: e.actor_role ?? null,
      created_at: e.created_at,
    })),
  };
}

export interface LetterTypeRoutesOptions {
  type: LetterType;
}

/**
 * The routes of one letter type at its API base (SPEC section 7). One plugin, registered once
 * per definition: adding a type to the registry adds its routes. The folder's hook has already
 * authenticated the user.
 */
const letterTypeRoutes: FastifyPluginAsyncZod<LetterTypeRoutesOptions> = async (app, { type }) => {
  const tags = [`Layanan: ${type.title}`];
  const security = [{ bearerAuth: [] }];
  const collection = apiRoute(letterPaths.collection(type.base));
  const item = apiRoute(letterPaths.item(type.base));
  const deps = {
    db: app.db,
    publicUrl: app.config.PUBLIC_URL,
    caps: submissionCaps(app.config),
  };

  app.get(
    collection,
    {
      schema: {
        tags,
        summary: `Daftar permohonan ${type.title} (warga: miliknya sendiri; admin: semua, dengan filter)`,
        security,
        querystring: letterListQuery,
        response: responses({ 200: letterRequestPageSchema }),
      },
    },
    async (request) => listRequestsPage(deps, currentAuth(request).user, request.query, type.code),
  );

  app.post(
    collection,
    {
      schema: {
        tags,
        summary: `Mengajukan ${type.title} (admin: atas nama warga dengan applicant_id, atau data pemohon dalam applicant)`,
        description:
          'Isian jenis surat dikirim di tingkat atas. Header Idempotency-Key membuat pengiriman ulang mengembalikan permohonan yang sama.',
        security,
        headers: idempotencyHeaders,
        body: letterCreateBody(type),
        response: responses({ 201: letterRequestAnswerSchema }),
      },
    },
    async (request, reply) => {
      const { applicant_id, applicant, attachments, subject_person_id, ...data } = request.body;
      const actor = actorOf(request);
      const key = request.headers['idempotency-key'];
      const { row, replayed, events } = await createLetterRequest(deps, type, actor, {
        data,
        applicantId: applicant_id,
        applicant,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        attachmentIds: attachments,
        subjectPersonId: subject_person_id,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data: await detail(app, row, actor.user, events) });
    },
  );

  app.get(
    item,
    {
      schema: {
        tags,
        summary: `Detail permohonan ${type.title}, dengan riwayat statusnya`,
        security,
        params: idParams,
        response: responses({ 200: letterRequestAnswerSchema }),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findVisibleRequest(app.db, type, actor.user, request.params.id);
      if (can(actor.user, 'admin.access')) {
        await app.readAudit.write({
          action: 'letter.view',
          user_id: actor.user.id,
          subject_type: 'letter_request',
          subject_id: row.id,
          ip: actor.ip,
          detail: { type: type.code },
        });
      }
      return { data: await detail(app, row, actor.user) };
    },
  );

  const change = async (request: FastifyRequest, id: number, input: ChangeInput) => {
    const actor = actorOf(request);
    const row = await changeLetterRequest(deps, type, actor, id, input);
    return { data: await detail(app, row, actor.user) };
  };

  app.put(
    item,
    {
      schema: {
        tags,
        summary: `Mengubah permohonan ${type.title} dan/atau statusnya`,
        description:
          'Warga: mengubah isian selama berstatus Diajukan atau Perlu Dilengkapi (yang Perlu Dilengkapi otomatis diajukan ulang), atau membatalkan dengan status "cancelled". Admin: mengubah isian dan status dengan catatan (wajib untuk Perlu Dilengkapi dan Ditolak); status "completed" menerbitkan surat.',
        security,
        params: idParams,
        body: letterUpdateBody(type),
        response: responses({ 200: letterRequestAnswerSchema }),
      },
    },
    async (request) => {
      const { status, note: noteText, applicant, ...rest } = request.body;
      const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      return change(request, request.params.id, { fields, status, note: noteText, applicant });
    },
  );

  app.post(
    apiRoute(letterPaths.status(type.base)),
    {
      schema: {
        tags,
        summary: `Mengubah status permohonan ${type.title} (sama dengan PUT berisi status dan catatan)`,
        security,
        params: idParams,
        body: letterStatusChangeSchema,
        response: responses({ 200: letterRequestAnswerSchema }),
      },
    },
    async (request) =>
      change(request, request.params.id, {
        fields: {},
        status: request.body.status,
        note: request.body.note,
      }),
  );

  app.delete(
    item,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: `Menghapus permohonan ${type.title} yang dibatalkan atau ditolak (admin)`,
        security,
        params: idParams,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      await deleteLetterRequest(deps, type, actorOf(request), request.params.id);
      return { message: 'Permohonan surat berhasil dihapus.' };
    },
  );

  app.get(
    apiRoute(letterPaths.pdf(type.base)),
    {
      schema: {
        tags,
        summary: `Mengunduh PDF ${type.title} yang sudah terbit (selalu berkas yang sama)`,
        security,
        params: idParams,
        response: binaryResponse('Berkas PDF surat', ['application/pdf']),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await findVisibleRequest(app.db, type, actor.user, request.params.id);
      if (row.status !== 'completed') {
        throw conflict('Surat belum terbit. PDF tersedia setelah permohonan berstatus "Selesai".');
      }
      const history = await findPdfHistoryOfRequest(app.db, row.id);
      const file = history ? await findFile(app.db, history.file_id) : undefined;
      if (!history || !file)
        throw new Error(`completed letter request ${row.id} has no stored PDF`);
      await app.readAudit.write({
        action: 'letter.pdf_download',
        user_id: actor.user.id,
        subject_type: 'letter_request',
        subject_id: row.id,
        ip: actor.ip,
        detail: { type: type.code, number: history.number },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName(type, row.number)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};

export default letterTypeRoutes;
