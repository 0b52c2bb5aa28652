import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './helpers.ts';

// Frozen: the letter engine (issue 4): requests of all 15 types, their events, the number
// sequences, the archive of issued PDFs and notifications.
//
// Search (ADR 0009) runs on `letter_search_terms`: one row per name word, NIK and number of a
// request, carrying the request's type, status and date, so a search, its filters, its order
// and its count are answered from one index. Prefixes are ranges (`term >= p and term < p ||
// U+10FFFF`); on PostgreSQL `term` uses the "C" collation so the range means "starts with"
// whatever the database's default collation is.
export async function up(db: Kysely<unknown>): Promise<void> {
  const termType = isPostgres(db) ? sql`varchar(120) collate "C"` : sql`varchar(120)`;

  await db.schema
    .createTable('letter_requests')
    .addColumn(...idColumn(db))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('applicant_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('applicant', 'text', (c) => c.notNull())
    .addColumn('applicant_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('applicant_name_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('applicant_nik', 'varchar(16)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text')
    .addColumn('phone', 'varchar(20)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('number', 'varchar(120)', (c) => c.unique())
    .addColumn('number_seq', 'integer')
    .addColumn('number_year', 'integer')
    .addColumn('verify_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('issued_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('letter_requests_idempotency_key', ['filed_by', 'idempotency_key'])
    .execute();
  // The admin's lists: one type (each API base), optionally one status, newest first.
  await db.schema
    .createIndex('letter_requests_type_status_idx')
    .on('letter_requests')
    .columns(['type', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('letter_requests_type_created_idx')
    .on('letter_requests')
    .columns(['type', 'created_at', 'id'])
    .execute();
  // All types at once (letter history; the dashboard's months by type read this index alone).
  await db.schema
    .createIndex('letter_requests_status_created_idx')
    .on('letter_requests')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('letter_requests_created_idx')
    .on('letter_requests')
    .columns(['created_at', 'id', 'type'])
    .execute();
  // A resident's own requests.
  await db.schema
    .createIndex('letter_requests_applicant_idx')
    .on('letter_requests')
    .columns(['applicant_user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('letter_search_terms')
    .addColumn('letter_request_id', 'integer', (c) =>
      c.notNull().references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('term', termType, (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('letter_search_terms_pkey', ['letter_request_id', 'term'])
    .execute();
  // A search at one type's base; and across all types (letter history, archive). For one
  // term the entries are in date order, so a page is read straight off the index.
  await db.schema
    .createIndex('letter_search_terms_type_idx')
    .on('letter_search_terms')
    .columns(['type', 'term', 'created_at', 'letter_request_id', 'status'])
    .execute();
  await db.schema
    .createIndex('letter_search_terms_term_idx')
    .on('letter_search_terms')
    .columns(['term', 'created_at', 'letter_request_id', 'status'])
    .execute();

  await db.schema
    .createTable('letter_events')
    .addColumn(...idColumn(db))
    .addColumn('letter_request_id', 'integer', (c) =>
      c.notNull().references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('letter_events_request_idx')
    .on('letter_events')
    .columns(['letter_request_id', 'id'])
    .execute();

  await db.schema
    .createTable('letter_sequences')
    .addColumn('scope', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('letter_sequences_pkey', ['scope', 'year'])
    .execute();

  await db.schema
    .createTable('pdf_histories')
    .addColumn(...idColumn(db))
    .addColumn('letter_request_id', 'integer', (c) =>
      c.notNull().unique().references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('number', 'varchar(120)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('processing_seconds', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pdf_histories_issued_idx')
    .on('pdf_histories')
    .columns(['issued_at', 'id'])
    .execute();
  // The dashboard's median processing time: in order, filtered by date, from the index alone.
  await db.schema
    .createIndex('pdf_histories_processing_idx')
    .on('pdf_histories')
    .columns(['processing_seconds', 'issued_at'])
    .execute();
  await db.schema
    .createIndex('pdf_histories_type_issued_idx')
    .on('pdf_histories')
    .columns(['type', 'issued_at', 'id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn(...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(255)')
    .addColumn('letter_request_id', 'integer', (c) =>
      c.references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_read_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema
    .createIndex('notifications_request_idx')
    .on('notifications')
    .column('letter_request_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'notifications',
    'pdf_histories',
    'letter_sequences',
    'letter_events',
    'letter_search_terms',
    'letter_requests',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
