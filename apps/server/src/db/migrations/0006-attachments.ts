import type { Kysely } from 'kysely';
import { blobType, idColumn } from './helpers.ts';

// Frozen: photos of a letter request's requirements (issue 13.1, ADR 0015). Only sharp's
// re-encoded JPEG is stored (and a small thumbnail), in the database like every other file
// (ADR 0005), in a table of its own: never served by the public /files route.
//
// A row without a request is a photo staged for a request not yet sent (`released_at` null), or
// one whose request was deleted (`released_at` = when). `owner_user_id` is the resident whose
// storage it counts against; `uploaded_by` who sent it (the resident, or an administrator).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('letter_attachments')
    .addColumn(...idColumn(db))
    .addColumn('letter_request_id', 'integer', (c) =>
      c.references('letter_requests.id').onDelete('set null'),
    )
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('requirement', 'varchar(40)', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mime', 'varchar(50)', (c) => c.notNull())
    .addColumn('bytes', blobType(db), (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('thumb_bytes', blobType(db), (c) => c.notNull())
    .addColumn('thumb_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('released_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('letter_attachments_request_idx')
    .on('letter_attachments')
    .columns(['letter_request_id', 'id'])
    .execute();
  await db.schema
    .createIndex('letter_attachments_owner_idx')
    .on('letter_attachments')
    .columns(['owner_user_id', 'type', 'letter_request_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('letter_attachments').execute();
}
