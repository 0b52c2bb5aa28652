import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionCodeOfVillage, todayIso } from '@balai/domain';
import {
  apiRoute,
  monthlyReportQuery,
  registerImportQuery,
  registerImportResult,
  registerMonthlyReport,
  registerPaths,
  responses,
} from '@balai/domain/contract';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { accountsAfterImport } from '../../repositories/register-links.ts';
import { getSettings } from '../../repositories/settings.ts';
import { runImport } from '../../services/register/import.ts';
import { MAX_IMPORT_MB } from '../../services/register/read-file.ts';
import { monthlyReport } from '../../services/register/monthly-report.ts';
import { renderReportPdf } from '../../services/register/report-pdf.ts';
import {
  problemsWorkbook,
  registerWorkbook,
  reportWorkbook,
  XLSX_TYPE,
} from '../../services/register/workbook.ts';
import { binaryResponse } from '../binary.ts';
import { currentAuth } from '../../types.ts';
import { sendFile } from './access.ts';

const tags = ['Kependudukan'];
/** How long the server may work on one import before the connection counts as idle. */
const IMPORT_WORK_MS = 10 * 60_000;
const security = [{ bearerAuth: [] }];

const WORDS: UploadWords = {
  tooLarge: `Berkas terlalu besar. Ukuran maksimal ${MAX_IMPORT_MB} MB; pecah berkas per dusun bila perlu.`,
  oneFile: 'Unggah satu berkas saja.',
  onlyFile: 'Kirim hanya berkasnya.',
  notMultipart: 'Kirim berkas sebagai multipart/form-data.',
  missing: 'Pilih berkas .xlsx atau .csv untuk diimpor.',
};

/** The import, the template, the export and the monthly report (files). */
const registerFileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMPORT_MB * 1024 * 1024,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  app.post(
    apiRoute(registerPaths.import),
    {
      schema: {
        tags,
        security,
        summary:
          'Impor data penduduk dari XLSX/CSV OpenSID atau templat Balai (dry_run=1 hanya memeriksa)',
        description: `multipart/form-data dengan satu berkas (maks. ${MAX_IMPORT_MB} MB). Semua baris sah disimpan dalam satu transaksi.`,
        querystring: registerImportQuery,
        response: responses({ 200: registerImportResult }),
      },
    },
    async (request, reply) => {
      const bytes = await readOneFile(request, WORDS);
      // The file has arrived; now the server works (a 100,000-person commit takes tens of
      // seconds) with nothing on the wire: the connection's idle limit (HTTP_IDLE_TIMEOUT_S, for
      // clients that stall) must not cut the answer off. Node resets it for the next request.
      if (typeof request.raw.socket?.setTimeout === 'function') {
        request.raw.socket.setTimeout(IMPORT_WORK_MS);
      }
      const settings = await getSettings(app.db);
      const dryRun = request.query.dry_run === '1';
      const outcome = await runImport(app.db, bytes, {
        dryRun,
        regionCode: regionCodeOfVillage(settings.village_code),
        today: todayIso(),
      });
      if (!dryRun && outcome.result.committed) {
        await app.readAudit.write({
          user_id: currentAuth(request).user.id,
          action: 'register.import',
          subject_type: 'register',
          ip: request.ip,
          detail: {
            rows: outcome.result.rows,
            added: outcome.result.added,
            updated: outcome.result.updated,
            errors: outcome.result.error_count,
          },
        });
        // Accounts made before the register are matched by NIK and follow it (issue 21).
        await app.db
          .transaction()
          .execute((trx) =>
            accountsAfterImport(trx, { userId: currentAuth(request).user.id, ip: request.ip }),
          );
      }
      if (request.query.format === 'xlsx') {
        return sendFile(
          reply,
          await problemsWorkbook(outcome.all),
          XLSX_TYPE,
          'masalah-impor-penduduk.xlsx',
        );
      }
      return outcome.result;
    },
  );

  app.get(
    apiRoute(registerPaths.template),
    {
      schema: {
        tags,
        security,
        summary: 'Templat impor penduduk (XLSX: Data Penduduk dan Kode Data)',
        response: binaryResponse('Templat XLSX', [XLSX_TYPE]),
      },
    },
    async (_request, reply) =>
      sendFile(reply, registerWorkbook(null), XLSX_TYPE, 'templat-penduduk-balai.xlsx'),
  );

  app.get(
    apiRoute(registerPaths.export),
    {
      schema: {
        tags,
        security,
        summary: 'Ekspor seluruh data penduduk dalam bentuk templat (dicatat)',
        response: binaryResponse('Data penduduk XLSX', [XLSX_TYPE]),
      },
    },
    async (request, reply) => {
      const count = await app.db
        .selectFrom('register_persons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      await app.readAudit.write({
        user_id: currentAuth(request).user.id,
        action: 'register.export',
        subject_type: 'register',
        ip: request.ip,
        detail: { rows: Number(count?.n ?? 0) },
      });
      return sendFile(
        reply,
        registerWorkbook(app.db),
        XLSX_TYPE,
        `data-penduduk-${todayIso()}.xlsx`,
      );
    },
  );

  app.get(
    apiRoute(registerPaths.monthlyReport),
    {
      schema: {
        tags,
        security,
        summary: 'Laporan bulanan penduduk menurut tanggal kejadian (JSON, XLSX atau PDF A4)',
        querystring: monthlyReportQuery,
        // JSON is checked against the contract; xlsx and pdf are files (never serialised).
        response: responses({ 200: registerMonthlyReport }),
      },
    },
    async (request, reply) => {
      const report = await monthlyReport(app.db, request.query.month);
      if (request.query.format === 'json') return report;
      const settings = await getSettings(app.db);
      await app.readAudit.write({
        user_id: currentAuth(request).user.id,
        action: 'register.report.export',
        subject_type: 'register',
        ip: request.ip,
        detail: { month: report.month, format: request.query.format },
      });
      if (request.query.format === 'xlsx') {
        return sendFile(
          reply,
          await reportWorkbook(report, settings.village_name),
          XLSX_TYPE,
          `laporan-penduduk-${report.month}.xlsx`,
        );
      }
      return sendFile(
        reply,
        renderReportPdf(report, settings.village_name, new Date()),
        'application/pdf',
        `laporan-penduduk-${report.month}.pdf`,
      );
    },
  );
};

export default registerFileRoutes;
