import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_CODES, apiPaths, publicPaths, isAdmin } from '@balai/domain';
import { notFound } from '../../lib/http-error.ts';
import { meta, metaSchema, pageQuery } from '../../lib/pagination.ts';
import {
  findPdfHistory,
  listPdfHistories,
  type PdfHistoryRow,
} from '../../repositories/pdf-histories.ts';
import type { UserRow } from '../../repositories/users.ts';
import { letterName } from '../../letters/notices.ts';
import { pdfFileName } from '../../letters/letter-document.ts';
import { currentAuth } from '../../types.ts';
import { idParams, responses } from '../schemas.ts';
import { dateBounds, dateRangeQuery, datesInOrder, typeOf } from './schemas.ts';

const pdfHistorySchema = z.object({
  id: z.number(),
  letter_request_id: z.number(),
  type: z.enum(LETTER_CODES),
  type_title: z.string(),
  letter_title: z.string(),
  number: z.string(),
  applicant_name: z.string(),
  sha256: z.string(),
  size: z.number().nullable(),
  file_name: z.string(),
  issued_at: z.string(),
  /** The administrator who issued it; shown to administrators only. */
  issued_by_name: z.string().nullable(),
  /** API path of the download (the same bytes every time). */
  download_url: z.string(),
  /** Web page of the request. */
  request_link: z.string(),
  verify_url: z.string(),
});

const listQuery = datesInOrder(
  z.object({
    ...pageQuery,
    ...dateRangeQuery,
    type: z
      .enum(LETTER_CODES, {
        error: `Jenis surat harus salah satu dari: ${LETTER_CODES.join(', ')}.`,
      })
      .optional(),
  }),
);

const HISTORY_NOT_FOUND = 'Riwayat surat tidak ditemukan.';

/** `GET /api/pdf-histories`: the archive of issued letters (resident: own; admin: all). */
const pdfHistoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const present = (h: PdfHistoryRow, viewer: UserRow) => {
    const type = typeOf(h);
    const admin = isAdmin(viewer);
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
    '/pdf-histories',
    {
      schema: {
        tags: ['Riwayat Surat'],
        summary:
          'Arsip surat yang sudah terbit (warga: miliknya; admin: semua, dengan filter jenis, tanggal dan pencarian)',
        security,
        querystring: listQuery,
        response: responses({
          200: z.object({ data: z.array(pdfHistorySchema), meta: metaSchema }),
        }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const q = request.query;
      const { start, end } = dateBounds(q.from, q.to);
      const { rows, total } = await listPdfHistories(app.db, {
        applicantUserId: isAdmin(user) ? undefined : user.id,
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
    '/pdf-histories/:id',
    {
      schema: {
        tags: ['Riwayat Surat'],
        summary: 'Detail satu surat yang sudah terbit',
        security,
        params: idParams,
        response: responses({ 200: z.object({ data: pdfHistorySchema }) }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const h = await findPdfHistory(app.db, request.params.id);
      if (!h || (!isAdmin(user) && h.applicant_user_id !== user.id)) {
        throw notFound(HISTORY_NOT_FOUND);
      }
      return { data: present(h, user) };
    },
  );
};

export default pdfHistoriesRoutes;
