import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, publicPaths, can } from '@balai/domain';
import { notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import {
  findPdfHistory,
  listPdfHistories,
  type PdfHistoryRow,
} from '../../repositories/pdf-histories.ts';
import type { UserRow } from '../../repositories/users.ts';
import { letterName } from '../../letters/notices.ts';
import { pdfFileName } from '../../letters/letter-document.ts';
import { currentAuth } from '../../types.ts';
import {
  apiRoute,
  dataOf,
  idParams,
  letterPaths,
  pdfHistoryPageSchema,
  pdfHistoryQuery,
  pdfHistorySchema,
  responses,
  type PdfHistory,
} from '@balai/domain/contract';
import { typeOf } from '../letter-type-of.ts';
import { dateBounds } from './schemas.ts';

const HISTORY_NOT_FOUND = 'Riwayat surat tidak ditemukan.';

/** `GET /api/pdf-histories`: the archive of issued letters (resident: own; admin: all). */
const pdfHistoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const present = (h: PdfHistoryRow, viewer: UserRow): PdfHistory => {
    const type = typeOf(h);
    const admin = can(viewer, 'admin.access');
    return {
      id: h.id,
      letter_request_id: h.letter_request_id,
      type: type.code,
      type_title: type.title,
      letter_title: letterName(type),
      number: h.number,
      applicant_name: h.applicant_name,
      sha256: h.sha256,
      size: h.size ?? null,
      file_name: pdfFileName(type, h.number),
      issued_at: h.issued_at,
      issued_by_name: admin ? (h.issued_by_name ?? null) : null,
      download_url: apiPaths.letterPdf(type.base, h.letter_request_id),
      request_link: admin
        ? `/admin/service-${type.code}/${h.letter_request_id}`
        : `/service/${type.code}/${h.letter_request_id}`,
      verify_url: `${app.config.PUBLIC_URL}${publicPaths.verifyPage(h.verify_token)}`,
    };
  };

  app.get(
    apiRoute(letterPaths.pdfHistories),
    {
      schema: {
        tags: ['Riwayat Surat'],
        summary:
          'Arsip surat yang sudah terbit (warga: miliknya; admin: semua, dengan filter jenis, tanggal dan pencarian)',
        security,
        querystring: pdfHistoryQuery,
        response: responses({ 200: pdfHistoryPageSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const q = request.query;
      const { start, end } = dateBounds(q.from, q.to);
      const { rows, total } = await listPdfHistories(app.db, {
        applicantUserId: can(user, 'admin.access') ? undefined : user.id,
        type: q.type,
        issuedFrom: start,
        issuedBefore: end,
        search: q.search,
        page: q.page,
        perPage: q.per_page,
      });
      return { data: rows.map((h) => present(h, user)), meta: meta(q.page, q.per_page, total) };
    },
  );

  app.get(
    apiRoute(letterPaths.pdfHistory),
    {
      schema: {
        tags: ['Riwayat Surat'],
        summary: 'Detail satu surat yang sudah terbit',
        security,
        params: idParams,
        response: responses({ 200: dataOf(pdfHistorySchema) }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const h = await findPdfHistory(app.db, request.params.id);
      if (!h || (!can(user, 'admin.access') && h.applicant_user_id !== user.id)) {
        throw notFound(HISTORY_NOT_FOUND);
      }
      return { data: present(h, user) };
    },
  );
};

export default pdfHistoriesRoutes;
