import { publicPaths, type ContentResource, type ImageUrl } from '@balai/domain';
import { urlKey } from '@balai/domain/contract';
import type { ContentRecord, ContentValue, ImageMeta } from '../../repositories/content.ts';

/** Records as the content engine answers them (schemas: packages/domain/src/contract/content.ts). */

/** Where an image is served, with the sizes a `srcset` needs. */
export function imageUrlOf(meta: ImageMeta): ImageUrl {
  return {
    original: publicPaths.file(meta.id),
    thumb: publicPaths.fileThumbnail(meta.id),
    width: meta.width,
    height: meta.height,
    thumb_width: meta.thumb_width,
    thumb_height: meta.thumb_height,
  };
}

export const imageUrl = (meta: ImageMeta | null): ImageUrl | null =>
  meta ? imageUrlOf(meta) : null;

export type ContentItem = Record<string, ContentValue | ImageUrl | null>;

export function toContentItem(resource: ContentResource, record: ContentRecord): ContentItem {
  const item: ContentItem = { id: record.id };
  for (const f of resource.fields) {
    item[f.name] = record.values[f.name] ?? null;
    if (f.kind === 'image') item[urlKey(f)] = imageUrl(record.images[f.name] ?? null);
  }
  item.created_at = record.created_at;
  item.updated_at = record.updated_at;
  return item;
}
