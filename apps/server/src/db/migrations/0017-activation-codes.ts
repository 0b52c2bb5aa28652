import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

// Frozen: activation codes handed out by the office (issue 21.2, ADR 0029, docs/accounts.md).
//
// `activation_codes`: one row per code printed on a slip. Only the SHA-256 of the code is kept
// (`code_hash`, unique); the code itself exists only in the PDF made at creation. A code is
// open until `used_at`, `revoked_at` or `expires_at` (30 days). `scope` says how it was made
// (person, family, area); `user_id` is the account it opened or reset.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activation_codes')
    .addColumn(...idColumn(db))
    .addColumn('person_id', 'integer', (c) =>
      c.notNull().references('register_persons.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('activation_codes_person')
    .on('activation_codes')
    .columns(['person_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activation_codes').execute();
}
