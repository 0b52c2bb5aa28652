import type { Insertable, Kysely } from 'kysely';
import type { Database, FilesTable } from '../db/schema.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { nowIso } from '../lib/time.ts';

export type NewFile = Omit<Insertable<FilesTable>, 'id' | 'sha256' | 'size' | 'created_at'> & { bytes: Buffer };

export async function insertFile(db: Kysely<Database>, file: NewFile): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({ ...file, sha256: sha256Hex(file.bytes), size: file.bytes.length, created_at: nowIso() })
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
    .select(['id', 'kind', 'mime', 'sha256', 'size', 'width', 'height', 'thumb_width', 'thumb_height', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
