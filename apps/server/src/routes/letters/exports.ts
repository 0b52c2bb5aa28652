/**
 * Exports for the office (issue 12.5), administrators only:
 *
 * - `GET /api/letter-requests/export?format=csv|xlsx&…`: the filtered queue, every row the
 *   list's filters match (not a page), in the list's order, at most 100,000 rows;
 * - `GET /api/letter-register?from=…&to=…&format=xlsx|pdf`: the register of outgoing letters
 *   (*buku agenda surat keluar*) of a period of at most a year.
 *
 * Files are streamed as they are written. A filter matching more rows than an export holds is
 * refused with a 422 before anything is sent: a file silently cut short would pass for the
 * whole queue. Each export is audited (what was asked and how many rows; never a NIK).
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import {
  LETTER_STATUS_LABELS,
  letterTypeByCode,
  requestReference,
  todayIso,
  type LetterCode,
} from '@balai/domain';
import {
  REGISTER_MAX_DAYS,
  apiRoute,
  errorSchema,
  letterExportQuery,
  letterPaths,
  letterRegisterQuery,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import {
  EXPORT_MAX_ROWS,
  planLetterExport,
  type LetterExportRow,
} from '../../repositories/letter-export.ts';
import { countRegister, registerChunks } from '../../repositories/letter-register.ts';
import { getSettings } from '../../repositories/settings.ts';
import { villageName } from '../../letters/letter-document.ts';
import { renderRegisterPdf, periodLabel } from '../../letters/export/register-pdf.ts';
import { csvStream, xlsxStream, type Cell, type Column } from '../../letters/export/spreadsheet.ts';
import { typeFieldColumns } from '../../letters/export/type-columns.ts';
import { currentAuth } from '../../types.ts';
import { requestFilter } from './list-requests.ts';
import { dateBounds } from './schemas.ts';

/** The register as XLSX holds at most as many rows as the queue export. */
export const REGISTER_MAX_ROWS = EXPORT_MAX_ROWS;
/**
 * The printed register holds at most this many letters (about 300 landscape pages): more is a
 * 422 that suggests a shorter period or the Excel file.
 */
export const REGISTER_PDF_MAX_ROWS = 10_000;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

const fileResponse = (description: string, types: (keyof typeof CONTENT_TYPES)[]) => ({
  200: {
    description,
    content: Object.fromEntries(
      types.map((t) => [
        CONTENT_TYPES[t].split(';')[0]!,
        {
          schema: z.custom<Readable>(() => true).meta({ type: 'string', format: 'binary' }),
        },
      ]),
    ),
  },
  '4xx': errorSchema,
  '5xx': errorSchema,
});

const yesNo = (v: number) => (v === 1 ? 'Ya' : 'Tidak');

/** The queue export's columns (Indonesian headers), in order. */
export const REQUEST_EXPORT_COLUMNS: readonly Column[] = [
  { header: 'No.', width: 7, kind: 'integer' },
  { header: 'Referensi', width: 14 },
  { header: 'Jenis Surat', width: 34 },
  { header: 'Status', width: 16 },
  { header: 'Tanggal Pengajuan', width: 17, kind: 'datetime' },
  { header: 'Nama Pemohon', width: 28 },
  { header: 'NIK', width: 19 },
  { header: 'Identitas Terverifikasi', width: 12 },
  { header: 'No. HP', width: 16 },
  { header: 'Keperluan', width: 40 },
  { header: 'Nomor Surat', width: 28 },
  { header: 'Tanggal Terbit', width: 17, kind: 'datetime' },
  { header: 'Catatan Petugas', width: 40 },
  { header: 'Terakhir Diubah', width: 17, kind: 'datetime' },
];

function requestCells(r: LetterExportRow, n: number): Cell[] {
  return [
    n,
    requestReference(r.type, r.id),
    letterTypeByCode(r.type)?.title ?? r.type,
    LETTER_STATUS_LABELS[r.status],
    r.created_at,
    r.applicant_name,
    r.applicant_nik,
    yesNo(r.applicant_verified),
    r.phone,
    r.purpose,
    r.number,
    r.issued_at,
    r.note,
    r.updated_at,
  ];
}

