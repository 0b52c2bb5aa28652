import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { onConnectionError } from '../db/database.ts';
import { isDatabaseUnavailable, isDiskFull } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { createDiskSpace, type DiskSpace } from '../services/disk-space.ts';
import { createReadAudit, type ReadAudit } from '../services/read-audit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the server is out of disk space (the health check, issue 19.4). */
    diskSpace: DiskSpace;
    /** Audit rows of reads, held while the disk is full (services/read-audit.ts). */
    readAudit: ReadAudit;
  }
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** Turns validation issues into `{ field: [messages] }`; `_` holds issues about the body as a whole. */
function fieldErrors(issues: ValidationIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    const message = issue.message ?? 'Isian tidak valid.';
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

const SERVER_ERROR = 'Terjadi kesalahan pada server. Silakan coba lagi.';
/** While PostgreSQL is away (docs/reliability.md); the request may simply be sent again. */
export const DATABASE_UNAVAILABLE =
  'Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam beberapa saat.';
/** Seconds a client is asked to wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = 5;
/**
 * A write refused because the disk is full (SQLITE_FULL, PostgreSQL 53100, ENOSPC): nothing was
 * saved, what exists can still be opened, and the same request can be sent again once someone
 * has freed space (docs/reliability.md).
 */
export const DISK_FULL =
  'Ruang penyimpanan server kantor desa penuh, sehingga data baru belum dapat disimpan. Data yang sudah ada tetap dapat dibuka. Silakan coba lagi nanti dan beri tahu pengelola server kantor desa.';
/** Seconds to wait after a full disk's 503: freeing space takes a person. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
const BAD_REQUEST = 'Permintaan tidak valid.';

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Jenis konten tidak didukung. Kirim data sebagai JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Isi permintaan kosong, padahal dinyatakan sebagai JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Isi permintaan bukan JSON yang valid.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Isi permintaan terlalu besar.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Panjang isi permintaan tidak valid.'],
};

/**
 * Errors the router raises before any route or error handler runs (Fastify's `frameworkErrors`
 * option): a path with broken percent-encoding, a path parameter longer than 100 characters.
 * Fastify would answer those in English.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ message: 'Alamat terlalu panjang.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ message: 'Alamat tidak valid.' });
  }
  reply.log.error({ err: error }, 'router error');
  return reply.code(500).send({ message: SERVER_ERROR });
}

/** Node's HTTP parser errors that have a status of their own; anything else is a 400. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Permintaan terlalu lama. Silakan coba lagi.'],
  HPE_HEADER_OVERFLOW: [
    431,
    'Kepala permintaan (header) terlalu besar. Hapus cookie situs ini, lalu coba lagi.',
  ],
};

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (Fastify's `clientErrorHandler`
 * option): headers over 16 KB (too many cookies, say), a malformed request line, a request that
 * took too long. Fastify's own handler answers those in English.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, BAD_REQUEST];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The one error handler: every failure leaves as `{ message, errors? }` in Indonesian, with the
 * right status, and nothing of the server's insides (ADR 0003).
 */
export default fp(async (app) => {
  // The filesystems this process writes to: the SQLite file's and the mail outbox's.
  const diskSpace = createDiskSpace({
    dirs: async () => {
      const dirs = app.config.SMTP_URL ? [] : [app.config.OUTBOX_DIR];
      if (app.dialect !== 'sqlite') return dirs;
      const { rows } = await sql<{ file: string }>`
        select file from pragma_database_list where name = 'main'`.execute(app.db);
      const file = rows[0]?.file;
      return file ? [...dirs, path.dirname(file)] : dirs;
    },
  });
  app.decorate('diskSpace', diskSpace);
  const readAudit = createReadAudit(app.db, app.log, { onDiskFull: () => diskSpace.noteFull() });
  app.decorate('readAudit', readAudit);
  app.addHook('onClose', async () => readAudit.close());
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) {
      diskSpace.noteWritten();
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as ValidationIssue[]);
      if (error.validationContext === 'params') {
        return reply.code(404).send({ message: 'Data tidak ditemukan.' });
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({ message: first ?? 'Periksa kembali isian Anda.', errors });
    }
    if (error.validation) {
      return reply.code(422).send({
        message: 'Periksa kembali isian Anda.',
        errors: fieldErrors(error.validation as ValidationIssue[]),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.code(500).send({ message: SERVER_ERROR });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ message: 'Terlalu banyak permintaan. Silakan tunggu sebentar lalu coba lagi.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ message: BAD_REQUEST });
    }
    if (isDiskFull(error)) {
      // The real error, with its code, for whoever reads the log (issue 19.4).
      request.log.error({ err: error }, 'disk full: write refused');
      app.diskSpace.noteFull();
      return reply
        .code(503)
        .header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS))
        .send({ message: DISK_FULL });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: SERVER_ERROR });
  });

  // A lost PostgreSQL connection is logged, once per connection; it never ends the process.
  const stop = onConnectionError(app.db, (err) =>
    app.log.warn({ err }, 'database connection lost'),
  );
  app.addHook('onClose', async () => stop());
});
