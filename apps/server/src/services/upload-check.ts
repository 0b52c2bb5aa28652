import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../lib/http-error.ts';

/**
 * The checks every uploaded image passes, whatever it becomes (DESIGN section 7,
 * docs/content.md): recognised by its bytes, refused when it carries anything besides pixels
 * (markup, a PDF, an archive), its header read by sharp and its size within the pixel limit,
 * all before a single pixel is decoded. services/images.ts re-encodes what passes.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export const MAX_PIXELS = 40_000_000;

export const ACCEPTED = 'JPEG, PNG, WebP, GIF atau AVIF';

export const uploadMessages = {
  tooLarge: 'Berkas terlalu besar. Ukuran gambar maksimal 10 MB.',
  unsupported: `Jenis berkas tidak didukung. Unggah gambar ${ACCEPTED}.`,
  svg: `Gambar SVG tidak diterima karena dapat memuat skrip. Unggah gambar ${ACCEPTED}.`,
  heic: `Foto HEIC belum didukung. Ubah foto ke JPEG (misalnya dengan fitur "Simpan sebagai JPEG" di ponsel), lalu unggah lagi.`,
  payload:
    'Berkas ini bukan gambar murni: di dalamnya ada kode (HTML/skrip) atau berkas lain. Simpan ulang gambar dengan aplikasi pengolah gambar, lalu unggah lagi.',
  corrupt: `Gambar rusak atau tidak dapat dibaca. Unggah ulang gambar ${ACCEPTED}.`,
  pixels: (mp: number) =>
    `Gambar terlalu besar: ${mp.toLocaleString('id-ID', { maximumFractionDigits: 1 })} megapiksel. Maksimal ${MAX_PIXELS / 1_000_000} megapiksel; perkecil gambar lalu unggah lagi.`,
  empty: 'Berkas yang diunggah kosong. Pilih gambar lalu unggah lagi.',
} as const;

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** ISO-BMFF brands of the `ftyp` box (AVIF, HEIC…), or null when there is none. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** The image format the bytes say they are (magic numbers), whatever the name or declared type. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  const brands = ftypBrands(bytes);
  if (brands?.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why the bytes are not a supported image, in the uploader's terms. */
function unsupportedMessage(bytes: Buffer, unsupported: string): string {
  const head = ascii(bytes, 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.includes('<svg') || (head.startsWith('<?xml') && head.includes('svg'))) {
    return uploadMessages.svg;
  }
  const brands = ftypBrands(bytes);
  if (brands?.some((b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) {
    return uploadMessages.heic;
  }
  return unsupported;
}

// Markup a browser or an interpreter would act on. Each marker is long enough that compressed
// image data matches it by chance less than once in tens of thousands of 10 MB uploads. Besides
// the elements, any tag carrying an event handler (`<img src=x onerror=…>`, issue 18.10).
const MARKUP =
  /<(?:script|iframe|object|embed|html|body|head|meta|form|style|link|base|svg|img|video|audio|math)[\s/>]|<[a-z][a-z0-9]{0,15}\s[^<>]{0,512}?\bon[a-z]{3,20}\s*=|<!doctype[\s>]|<\?php|javascript:/i;

/**
 * A ZIP entry's local file header anywhere in the file (an archive cut short, or followed by
 * more bytes, has no end record at the end; issue 18.10): the signature with a plausible
 * version, method and a printable name; random image data has all of it by chance practically
 * never.
 */
function hasZipEntry(bytes: Buffer): boolean {
  const METHODS = new Set([0, 8, 9, 12, 14, 93, 95, 98, 99]);
  for (let i = bytes.indexOf(ZIP_ENTRY); i >= 0; i = bytes.indexOf(ZIP_ENTRY, i + 1)) {
    if (i + 30 > bytes.length || bytes[i + 4]! > 63 || bytes[i + 5] !== 0) continue;
    if (!METHODS.has(bytes.readUInt16LE(i + 8))) continue;
    const nameLength = bytes.readUInt16LE(i + 26);
    if (nameLength === 0 || nameLength > 512 || i + 30 + nameLength > bytes.length) continue;
    const name = bytes.subarray(i + 30, i + 30 + nameLength);
    if (name.every((b) => b >= 0x20 && b < 0x7f)) return true;
  }
  return false;
}
const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A ZIP (or JAR, DOCX…) appended to the image: its end-of-central-directory record closes the file. */
function endsWithZip(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes[i] !== 0x50 || bytes.readUInt32LE(i) !== 0x06054b50) continue;
    const commentLength = bytes.readUInt16LE(i + 20);
    const cdSize = bytes.readUInt32LE(i + 12);
    const cdOffset = bytes.readUInt32LE(i + 16);
    if (i + 22 + commentLength === bytes.length && cdSize <= i && cdOffset <= bytes.length) {
      return true;
    }
  }
  return false;
}

/** Something other than pixels rides along in the file: markup, a PDF header or an archive. */
export function carriesPayload(bytes: Buffer): boolean {
  if (MARKUP.test(bytes.toString('latin1'))) return true;
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return true;
  return endsWithZip(bytes) || hasZipEntry(bytes);
}

const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

/** What an upload may be: its largest size and the words for what is refused. */
export interface UploadLimits {
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
  /** The 415's message for a file that is no image at all (SVG and HEIC have their own). */
  unsupported: string;
}

const reject = (status: number, message: string) =>
  new HttpError(status, message, { file: [message] });

/**
 * Checks an upload before it is decoded; answers its pixel count. Throws an HttpError
 * (413/415/422, message under `errors.file`) for anything refused.
 */
export async function checkUpload(bytes: Buffer, limits: UploadLimits): Promise<number> {
  if (bytes.length === 0) throw reject(422, uploadMessages.empty);
  if (bytes.length > limits.maxBytes) throw reject(413, limits.tooLarge);
  const format = sniffImage(bytes);
  if (!format) throw reject(415, unsupportedMessage(bytes, limits.unsupported));
  if (carriesPayload(bytes)) throw reject(422, uploadMessages.payload);

  // The header alone: sizes are known before a single pixel is decoded.
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
  return pixels;
}

/** The refusal for an image that passed the checks but failed to decode. */
export function decodeFailure(err: unknown, pixels: number): HttpError {
  if (err instanceof Error && /pixel limit/i.test(err.message)) {
    return reject(422, uploadMessages.pixels(pixels / 1_000_000));
  }
  return reject(422, uploadMessages.corrupt);
}
