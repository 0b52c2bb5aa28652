import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FINAL_STATUSES, LETTER_STATUS_LABELS, todayIso, type LetterType } from '@balai/domain';
import { conflict } from '../../lib/http-error.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { findFile } from '../../repositories/files.ts';
import { parseApplicant, parseData } from '../../repositories/letter-requests.ts';
import { getSettings } from '../../repositories/settings.ts';
import { letterPdfInput, pdfFileName } from '../../letters/letter-document.ts';
import { renderLetterPdf } from '../../letters/pdf/index.ts';
import { findVisibleRequest } from '../../letters/workflow.ts';
import { currentAuth } from '../../types.ts';
import { apiRoute, idParams, letterPaths } from '@balai/domain/contract';
import { binaryResponse } from '../binary.ts';
import { printedHead } from '../../letters/signing-rules.ts';

/** Printed where the number goes: a draft has none, and says so on its face. */
export const DRAFT_NUMBER = 'DRAF — nomor diberikan saat surat diterbitkan';

export interface DeskRoutesOptions {
  type: LetterType;
}

/**
 * The letter desk's additions at a type's base (administrators): `GET {base}/{id}/preview`,
 * the letter as it would be printed if issued now, from the request's frozen applicant block
 * and data and today's settings. It is never stored and takes no number: the number line says
 * "DRAF …", every page carries a diagonal "DRAF — BELUM BERLAKU" and no QR code (issue 25.3),
 * and nothing is written (no event, no audit row).
 */
const deskRoutes: FastifyPluginAsyncZod<DeskRoutesOptions> = async (app, { type }) => {
  app.get(
    apiRoute(letterPaths.preview(type.base)),
    {
      onRequest: requireAdmin,
      schema: {
        tags: [`Layanan: ${type.title}`],
        summary: `Pratinjau ${type.title} sebelum diterbitkan (admin; draf tanpa nomor, tidak disimpan)`,
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: binaryResponse('Berkas PDF draf surat', ['application/pdf']),
      },
    },
    async (request, reply) => {
      const row = await findVisibleRequest(
        app.db,
        type,
        currentAuth(request).user,
        request.params.id,
      );
      if (row.status === 'completed') {
        throw conflict(
          'Surat sudah terbit. Unduh PDF-nya; pratinjau hanya untuk surat yang belum terbit.',
        );
      }
      if (FINAL_STATUSES.includes(row.status)) {
        throw conflict(
          `Permohonan berstatus "${LETTER_STATUS_LABELS[row.status]}" tidak akan diterbitkan, jadi tidak ada pratinjau.`,
        );
      }
      const settings = await getSettings(app.db);
      const logo = settings.logo_file_id
        ? await findFile(app.db, settings.logo_file_id)
        : undefined;
      const now = new Date();
      const input = letterPdfInput(
        {
          type,
          applicant: parseApplicant(row),
          data: parseData(row),
          number: DRAFT_NUMBER,
          issuedOn: todayIso(now),
          issuedAt: now.toISOString(),
          // A draft has no QR code and no verification address (issue 25.3).
          verifyUrl: '',
          // Who will sign, from their account; never the e-signature line or image of a draft.
          signer: await printedHead(app.db),
        },
        settings,
        logo ? Buffer.from(logo.bytes) : null,
      );
      const pdf = await renderLetterPdf({
        ...input,
        draft: true,
        subject: `DRAF ${type.pdfTitle}: pratinjau, belum diterbitkan dan tidak sah`,
      });
      const name = pdfFileName(type, null).replace(/\.pdf$/, '-draf.pdf');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};

export default deskRoutes;
