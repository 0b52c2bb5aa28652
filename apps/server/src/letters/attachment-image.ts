import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { HttpError } from '../lib/http-error.ts';
import { imageWork } from '../lib/image-work.ts';
import {
  ACCEPTED,
  MAX_PIXELS,
  carriesPayload,
  sniffImage,
  uploadMessages,
  type ImageFormat,
} from '../routes/content/images.ts';

/**
 * A photo of a requirement (ADR 0015): recognised by its bytes like every uploaded image
 * (docs/content.md), decoded by sharp within the pixel limit, and re-encoded to a JPEG whose long
 * side is at most 1600 px and whose size is at most 500 KB, with a 320 px thumbnail. Metadata
 * (EXIF, GPS) and anything riding in the file are dropped; the upload's bytes are never stored.
 * JPEG rather than WebP: the office saves and prints these, and JPEG opens everywhere.
 */

export const ATTACHMENT_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const ATTACHMENT_LONG_SIDE = 1600;
export const ATTACHMENT_MAX_STORED_BYTES = 500 * 1024;
export const ATTACHMENT_THUMB_SIDE = 320;

export const attachmentMessages = {
  tooLarge: 'Foto terlalu besar. Ukuran foto maksimal 8 MB.',
  unsupported: `Jenis berkas tidak didukung. Unggah foto dokumen (${ACCEPTED}); PDF dan dokumen lain tidak diterima.`,
} as const;

const reject = (status: number, message: string) =>
  new HttpError(status, message, { file: [message] });

const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

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

/**
 * Checks an upload and re-encodes it, one image at a time in this process (lib/image-work.ts:
 * the decoding of many uploads must not take every core and worker thread from the requests of
 * everyone else, issue 18.4). Throws an HttpError (413/415/422, message under
 * `errors.file`) for anything refused.
 */
export function processAttachment(bytes: Buffer): Promise<ProcessedAttachment> {
  return imageWork.run(() => decodeAndEncode(bytes));
}

async function decodeAndEncode(bytes: Buffer): Promise<ProcessedAttachment> {
  if (bytes.length === 0) throw reject(422, uploadMessages.empty);
  if (bytes.length > ATTACHMENT_MAX_UPLOAD_BYTES) throw reject(413, attachmentMessages.tooLarge);
  const format = sniffImage(bytes);
  if (!format) {
    const head = bytes.subarray(0, 1024).toString('latin1');
    if (/<svg/i.test(head)) throw reject(415, uploadMessages.svg);
    if (/ftyp(heic|heix|mif1|msf1)/.test(head)) throw reject(415, uploadMessages.heic);
    throw reject(415, attachmentMessages.unsupported);
  }
  if (carriesPayload(bytes)) throw reject(422, uploadMessages.payload);

  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw reject(422, uploadMessages.corrupt);
  }
  if (meta.format !== SHARP_FORMAT[format] || !meta.width || !meta.height) {
    throw reject(422, uploadMessages.corrupt);
  }
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > MAX_PIXELS) throw reject(422, uploadMessages.pixels(pixels / 1_000_000));

  try {
    // Decoded once, turned upright and flattened (a PNG's transparency becomes white paper).
    const upright = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({
        width: ATTACHMENT_LONG_SIDE,
        height: ATTACHMENT_LONG_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = () =>
      sharp(upright.data, {
        raw: {
          width: upright.info.width,
          height: upright.info.height,
          channels: upright.info.channels,
        },
      });
    let out: { data: Buffer; info: OutputInfo } | undefined;
    for (const attempt of ATTEMPTS) {
      out = await raw()
        .resize({
          width: attempt.side,
          height: attempt.side,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: attempt.quality, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      if (out.data.length <= ATTACHMENT_MAX_STORED_BYTES) break;
    }
    const thumb = await raw()
      .resize({
        width: ATTACHMENT_THUMB_SIDE,
        height: ATTACHMENT_THUMB_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    return { bytes: out!.data, width: out!.info.width, height: out!.info.height, thumb };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw reject(422, uploadMessages.pixels(pixels / 1_000_000));
    }
    throw reject(422, uploadMessages.corrupt);
  }
}
