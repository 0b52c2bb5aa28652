import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { findFileForServing, findFileValidator } from '../../repositories/files.ts';
import { errorSchema, idParams, publicRoutes } from '@balai/domain/contract';

/**
 * `GET /files/{id}` and `GET /files/{id}/thumb`: stored images, public, outside /api (register
 * this plugin at the root). Their bytes never change, so they are cached for a year and
 * revalidated by ETag. Issued letters (kind 'pdf') are private and never served here: the
 * letter engine serves them after its access checks.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const missing = () => notFound('Berkas tidak ditemukan.');

type Variant = 'original' | 'thumb';

const etagOf = (sha256: string, variant: Variant) =>
  variant === 'thumb' ? `"${sha256}-thumb"` : `"${sha256}"`;

/** If-None-Match holds this ETag (or `*`); weak and strong forms compare equal for GET. */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

const imageResponse = {
  description: 'Gambar WebP',
  content: {
    'image/webp': {
      schema: z
        .custom<Buffer>((v) => Buffer.isBuffer(v))
        .meta({ type: 'string', format: 'binary' }),
    },
  },
};

const filesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const variants: [Variant, string, string][] = [
    ['original', publicRoutes.file, 'Gambar (WebP, lebar maks. 1920 px)'],
    ['thumb', publicRoutes.fileThumbnail, 'Thumbnail gambar (WebP, lebar 480 px)'],
  ];
  for (const [variant, url, summary] of variants) {
    app.get(
      url,
      {
        schema: {
          tags: ['Berkas'],
          summary,
          params: idParams,
          response: {
            200: imageResponse,
            304: z.null().describe('Tidak berubah (If-None-Match cocok)'),
            '4xx': errorSchema,
            '5xx': errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch) {
          const file = await findFileValidator(app.db, id);
          if (!file || file.kind !== 'image' || (variant === 'thumb' && !file.has_thumb)) {
            throw missing();
          }
          const etag = etagOf(file.sha256, variant);
          if (matches(ifNoneMatch, etag)) {
            return reply.code(304).headers({ etag, 'cache-control': IMMUTABLE }).send(null);
          }
        }
        const file = await findFileForServing(app.db, id, variant);
        if (!file || file.kind !== 'image' || !file.bytes) throw missing();
        return reply
          .headers({
            'content-type': file.mime,
            etag: etagOf(file.sha256, variant),
            'cache-control': IMMUTABLE,
            'x-content-type-options': 'nosniff',
            'content-disposition': 'inline',
          })
          .send(file.bytes);
      },
    );
  }
};

export default filesPublicRoutes;
