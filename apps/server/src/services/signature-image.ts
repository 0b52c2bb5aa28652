import sharp from 'sharp';
import { imageWork } from '../lib/image-work.ts';
import { processImage } from './images.ts';

/** The signer's signature as stored: a PNG and its size. */
export interface SignatureImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * An uploaded signature: the same checks as every uploaded image (content, size, pixels,
 * payloads; services/images.ts), then a PNG flattened on white, at most 600 × 300 px: what the
 * letter prints in its 3.25 cm. Re-encoded in the image line like every upload (lib/image-work.ts).
 */
export async function signatureImage(upload: Buffer): Promise<SignatureImage> {
  const image = await processImage(upload);
  const png = await imageWork.run(() =>
    sharp(image.bytes)
      .flatten({ background: '#ffffff' })
      .resize({ width: 600, height: 300, fit: 'inside', withoutEnlargement: true })
      .png({ palette: true, colours: 64 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { bytes: png.data, width: png.info.width, height: png.info.height };
}
