import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  POSITION_LABELS,
  SIGNER_ONLY,
  apiPaths,
  delegationActive,
  maskIdFields,
  maskIdNumber,
  requestReference,
} from '@balai/domain';
import {
  apiRoute,
  approveAnswerSchema,
  approveSchema,
  idParams,
  responses,
  returnAnswerSchema,
  returnSchema,
  signingMeAnswerSchema,
  signingPaths,
  signingQueueQuery,
  signingQueueSchema,
} from '@balai/domain/contract';
import { forbidden } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { parseApplicant, parseData } from '../../repositories/letter-requests.ts';
import {
  countAwaitingSignature,
  lastSignatureRequests,
  listAwaitingSignature,
} from '../../repositories/signing.ts';
import { approveLetters, returnLetter } from '../../letters/signing.ts';
import { signingState } from '../../letters/signing-rules.ts';
import { confirmSigner } from '../../services/signing-confirmation.ts';
import { currentAuth } from '../../types.ts';
import { typeOf } from '../letter-type-of.ts';

export { signingSettingsRoutes } from './settings.ts';
export { signerAccountRoutes } from './signer-account.ts';

const tags = ['Tanda Tangan'];
const security = [{ bearerAuth: [] }];

/** `/api/signing/*`: the signer's own screens (docs/signing.md). */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const deps = () => ({
    db: app.db,
    publicUrl: app.config.PUBLIC_URL,
  });
  const actorOf = (request: FastifyRequest) => ({
    user: currentAuth(request).user,
    ip: request.ip,
  });

  app.get(
    apiRoute(signingPaths.me),
    {
      schema: {
        tags,
        security,
        summary:
          'Keadaan tanda tangan pengguna ini: jabatan, boleh menandatangani, delegasi, antrean',
        response: responses({ 200: signingMeAnswerSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      const state = await signingState(app.db, user);
      const s = state.setup;
      const waiting = state.signer.canSign ? await countAwaitingSignature(app.db) : 0;
      return {
        data: {
          position: user.position,
          position_label: user.position ? POSITION_LABELS[user.position] : null,
          nip: user.nip,
          is_head: s.head_user_id === user.id,
          is_secretary: s.secretary_user_id === user.id,
          can_sign: state.signer.canSign,
          signs_on_behalf: state.signer.onBehalf,
          delegation:
            s.head_away_from && s.head_away_until
              ? {
                  from: s.head_away_from,
                  until: s.head_away_until,
                  active: delegationActive(s, state.today),
                }
              : null,
          has_pin: user.signing_pin_hash !== null,
          signature: user.signature_file_id !== null ? { url: signingPaths.signature } : null,
          waiting,
        },
      };
    },
  );

  app.get(
    apiRoute(signingPaths.queue),
    {
      schema: {
        tags,
        security,
        summary: 'Surat yang menunggu tanda tangan (terlama dulu)',
        querystring: signingQueueQuery,
        response: responses({ 200: signingQueueSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      const state = await signingState(app.db, user);
      if (!state.signer.canSign) throw forbidden(SIGNER_ONLY);
      const { page, per_page } = request.query;
      const { rows, total } = await listAwaitingSignature(app.db, { page, perPage: per_page });
      const sent = await lastSignatureRequests(
        app.db,
        rows.map((r) => r.id),
      );
      const data = rows.map((row) => {
        const type = typeOf(row);
        const a = parseApplicant(row);
        const s = sent.get(row.id);
        const address = [
          a.address,
          a.rt || a.rw
            ? [a.rt && `RT ${a.rt}`, a.rw && `RW ${a.rw}`].filter(Boolean).join('/')
            : null,
          a.hamlet,
        ]
          .filter(Boolean)
          .join(', ');
        return {
          id: row.id,
          type: type.code,
          type_title: type.title,
          letter_title: type.name,
          reference: requestReference(type.code, row.id),
          applicant: {
            name: row.applicant_name,
            // A list: the NIK by its last four digits (issue 18.8); the preview has it whole.
            nik: maskIdNumber(a.nik ?? null),
            address: address || null,
            verified: row.applicant_verified === 1,
          },
          purpose: row.purpose,
          fields: maskIdFields(type.fields, parseData(row)),
          clerk: s ? { id: s.actor_id, name: s.actor_name } : null,
          clerk_note: s?.note ?? null,
          sent_at: s?.created_at ?? null,
          created_at: row.created_at,
          preview_url: `${type.base}/${row.id}/preview`,
          desk_url: `/admin/service-${type.code}/${row.id}`,
        };
      });
      return {
        data,
        meta: { ...meta(page, per_page, total), signs_on_behalf: state.signer.onBehalf },
      };
    },
  );

  app.post(
    apiRoute(signingPaths.approve),
    {
      schema: {
        tags,
        security,
        summary: 'Menyetujui dan menerbitkan surat (kata sandi atau PIN)',
        body: approveSchema,
        response: responses({ 200: approveAnswerSchema }),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await signingState(app.db, actor.user);
      // Who may sign is checked before the password, so a clerk never types it in vain.
      if (!state.signer.canSign) throw forbidden(SIGNER_ONLY);
      const method = await confirmSigner(app.db, actor, request.body);
      const { approved, failed } = await approveLetters(deps(), actor, request.body.ids, method);
      const n = approved.length;
      return {
        message:
          failed.length === 0
            ? `${n} surat disetujui dan diterbitkan.`
            : `${n} surat disetujui dan diterbitkan; ${failed.length} tidak dapat disetujui.`,
        data: {
          approved: approved.map(({ type, row }) => ({
            id: row.id,
            type: type.code,
            reference: requestReference(type.code, row.id),
            number: row.number,
            issued_at: row.issued_at,
            signed_on_behalf: state.signer.onBehalf,
            pdf_url: apiPaths.letterPdf(type.base, row.id),
          })),
          failed,
        },
      };
    },
  );

  app.post(
    apiRoute(signingPaths.return),
    {
      schema: {
        tags,
        security,
        summary: 'Mengembalikan surat ke petugas dengan catatan',
        params: idParams,
        body: returnSchema,
        response: responses({ 200: returnAnswerSchema }),
      },
    },
    async (request) => {
      const row = await returnLetter(
        deps(),
        actorOf(request),
        request.params.id,
        request.body.note,
      );
      return { data: { id: row.id, status: row.status, note: row.note } };
    },
  );
};
