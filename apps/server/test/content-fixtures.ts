import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ContentResource } from '@balai/domain';
import { CONTENT_EXAMPLES } from '../../../packages/domain/src/testing/content-examples.ts';
import type { Db } from '../src/db/database.ts';
import { insertFile } from '../src/repositories/files.ts';
import { getSettings, upsertSettings } from '../src/repositories/settings.ts';
import { processImage } from '../src/services/images.ts';
import { bearer } from './helpers.ts';

/** Test support for the content, files and settings tests. */

export interface Part {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte and header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----balai${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name ?? 'file'}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(app: FastifyInstance, token: string | null, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

/** A small photo-like JPEG (a gradient, so it compresses like a picture, not like a flat colour). */
export async function jpeg(width = 640, height = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2d6a4f"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** An image stored straight through the pipeline and the repository (no HTTP), for fixtures. */
export async function storeImage(db: Db, width = 320, height = 240): Promise<number> {
  const image = await processImage(await jpeg(width, height));
  return insertFile(db.kysely, { kind: 'image', mime: 'image/webp', ...image });
}

/**
 * An image that stays: the settings logo uses it, so deleting the records that show it never
 * removes it (orphan cleanup keeps files something still references).
 */
export async function storeKeptImage(db: Db, width = 800, height = 600): Promise<number> {
  const id = await storeImage(db, width, height);
  const { updated_at: _u, ...settings } = await getSettings(db.kysely);
  await upsertSettings(db.kysely, { ...settings, logo_file_id: id });
  return id;
}

/**
 * A valid body for a resource: the domain's complete example, with image fields pointing at a
 * stored image and references at an existing record (or empty).
 */
export function exampleBody(
  resource: ContentResource,
  ids: { image: number; reference?: number | null },
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(CONTENT_EXAMPLES[resource.key] ?? {}) };
  for (const f of resource.fields) {
    if (f.kind === 'image') body[f.name] = ids.image;
    if (f.kind === 'reference') body[f.name] = ids.reference ?? null;
  }
  return body;
}
