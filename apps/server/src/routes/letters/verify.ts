import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIso } from '@balai/domain';
import {
  apiRoute,
  letterPaths,
  responses,
  verifyAnswerSchema,
  verifyParams,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { findLetterRequestByVerifyToken } from '../../repositories/letter-requests.ts';
import { findPdfHistoryOfRequest } from '../../repositories/pdf-histories.ts';
import { maskName } from '../../lib/names.ts';
import { letterName } from '../../letters/notices.ts';
import { signatureView } from '../../letters/signing-rules.ts';
import { findLetterSignature } from '../../repositories/signing.ts';
import { typeOf } from '../letter-type-of.ts';

const UNKNOWN = 'Surat tidak ditemukan. Periksa kembali kode QR atau tautan verifikasi.';

/**
 * `GET /api/verify/{token}` (public): what proves a letter genuine, and nothing more: its
 * number, type, issue date, the holder's masked name, the PDF's sha256 and who approved it.
 */
const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(letterPaths.verify),
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['Verifikasi Surat'],
        summary: 'Memeriksa keaslian surat dari kode QR-nya',
        params: verifyParams,
        response: responses({ 200: verifyAnswerSchema }),
      },
    },
    async (request, reply) => {
      const row = await findLetterRequestByVerifyToken(app.db, request.params.token);
      const history =
        row?.status === 'completed' ? await findPdfHistoryOfRequest(app.db, row.id) : undefined;
      if (!row || !history) throw notFound(UNKNOWN);
      const type = typeOf(row);
      const signature = await findLetterSignature(app.db, row.id);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          number: history.number,
          type: { code: type.code, title: letterName(type) },
          issued_on: todayIso(new Date(history.issued_at)),
          issued_at: history.issued_at,
          holder: maskName(row.applicant_name),
          sha256: history.sha256,
          signature: signatureView(signature),
        },
      };
    },
  );
};

export default verifyRoutes;
