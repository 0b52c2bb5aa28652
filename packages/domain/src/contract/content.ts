import { z } from 'zod';
import type { ContentResource } from '../content/content-resource.ts';
import type { FieldDef } from '../field-defs.ts';
import { maxLengthOf, maxOf } from '../fields.ts';
import { msg } from '../messages.ts';
import { imageUrlSchema } from './settings.ts';
import { pageMetaSchema, pageQuery } from './common.ts';

/**
 * The content engine's answers (ADR 0021): the registry as JSON, and each resource's records,
 * whose schemas are built from the resource's field definitions like its validation.
 */

export { contentPaths } from './paths.ts';

/** A field as `GET /api/content-types` (and `/api/letter-types`) describes it. */
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
export type FieldDescription = z.infer<typeof fieldDescriptionSchema>;

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
export type ContentTypeDescription = z.infer<typeof contentTypeSchema>;

/** `GET /api/content-types`. */
export const contentTypesAnswerSchema = z.object({ data: z.array(contentTypeSchema) });

/** A field without a value stays null: not required and no default. */
export const isNullableField = (f: FieldDef) => !f.required && f.default === undefined;

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
  return (isNullableField(f) ? s.nullable() : s).describe(f.label);
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

/**
 * One record as `contentItemSchema` answers it, for code that handles every resource alike (the
 * admin's generated list and form): its id, then a value per field of its resource (`<image>_url`
 * beside an image's id) and the timestamps.
 */
export type ContentRecord = { id: number } & Record<string, unknown>;

/** A page of a resource's records. */
export const contentPageSchema = (resource: ContentResource) =>
  z.object({ data: z.array(contentItemSchema(resource)), meta: pageMetaSchema });

/** Columns a list may be sorted by: the fields (not rich text), id and the timestamps. */
export function sortFields(resource: ContentResource): string[] {
  return [
    'id',
    ...resource.fields.filter((f) => f.kind !== 'richtext').map((f) => f.name),
    'created_at',
    'updated_at',
  ];
}

/** page, per_page, search, sort, and a filter per yes/no field (e.g. `?active=true`). */
export function contentListQuery(resource: ContentResource) {
  const fields = sortFields(resource);
  const options = [...fields, ...fields.map((f) => `-${f}`)] as [string, ...string[]];
  const message = `Urutan harus salah satu dari: ${fields.join(', ')}; awali dengan - untuk urutan menurun.`;
  const filters = Object.fromEntries(
    resource.fields
      .filter((f) => f.kind === 'boolean')
      .map((f) => [
        f.name,
        z
          .enum(['true', 'false', '1', '0'], { error: msg.boolean(f.label) })
          .transform((v) => v === 'true' || v === '1')
          .optional(),
      ]),
  );
  return z.object({
    ...pageQuery,
    sort: z.enum(options, { error: message }).optional(),
    ...filters,
  });
}

/** `POST /api/files`: the stored image and where it is served. */
export const uploadedFileSchema = z.object({
  id: z.number(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  url: imageUrlSchema,
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** A field as `GET /api/content-types` describes it, with the effective limits. */
export function describeField(f: FieldDef): FieldDescription {
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

/** A resource as `GET /api/content-types` describes it. */
export function describeResource(resource: ContentResource): ContentTypeDescription {
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
