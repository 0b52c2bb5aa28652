import type { Kysely } from 'kysely';
import { blobType, idColumn } from './helpers.ts';

// Frozen: stored files (images and issued PDFs) and the village's settings row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn(...idColumn(db))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime', 'varchar(50)', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', blobType(db), (c) => c.notNull())
    .addColumn('thumb_bytes', blobType(db))
    .addColumn('thumb_width', 'integer')
    .addColumn('thumb_height', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_sha256_idx').on('files').column('sha256').execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('village_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kecamatan', 'varchar(100)', (c) => c.notNull())
    .addColumn('kabupaten', 'varchar(100)', (c) => c.notNull())
    .addColumn('provinsi', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)')
    .addColumn('postal_code', 'varchar(5)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('logo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('head_name', 'varchar(100)')
    .addColumn('head_nip', 'varchar(30)')
    .addColumn('village_code', 'varchar(20)')
    .addColumn('letter_number_format', 'varchar(200)', (c) => c.notNull())
    .addColumn('social_whatsapp', 'varchar(255)')
    .addColumn('social_youtube', 'varchar(255)')
    .addColumn('social_instagram', 'varchar(255)')
    .addColumn('social_twitter', 'varchar(255)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('files').execute();
}
