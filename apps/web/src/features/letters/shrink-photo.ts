/**
 * Shrinks a phone photo in the browser before it is uploaded (issue 13.1): a 4 MB, 12 MP camera
 * picture becomes a JPEG of about 1600 px on its long side and a few hundred KB, so it goes over
 * a slow mobile connection in seconds. The server checks and re-encodes it again (ADR 0015);
 * this only saves the resident's data and time.
 */

/** The long side the server keeps; larger is sent for nothing. */
export const PHOTO_LONG_SIDE = 1600;
/** JPEG quality of the shrunk photo: documents stay legible, the file stays small. */
export const PHOTO_QUALITY = 0.8;

/** The size a `width` × `height` picture gets to fit `max` on its long side (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_LONG_SIDE,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** "1,2 MB", "340 KB": a file size as residents read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('id-ID')} KB`;
}

export interface ShrunkPhoto {
  /** What to upload: the shrunk JPEG, or the original when shrinking was not possible or not smaller. */
  blob: Blob;
  /** True when `blob` is the browser's re-encoding. */
  shrunk: boolean;
  width: number | null;
  height: number | null;
}

/**
 * Decodes the photo (turned upright by its EXIF orientation), draws it at most `max` px on its
 * long side and encodes a JPEG. A browser that cannot decode it (HEIC in most browsers) or that
 * lacks `createImageBitmap` sends the original, which the server then accepts or explains.
 */
export async function shrinkPhoto(
  file: Blob,
  options: { max?: number; quality?: number } = {},
): Promise<ShrunkPhoto> {
  const original: ShrunkPhoto = { blob: file, shrunk: false, width: null, height: null };
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return original;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original;
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, options.max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return original;
    // Paper is white: a transparent PNG screenshot would otherwise turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', options.quality ?? PHOTO_QUALITY),
    );
    if (!blob || blob.size >= file.size) return { ...original, width, height };
    return { blob, shrunk: true, width, height };
  } finally {
    bitmap.close();
  }
}
