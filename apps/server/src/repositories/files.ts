import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, FilesTable } from '../db/schema.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { nowIso } from '../lib/time.ts';

export type NewFile = Omit<Insertable<FilesTable>, 'id' | 'sha256' | 'size' | 'created_at'> & {
  bytes: Buffer;
};

export async function insertFile(db: Kysely<Database>, file: NewFile): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({
      ...file,
      sha256: sha256Hex(file.bytes),
      size: file.bytes.length,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findFile(db: Kysely<Database>, id: number) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Everything about a file but its bytes (for ETags and listings). */
export function findFileMeta(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('files')
    .select([
      'id',
      'kind',
      'mime',
      'sha256',
      'size',
      'width',
      'height',
      'thumb_width',
      'thumb_height',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What `GET /files/{id}` sends: the large image or its thumbnail, with what the headers need. */
export async function findFileForServing(
  db: Kysely<Database>,
  id: number,
  variant: 'original' | 'thumb',
) {
  const row = await db
    .selectFrom('files')
    .select(['kind', 'mime', 'sha256', variant === 'thumb' ? 'thumb_bytes as bytes' : 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { kind: row.kind, mime: row.mime, sha256: row.sha256, bytes: row.bytes } : undefined;
}

/** Just enough to answer a conditional request (If-None-Match) without reading the bytes. */
export function findFileValidator(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('files')
    .select([
      'kind',
      'mime',
      'sha256',
      sql<number>`case when thumb_bytes is null then 0 else 1 end`.as('has_thumb'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
