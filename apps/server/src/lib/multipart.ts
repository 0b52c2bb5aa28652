import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

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
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (err) {
    const known = multipartError(err, words);
    if (known) throw known;
    if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message)) {
      throw fileError(400, BROKEN);
    }
    throw err;
  }
  if (!bytes) throw fileError(422, words.missing);
  return bytes;
}
