import sharp, { type OutputInfo } from 'sharp';
import { imageWork } from '../lib/image-work.ts';
import {
  ACCEPTED,
  MAX_PIXELS,
  checkUpload,
  decodeFailure,
  uploadMessages,
  type UploadLimits,
} from './upload-check.ts';

/**
 * The image pipeline: every upload passes the same checks (upload-check.ts), then sharp decodes
 * it within the pixel limit and re-encodes it, one image at a time in this process
 * (lib/image-work.ts: the decoding of many uploads must not take every core and worker thread
 * from the requests of everyone else, issue 18.4). What is stored and served is only what sharp
 * wrote, so metadata (EXIF, GPS, XMP) and any payload hidden in the upload are gone.
 *
 * - Pictures of the website and signatures: WebP at most 1920 px wide, and a 480 px thumbnail.
 * - Photos of a letter's requirements (ADR 0015): a JPEG whose long side is at most 1600 px and
 *   whose size is at most 500 KB, with a 320 px thumbnail. JPEG rather than WebP: the office
 *   saves and prints these, and JPEG opens everywhere.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const LARGE_MAX_WIDTH = 1920;
export const THUMB_WIDTH = 480;

export const ATTACHMENT_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const ATTACHMENT_LONG_SIDE = 1600;
export const ATTACHMENT_MAX_STORED_BYTES = 500 * 1024;
export const ATTACHMENT_THUMB_SIDE = 320;

export const attachmentMessages = {
  tooLarge: 'Foto terlalu besar. Ukuran foto maksimal 8 MB.',
  unsupported: `Jenis berkas tidak didukung. Unggah foto dokumen (${ACCEPTED}); PDF dan dokumen lain tidak diterima.`,
} as const;

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  thumb_bytes: Buffer;
  thumb_width: number;
  thumb_height: number;
}

/**
 * Checks an upload and re-encodes it: WebP at most 1920 px wide, and a 480 px thumbnail. Throws
 * an HttpError (413/415/422, message under `errors.file`) for anything refused.
 */
export function processImage(bytes: Buffer): Promise<ProcessedImage> {
  return checkedThenEncoded(bytes, WEB_LIMITS, webImage);
}

const WEB_LIMITS: UploadLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: uploadMessages.tooLarge,
  unsupported: uploadMessages.unsupported,
};

/**
 * One upload at a time in this process (lib/image-work.ts): the checks, then `encode`; a
 * decoding failure is refused like the checks' (422, under `errors.file`).
 */
function checkedThenEncoded<T>(
  bytes: Buffer,
  limits: UploadLimits,
  encode: (bytes: Buffer) => Promise<T>,
): Promise<T> {
  return imageWork.run(async () => {
    const pixels = await checkUpload(bytes, limits);
    try {
      return await encode(bytes);
    } catch (err) {
      throw decodeFailure(err, pixels);
    }
  });
}

async function webImage(bytes: Buffer): Promise<ProcessedImage> {
  const large = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: LARGE_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(large.data)
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: 76 })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: large.data,
    width: large.info.width,
    height: large.info.height,
    thumb_bytes: thumb.data,
    thumb_width: thumb.info.width,
    thumb_height: thumb.info.height,
  };
}

export interface ProcessedAttachment {
  bytes: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
}

/** Quality steps, then a smaller long side, until the JPEG fits ATTACHMENT_MAX_STORED_BYTES. */
const ATTEMPTS: readonly { side: number; quality: number }[] = [
  { side: ATTACHMENT_LONG_SIDE, quality: 80 },
  { side: ATTACHMENT_LONG_SIDE, quality: 70 },
  { side: ATTACHMENT_LONG_SIDE, quality: 60 },
  { side: 1280, quality: 60 },
  { side: 1024, quality: 55 },
  { side: 800, quality: 50 },
];

/** The largest `side` × `side` box, never enlarging. */
const inside = (side: number) =>
  ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * Checks a photo of a requirement and re-encodes it to a JPEG of at most 500 KB and a
 * thumbnail. Throws an HttpError (413/415/422, message under `errors.file`) for anything refused.
 */
export function processAttachment(bytes: Buffer): Promise<ProcessedAttachment> {
  return checkedThenEncoded(bytes, ATTACHMENT_LIMITS, attachmentImage);
}

const ATTACHMENT_LIMITS: UploadLimits = {
  maxBytes: ATTACHMENT_MAX_UPLOAD_BYTES,
  tooLarge: attachmentMessages.tooLarge,
  unsupported: attachmentMessages.unsupported,
};

async function attachmentImage(bytes: Buffer): Promise<ProcessedAttachment> {
  // Decoded once, turned upright and flattened (a PNG's transparency becomes white paper).
  const upright = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize(inside(ATTACHMENT_LONG_SIDE))
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const raw = () => sharp(upright.data, { raw: { width, height, channels } });
  let out: { data: Buffer; info: OutputInfo } | undefined;
  for (const attempt of ATTEMPTS) {
    out = await raw()
      .resize(inside(attempt.side))
      .jpeg({ quality: attempt.quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (out.data.length <= ATTACHMENT_MAX_STORED_BYTES) break;
  }
  const thumb = await raw()
    .resize(inside(ATTACHMENT_THUMB_SIDE))
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
  return { bytes: out!.data, width: out!.info.width, height: out!.info.height, thumb };
}