/** The register's columns (the PDF has the same, but for the NIK-free layout of its own). */
export const REGISTER_COLUMNS_XLSX: readonly Column[] = [
  { header: 'No.', width: 7, kind: 'integer' },
  { header: 'Nomor Surat', width: 30 },
  { header: 'Tanggal', width: 12, kind: 'date' },
  { header: 'Jenis Surat', width: 34 },
  { header: 'Pemohon', width: 28 },
  { header: 'Keperluan', width: 50 },
];

/** Numbers the rows of streamed chunks 1, 2, 3, … across chunks. */
async function* numbered<T>(
  chunks: AsyncIterable<T[]>,
  cells: (row: T, n: number) => Cell[],
): AsyncGenerator<Cell[][]> {
  let n = 0;
  for await (const rows of chunks) yield rows.map((r) => cells(r, ++n));
}

const regency = (kabupaten: string) =>
  /^(kabupaten|kota)\s/i.test(kabupaten.trim())
    ? kabupaten.trim()
    : `Kabupaten ${kabupaten.replace(/^kab\.\s*/i, '').trim()}`;

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    apiRoute(letterPaths.export),
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['Layanan'],
        summary:
          'Ekspor antrean permohonan surat sebagai CSV atau Excel (XLSX), dengan filter yang sama seperti daftar; paling banyak 100.000 baris (admin)',
        description:
          "Semua baris yang cocok dengan filter (bukan hanya satu halaman), urutan sama seperti daftar. Dengan `type` (ekspor satu jenis surat), setelah kolom antrean ada satu kolom untuk setiap isian jenis surat itu, berjudul labelnya; tanpa `type` hanya kolom antrean. CSV: UTF-8 dengan BOM, pemisah titik koma (;), RFC 4180. Sel teks yang diawali =, +, -, @, tab atau CR diberi awalan tanda kutip tunggal ('). Lebih dari 100.000 baris: 422.",
        security,
        querystring: letterExportQuery,
        response: fileResponse('Berkas CSV atau XLSX', ['csv', 'xlsx']),
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const q = request.query;
      const plan = await planLetterExport(app.db, {
        // The list's filter, read by the list's own reading of the query (list-requests.ts).
        ...requestFilter(q, q.type, q.applicant_id),
        // One type's desk: a column for each of its fields (issue 25.7).
        withData: q.type !== undefined,
      });
      if (plan.tooMany) {
        throw new HttpError(
          422,
          `Ekspor paling banyak ${EXPORT_MAX_ROWS.toLocaleString('id-ID')} baris, sedangkan filter ini cocok dengan lebih dari itu. Persempit filter: jenis surat, status, rentang tanggal atau pencarian.`,
        );
      }
      await app.readAudit.write({
        action: 'letter.export',
        user_id: user.id,
        ip: request.ip,
        detail: {
          format: q.format,
          rows: plan.count,
          filters: {
            type: q.type ?? null,
            status: q.status ?? null,
            from: q.from ?? null,
            to: q.to ?? null,
            search: q.search ? true : null,
            applicant_id: q.applicant_id ?? null,
            sort: q.sort,
          },
        },
      });
      const fields = q.type ? typeFieldColumns(letterTypeByCode(q.type)!) : null;
      const columns = fields
        ? [...REQUEST_EXPORT_COLUMNS, ...fields.columns]
        : REQUEST_EXPORT_COLUMNS;
      const rows = numbered(plan.chunks(), (r, n) =>
        fields ? [...requestCells(r, n), ...fields.cells(r.data)] : requestCells(r, n),
      );
      const today = todayIso();
      const name = `permohonan-surat${q.type ? `-${q.type}` : ''}-${today}.${q.format}`;
      const body =
        q.format === 'csv'
          ? csvStream(columns, rows)
          : xlsxStream(columns, rows, { sheetName: 'Permohonan Surat' });
      return sendFile(reply, body, CONTENT_TYPES[q.format], name);
    },
  );

  app.get(
    apiRoute(letterPaths.register),
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['Riwayat Surat'],
        summary:
          'Buku agenda surat keluar: surat yang terbit dalam satu periode (paling lama satu tahun), sebagai Excel (XLSX) atau PDF A4 siap cetak (admin)',
        description: `Nomor, tanggal, jenis, pemohon dan keperluan setiap surat yang terbit dari \`from\` sampai \`to\` (hari menurut WIB, keduanya termasuk), urut waktu terbit. Periode paling lama ${REGISTER_MAX_DAYS} hari; XLSX paling banyak ${REGISTER_MAX_ROWS.toLocaleString('id-ID')} surat, PDF ${REGISTER_PDF_MAX_ROWS.toLocaleString('id-ID')} surat (lebih dari itu: 422).`,
        security,
        querystring: letterRegisterQuery,
        response: fileResponse('Berkas XLSX atau PDF', ['xlsx', 'pdf']),
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const q = request.query;
      const { start, end } = dateBounds(q.from, q.to);
      const filter = { issuedFrom: start!, issuedBefore: end!, type: q.type };
      const max = q.format === 'pdf' ? REGISTER_PDF_MAX_ROWS : REGISTER_MAX_ROWS;
      const count = await countRegister(app.db, filter, max);
      if (count > max) {
        throw new HttpError(
          422,
          q.format === 'pdf'
            ? `Buku agenda PDF paling banyak ${max.toLocaleString('id-ID')} surat, sedangkan periode ini memuat lebih dari itu. Pilih periode yang lebih pendek atau unduh Excel.`
            : `Buku agenda paling banyak ${max.toLocaleString('id-ID')} surat, sedangkan periode ini memuat lebih dari itu. Pilih periode yang lebih pendek.`,
        );
      }
      await app.readAudit.write({
        action: 'letter.register_export',
        user_id: user.id,
        ip: request.ip,
        detail: { format: q.format, rows: count, from: q.from, to: q.to, type: q.type ?? null },
      });
      const settings = await getSettings(app.db);
      const desa = villageName(settings);
      const period = periodLabel(q.from, q.to);
      const name = `buku-agenda-surat-keluar-${q.from}-sd-${q.to}.${q.format}`;
      const typeTitle = (t: LetterCode) => letterTypeByCode(t)?.title ?? t;
      if (q.format === 'xlsx') {
        const rows = numbered(registerChunks(app.db, filter, max), (r, n) => [
          n,
          r.number,
          r.issued_at,
          typeTitle(r.type),
          r.applicant_name,
          r.purpose,
        ]);
        const body = xlsxStream(REGISTER_COLUMNS_XLSX, rows, {
          sheetName: 'Buku Agenda Surat Keluar',
          title: [
            `Buku Agenda Surat Keluar Desa ${desa}`,
            `Kecamatan ${settings.kecamatan}, ${regency(settings.kabupaten)}`,
            `${period}${q.type ? ` · ${typeTitle(q.type)}` : ''}`,
          ],
          landscape: true,
        });
        return sendFile(reply, body, CONTENT_TYPES.xlsx, name);
      }
      // The PDF is paginated before its first page is drawn (page x of y, whole rows), so its
      // rows (at most 10,000, a few MB) are read first.
      const letters = [];
      for await (const chunk of registerChunks(app.db, filter, max)) {
        for (const r of chunk) {
          letters.push({
            number: r.number,
            issuedAt: r.issued_at,
            typeTitle: typeTitle(r.type),
            applicantName: r.applicant_name,
            purpose: r.purpose,
          });
        }
      }
      const body = renderRegisterPdf({
        villageName: desa,
        kecamatan: settings.kecamatan,
        kabupaten: regency(settings.kabupaten),
        from: q.from,
        to: q.to,
        typeTitle: q.type ? typeTitle(q.type) : null,
        printedAt: new Date().toISOString(),
        rows: letters,
      });
      return sendFile(reply, body, CONTENT_TYPES.pdf, name);
    },
  );
};

function sendFile(reply: FastifyReply, body: Readable, contentType: string, fileName: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export default exportRoutes;
