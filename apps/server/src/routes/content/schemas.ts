import { z } from 'zod';
import {
  imageUrlSchema,
  maxLengthOf,
  maxOf,
  publicPaths,
  type ContentResource,
  type FieldDef,
  type ImageUrl,
} from '@balai/domain';
import {
  isNullable,
  type ContentRecord,
  type ContentValue,
  type ImageMeta,
} from '../../repositories/content.ts';

/** Response shapes of the content engine, derived from the definitions like the validation. */

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

/** The JSON name of an image field's URL object: `image` → `image_url`, `photo` → `photo_url`. */
export const urlKey = (f: FieldDef) => `${f.name}_url`;

function valueSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (f.kind) {
    case 'number':
    case 'money':
    case 'image':
    case 'reference':
      s = z.number();
      break;
    case 'boolean':
      s = z.boolean();
      break;
    default:
      s = z.string();
  }
  return (isNullable(f) ? s.nullable() : s).describe(f.label);
}

const itemSchemas = new Map<string, z.ZodObject>();

/** One record as the API shows it: id, every field, image URLs, timestamps. */
export function contentItemSchema(resource: ContentResource): z.ZodObject {
  let schema = itemSchemas.get(resource.key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = { id: z.number() };
    for (const f of resource.fields) {
      shape[f.name] = valueSchema(f);
      if (f.kind === 'image') shape[urlKey(f)] = imageUrlSchema.nullable();
    }
    shape.created_at = z.string();
    shape.updated_at = z.string();
    schema = z.object(shape);
    itemSchemas.set(resource.key, schema);
  }
  return schema;
}

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

/** A field as `GET /api/content-types` describes it, with the effective limits. */
export function describeField(f: FieldDef) {
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    required: f.required,
    ...(f.min !== undefined ? { min: f.min } : {}),
    ...(maxOf(f) !== undefined ? { max: maxOf(f) } : {}),
    ...(maxLengthOf(f) !== undefined ? { max_length: maxLengthOf(f) } : {}),
    ...(f.decimal ? { decimal: true } : {}),
    ...(f.pattern !== undefined ? { pattern: f.pattern } : {}),
    ...(f.patternMessage !== undefined ? { pattern_message: f.patternMessage } : {}),
    ...(f.options !== undefined ? { options: [...f.options] } : {}),
    ...(f.hint !== undefined ? { hint: f.hint } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
    ...(f.references !== undefined ? { references: f.references } : {}),
    ...(f.unique ? { unique: true } : {}),
    ...(f.notFuture ? { not_future: true } : {}),
    ...(f.notPast ? { not_past: true } : {}),
    ...(f.notBefore !== undefined ? { not_before: f.notBefore } : {}),
  };
}

export const fieldDescriptionSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.string(),
  required: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  max_length: z.number().optional(),
  decimal: z.boolean().optional(),
  pattern: z.string().optional(),
  pattern_message: z.string().optional(),
  options: z.array(z.string()).optional(),
  hint: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  references: z.string().optional(),
  unique: z.boolean().optional(),
  not_future: z.boolean().optional(),
  not_past: z.boolean().optional(),
  not_before: z.string().optional(),
});

export const contentTypeSchema = z.object({
  key: z.string(),
  base: z.string(),
  group: z.string(),
  labels: z.object({ singular: z.string(), plural: z.string() }),
  menu: z.object({ section: z.string(), title: z.string() }),
  fields: z.array(fieldDescriptionSchema),
  list_columns: z.array(z.string()),
  default_sort: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }),
  sort_fields: z.array(z.string()),
  searchable: z.array(z.string()),
  access: z.object({ read: z.literal('public'), write: z.string() }),
});

/** Columns a list may be sorted by: the fields (not rich text), id and the timestamps. */
export function sortFields(resource: ContentResource): string[] {
  return [
    'id',
    ...resource.fields.filter((f) => f.kind !== 'richtext').map((f) => f.name),
    'created_at',
    'updated_at',
  ];
}

export function describeResource(resource: ContentResource): z.infer<typeof contentTypeSchema> {
  return {
    key: resource.key,
    base: resource.base,
    group: resource.group,
    labels: { ...resource.labels },
    menu: { ...resource.menu },
    fields: resource.fields.map(describeField),
    list_columns: [...resource.listColumns],
    default_sort: { ...resource.defaultSort },
    sort_fields: sortFields(resource),
    searchable: [...resource.searchable],
    access: { ...resource.access },
  };
}
