/**
 * The village logo, normalised once per process: whatever came in (PNG, JPEG or WebP, any
 * size, with or without transparency) becomes an opaque PNG of at most 256 colours, at most
 * {@link LOGO_MAX_PX} on its longer side, flattened onto white paper. pdfkit embeds such a
 * PNG without decoding it (no alpha channel to split off), which keeps rendering fast, and
 * it cannot read WebP at all.
 *
 * The logo is most of a letter's bytes, and every issued letter is kept. As 384 px RGB the
 * demo village's logo made a 110 KB letter; as 300 px with a palette, 53 KB, and at 600 dpi
 * the two print the same. An emblem's flat colours fit a palette; a photographic logo is
 * dithered, which does not show at this size.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface PreparedLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** Printed 2.4 cm wide, 300 px is 318 dpi: print resolution, and small enough to keep. */
export const LOGO_MAX_PX = 300;

const MAX_CACHED = 16;
const cache = new Map<string, Promise<PreparedLogo>>();

export type LogoFormat = 'png' | 'jpeg' | 'webp';

export function sniffLogo(bytes: Uint8Array): LogoFormat | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Normalises a logo (cached by content hash). Rejects bytes that are not PNG, JPEG or WebP
 * or that sharp cannot decode; settings validation can call this to refuse a bad upload.
 */
export function prepareLogo(bytes: Uint8Array): Promise<PreparedLogo> {
  const key = createHash('sha256').update(bytes).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const job = convert(bytes);
  cache.set(key, job);
  job.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return job;
}

async function convert(bytes: Uint8Array): Promise<PreparedLogo> {
  if (!sniffLogo(bytes)) throw new Error('Logo harus berupa PNG, JPEG, atau WebP');
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({
      width: LOGO_MAX_PX,
      height: LOGO_MAX_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    .removeAlpha()
    .png({ compressionLevel: 9, adaptiveFiltering: true, palette: true })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
