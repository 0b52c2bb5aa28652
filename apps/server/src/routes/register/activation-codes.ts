import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPaths,
  activationCodeList,
  activationCodeRevoked,
  activationCodeSentSchema,
  activationCodeWhatsappSchema,
  apiRoute,
  idParams,
  responses,
} from '@balai/domain/contract';
import {
  createActivationCodes,
  personCodes,
  revokeOneCode,
  revokePersonCodes,
  sendActivationCodeWhatsapp,
  type CodeTarget,
} from '../../services/activation-codes.ts';
import { currentAuth } from '../../types.ts';
import { binaryResponse } from '../binary.ts';
import { sendFile } from './access.ts';

const tags = ['Kependudukan'];
const security = [{ bearerAuth: [] }];
const PDF = 'application/pdf';

/**
 * Activation codes from the office (issue 21.2, ADR 0029): slips for a person, a family or an
 * area (the PDF is the only place the codes appear), a person's codes by state, revocation.
 * Registered inside the register's administrators-only scope (register.read / register.manage).
 */
const activationCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const slips = (kind: CodeTarget['kind'], path: string, summary: string) =>
    app.post(
      apiRoute(path),
      {
        // Each slip run draws random codes and renders a PDF: a few per minute is plenty.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary,
          params: idParams,
          response: binaryResponse('Slip kode aktivasi (PDF)', [PDF]),
        },
      },
      async (request, reply) => {
        const r = await createActivationCodes(
          app.db,
          app.config.PUBLIC_URL,
          { kind, id: request.params.id },
          currentAuth(request).user.id,
          request.ip,
        );
        reply.header('x-slip-count', String(r.count));
        return sendFile(reply, r.pdf, PDF, r.fileName);
      },
    );
  slips(
    'person',
    accountPaths.personCodes,
    'Membuat kode aktivasi seorang penduduk (kode lama dicabut) dan mencetak slipnya',
  );
  slips(
    'family',
    accountPaths.familyCodes,
    'Membuat kode aktivasi anggota keluarga berumur 17 tahun ke atas yang belum punya akun',
  );
  slips(
    'area',
    accountPaths.areaCodes,
    'Membuat kode aktivasi warga satu dusun, RW, atau RT yang belum punya akun',
  );

  // The gateway first, the Cloud API otherwise (its template must carry the text as parameter).
  const { providers } = app.notices;
  const channel = providers.whatsapp
    ? 'whatsapp'
    : providers.whatsapp_cloud
      ? 'whatsapp_cloud'
      : null;
  app.post(
    apiRoute(accountPaths.personCodesWhatsapp),
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Membuat kode aktivasi seorang penduduk dan mengirimnya ke nomor WhatsApp-nya',
        params: idParams,
        body: activationCodeWhatsappSchema,
        response: responses({ 201: activationCodeSentSchema }),
      },
    },
    async (request, reply) => {
      const sent = await sendActivationCodeWhatsapp(
        app.db,
        app.config.PUBLIC_URL,
        request.params.id,
        request.body.phone,
        channel,
        currentAuth(request).user.id,
        request.ip,
      );
      reply.code(201);
      return { data: { sent_to: sent.sentTo, expires_at: sent.expiresAt } };
    },
  );

  app.get(
    apiRoute(accountPaths.personCodes),
    {
      schema: {
        tags,
        security,
        summary: 'Kode aktivasi seorang penduduk: status saja, tanpa kodenya',
        params: idParams,
        response: responses({ 200: activationCodeList }),
      },
    },
    async (request) => ({ data: await personCodes(app.db, request.params.id) }),
  );

  app.post(
    apiRoute(accountPaths.personCodesRevoke),
    {
      schema: {
        tags,
        security,
        summary: 'Mencabut semua kode aktivasi seorang penduduk yang masih berlaku',
        params: idParams,
        response: responses({ 200: activationCodeRevoked }),
      },
    },
    async (request) => ({
      data: {
        revoked: await revokePersonCodes(
          app.db,
          request.params.id,
          currentAuth(request).user.id,
          request.ip,
        ),
      },
    }),
  );

  app.post(
    apiRoute(accountPaths.codeRevoke),
    {
      schema: {
        tags,
        security,
        summary: 'Mencabut satu kode aktivasi',
        params: idParams,
        response: responses({ 200: activationCodeRevoked }),
      },
    },
    async (request) => {
      await revokeOneCode(app.db, request.params.id, currentAuth(request).user.id, request.ip);
      return { data: { revoked: 1 } };
    },
  );
};

export default activationCodeRoutes;
