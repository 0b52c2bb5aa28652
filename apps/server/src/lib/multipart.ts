import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';
import { Slots } from './slots.ts';

/** What an upload route says when its one file is missing or the request is no good upload. */
export interface UploadWords {
  /** The file is over the route's size limit. */
  tooLarge: string;
  /** More than one file was sent. */
  oneFile: string;
  /** Other fields or parts came with the file. */
  onlyFile: string;
  /** The request is not multipart/form-data. */
  notMultipart: string;
  /** No file came. */
  missing: string;
}

const BROKEN = 'Unggahan tidak lengkap atau rusak. Silakan coba lagi.';

/**
 * Uploads this process receives at once (issue 19.5). Each is read into memory (at most the
 * route's limit, 8–10 MB), so this bounds what unfinished uploads hold — about 8 × 10 MB — however
 * many clients send slowly or stop half-way; the others wait in line with their bytes unread
 * (the socket is paused, the sender's TCP window fills) until a place is free, at most half of
 * HTTP_IDLE_TIMEOUT_S (waiting with nothing read is idle too, and the answer must leave before the
 * idle timeout cuts the connection): then a 503 that closes the connection. The server's request and idle timeouts (HTTP_REQUEST_TIMEOUT_S,
 * HTTP_IDLE_TIMEOUT_S) end the uploads that stall while read, which frees their places.
 */
export const UPLOADS_RECEIVED_AT_ONCE = 8;
export const receiving = new Slots(UPLOADS_RECEIVED_AT_ONCE);
const BUSY = 'Server sedang menerima banyak unggahan. Silakan coba unggah lagi dalam satu menit.';

export const fileError = (status: number, message: string) =>
  new HttpError(status, message, { file: [message] });

/** @fastify/multipart's own errors, in the words of the person uploading. */
function multipartError(err: unknown, words: UploadWords): HttpError | null {
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileError(413, words.tooLarge);
    case 'FST_FILES_LIMIT':
      return fileError(422, words.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fileError(422, words.onlyFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fileError(415, words.notMultipart);
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return fileError(400, BROKEN);
    default:
      return null;
  }
}

/**
 * The one file of a multipart request, read into memory (the route's size limit applies);
 * anything wrong with the upload is a 4xx on `file` in the route's words.
 */
export async function readOneFile(request: FastifyRequest, words: UploadWords): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError(415, words.notMultipart);
  // A client that goes away while waiting in line leaves it.
  const gone = new AbortController();
  const onClose = () => gone.abort();
  const socket = request.raw.socket;
  socket.once('close', onClose);
  let placed: boolean;
  try {
    placed = await receiving.acquire(request.server.config.HTTP_IDLE_TIMEOUT_S * 500, gone.signal);
  } finally {
    socket.off('close', onClose);
  }
  if (!placed) {
    // The connection is closed after the answer: its unread body is not waited for.
    throw new HttpError(503, BUSY, { file: [BUSY] }, { 'retry-after': '60', connection: 'close' });
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (err) {
    const known = multipartError(err, words);
    if (known) throw known;
    if (err instanceof Error && /multipart|boundary|unexpected end|aborted/i.test(err.message)) {
      throw fileError(400, BROKEN);
    }
    throw err;
  } finally {
    receiving.release();
  }
  if (!bytes) throw fileError(422, words.missing);
  return bytes;
}
