import { sql, type Kysely } from 'kysely';
import {
  CONTENT_RESOURCES,
  type ContentResource,
  type FieldDef,
  type FieldValue,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { ContentTableName } from '../db/tables/content.ts';
import { likePattern } from '../lib/pagination.ts';
import { nowIso } from '../lib/time.ts';

/**
 * All SQL of the content engine. The engine is generic over the registry, so table and column
 * names come from the definitions (never from requests: `sort` is checked against the
 * definition before it gets here) and values are always bound parameters.
 */

export type ContentValue = string | number | boolean | null;
type StoredValue = string | number | null;
type GenericRow = Record<string, StoredValue>;
/** The content tables seen by name: the columns are whatever the definition lists. */
type GenericDb = Record<string, GenericRow>;

function generic(db: Kysely<Database>): Kysely<GenericDb> {
  return db as unknown as Kysely<GenericDb>;
}

/** The table of a resource: its key with underscores (`population-ages` → `population_ages`). */
export function contentTable(resource: ContentResource): ContentTableName {
  return resource.key.replace(/-/g, '_') as ContentTableName;
}

/** Size of a stored image, for `*_url` objects in responses. */
export interface ImageMeta {
  id: number;
  width: number | null;
  height: number | null;
  thumb_width: number | null;
  thumb_height: number | null;
}

export interface ContentRecord {
  id: number;
  created_at: string;
  updated_at: string;
  /** Every field of the definition, booleans as booleans. */
  values: Record<string, ContentValue>;
  /** For each image field: the file's size, or null when empty. */
  images: Record<string, ImageMeta | null>;
}

const imageFields = (resource: ContentResource) =>
  resource.fields.filter((f) => f.kind === 'image');

/** Whether a column can hold NULL (optional and without a default). */
export const isNullable = (f: FieldDef) => !f.required && f.default === undefined;

const IMAGE_META = ['width', 'height', 'thumb_width', 'thumb_height'] as const;
const metaAlias = (field: string, meta: string) => `${field}__${meta}`;

/** The resource's table as `t`. */
const fromTable = (db: Kysely<Database>, resource: ContentResource) =>
  generic(db).selectFrom(`${contentTable(resource)} as t`);
type TableQuery = ReturnType<typeof fromTable>;

/** select t.*, and for each image field the file's sizes (left join). */
function withImageMeta(query: TableQuery, resource: ContentResource) {
  let q = query.selectAll('t');
  for (const f of imageFields(resource)) {
    const alias = `f_${f.name}`;
    q = q
      .leftJoin(`files as ${alias}`, `${alias}.id`, `t.${f.name}`)
      .select(IMAGE_META.map((m) => `${alias}.${m} as ${metaAlias(f.name, m)}`));
  }
  return q;
}

function toRecord(resource: ContentResource, row: GenericRow): ContentRecord {
  const values: Record<string, ContentValue> = {};
  const images: Record<string, ImageMeta | null> = {};
  for (const f of resource.fields) {
    const v = row[f.name] ?? null;
    if (f.kind === 'boolean') values[f.name] = v === null ? null : Boolean(Number(v));
    else values[f.name] = v;
    if (f.kind === 'image') {
      const meta = (m: string) => {
        const n = row[metaAlias(f.name, m)];
        return n === null || n === undefined ? null : Number(n);
      };
      images[f.name] =
        v === null
          ? null
          : {
              id: Number(v),
              width: meta('width'),
              height: meta('height'),
              thumb_width: meta('thumb_width'),
              thumb_height: meta('thumb_height'),
            };
    }
  }
  return {
    id: Number(row.id),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    values,
    images,
  };
}

export interface ContentListOptions {
  page: number;
  perPage: number;
  search?: string | undefined;
  sort: { field: string; direction: 'asc' | 'desc' };
  /** Yes/no fields that must have this value (e.g. only active headers). */
  filters?: Record<string, boolean>;
}

export async function listContent(
  db: Kysely<Database>,
  resource: ContentResource,
  opts: ContentListOptions,
): Promise<{ records: ContentRecord[]; total: number }> {
  const term = opts.search?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const filters = Object.entries(opts.filters ?? {});
  const matching = (): TableQuery => {
    let q = fromTable(db, resource);
    if (pattern) {
      q = q.where((eb) =>
        eb.or(
          resource.searchable.map(
            (name) => sql<boolean>`lower(${eb.ref(`t.${name}`)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    for (const [name, value] of filters) q = q.where(`t.${name}`, '=', value ? 1 : 0);
    return q;
  };
  let q = withImageMeta(matching(), resource);
  const sortField = resource.fields.find((f) => f.name === opts.sort.field);
  const column = `t.${opts.sort.field}`;
  // Empty values last in both directions, the same on SQLite and PostgreSQL.
  if (sortField && isNullable(sortField)) q = q.orderBy(sql`(${sql.ref(column)} is null)`);
  const offset = (opts.page - 1) * opts.perPage;
  const rows = await q
    .orderBy(column, opts.sort.direction)
    .orderBy('t.id', opts.sort.direction)
    .limit(opts.perPage)
    .offset(offset)
    .execute();

  let total: number;
  if (rows.length < opts.perPage && (rows.length > 0 || offset === 0)) {
    // A short page is the last one: the total is known without counting.
    total = offset + rows.length;
  } else {
    const row = await matching()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    total = Number(row?.n ?? 0);
  }
  return { records: rows.map((r) => toRecord(resource, r as GenericRow)), total };
}

export async function findContent(
  db: Kysely<Database>,
  resource: ContentResource,
  id: number,
): Promise<ContentRecord | undefined> {
  const row = await withImageMeta(fromTable(db, resource), resource)
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(resource, row as GenericRow) : undefined;
}

/** Field values as columns: booleans become 0/1, undefined becomes null. */
function toColumns(resource: ContentResource, values: Record<string, FieldValue | undefined>) {
  const out: GenericRow = {};
  for (const f of resource.fields) {
    const v = values[f.name];
    out[f.name] = typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
  }
  return out;
}

export async function insertContent(
  db: Kysely<Database>,
  resource: ContentResource,
  values: Record<string, FieldValue | undefined>,
): Promise<number> {
  const now = nowIso();
  const row = await generic(db)
    .insertInto(contentTable(resource))
    .values({ ...toColumns(resource, values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateContent(
  db: Kysely<Database>,
  resource: ContentResource,
  id: number,
  values: Record<string, FieldValue | undefined>,
): Promise<void> {
  await generic(db)
    .updateTable(contentTable(resource))
    .set({ ...toColumns(resource, values), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteContent(
  db: Kysely<Database>,
  resource: ContentResource,
  id: number,
): Promise<void> {
  await generic(db).deleteFrom(contentTable(resource)).where('id', '=', id).execute();
}

/** Whether another record already holds this value of a unique field (text ignores case). */
export async function uniqueValueTaken(
  db: Kysely<Database>,
  resource: ContentResource,
  f: FieldDef,
  value: string | number,
  exceptId?: number,
): Promise<boolean> {
  let q = generic(db).selectFrom(contentTable(resource)).select('id');
  q =
    typeof value === 'string'
      ? q.where((eb) => eb(eb.fn('lower', [eb.ref(f.name)]), '=', value.toLowerCase()))
      : q.where(f.name, '=', value);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Which of these ids are records of the resource. */
export async function existingContentIds(
  db: Kysely<Database>,
  resource: ContentResource,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await generic(db)
    .selectFrom(contentTable(resource))
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The chain of a self-reference upwards (e.g. reports_to: the boss, the boss's boss, …),
 * starting at `startId`. Stops at the top, at a loop, or after 100 steps.
 */
export async function referenceChain(
  db: Kysely<Database>,
  resource: ContentResource,
  column: string,
  startId: number,
): Promise<number[]> {
  const chain: number[] = [];
  let current: number | null = startId;
  while (current !== null && !chain.includes(current) && chain.length < 100) {
    chain.push(current);
    const row: GenericRow | undefined = await generic(db)
      .selectFrom(contentTable(resource))
      .select(column)
      .where('id', '=', current)
      .executeTakeFirst();
    const next: StoredValue | undefined = row?.[column];
    current = next === null || next === undefined ? null : Number(next);
  }
  return chain;
}

/** Every column that can hold an image's file id: the image fields of all resources and the logo. */
export const IMAGE_REFERENCES: readonly { table: string; column: string }[] = [
  ...CONTENT_RESOURCES.flatMap((r) =>
    imageFields(r).map((f) => ({ table: contentTable(r), column: f.name })),
  ),
  { table: 'settings', column: 'logo_file_id' },
];

/** Which of these image files some record or the settings logo still uses. */
export async function imagesInUse(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  const used = new Set<number>();
  if (ids.length === 0) return used;
  for (const ref of IMAGE_REFERENCES) {
    const rows = await generic(db)
      .selectFrom(ref.table)
      .select(`${ref.column} as file_id`)
      .where(ref.column, 'in', [...ids])
      .execute();
    for (const r of rows) used.add(Number(r.file_id));
  }
  return used;
}

/**
 * Deletes those of these image files nothing uses any more (call it after a record's image
 * changed or the record was deleted, in the same transaction). Returns the ids deleted.
 */
export async function deleteImagesNoLongerUsed(
  db: Kysely<Database>,
  ids: readonly (number | null | undefined)[],
): Promise<number[]> {
  const candidates = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (candidates.length === 0) return [];
  const used = await imagesInUse(db, candidates);
  const unused = candidates.filter((id) => !used.has(id));
  if (unused.length > 0) {
    await db.deleteFrom('files').where('kind', '=', 'image').where('id', 'in', unused).execute();
  }
  return unused;
}

/**
 * Deletes uploaded images that were never attached to anything, once they are older than
 * `before` (an upload whose form was abandoned). Issued PDFs are never touched.
 */
export async function deleteUnattachedImages(
  db: Kysely<Database>,
  before: string,
): Promise<number> {
  let q = db.deleteFrom('files').where('kind', '=', 'image').where('created_at', '<', before);
  for (const ref of IMAGE_REFERENCES) {
    q = q.where((eb) =>
      eb(
        'id',
        'not in',
        generic(db)
          .selectFrom(ref.table)
          .select(sql<number>`${sql.ref(ref.column)}`.as('file_id'))
          .where(ref.column, 'is not', null),
      ),
    );
  }
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these ids are stored images (not PDFs). */
export async function existingImageIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('kind', '=', 'image')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** How many records each resource holds (for the seed and the dashboard). */
export async function countContent(
  db: Kysely<Database>,
  resource: ContentResource,
): Promise<number> {
  const row = await generic(db)
    .selectFrom(contentTable(resource))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
