import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

// Frozen: accounts, sessions, password resets and the audit log (issue 2).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn(...idColumn(db))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('nik', 'varchar(16)', (c) => c.unique())
    .addColumn('kk_number', 'varchar(16)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('birth_place', 'varchar(100)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('gender', 'varchar(20)')
    .addColumn('religion', 'varchar(40)')
    .addColumn('marital_status', 'varchar(20)')
    .addColumn('occupation', 'varchar(100)')
    .addColumn('education', 'varchar(30)')
    .addColumn('nationality', 'varchar(3)')
    .addColumn('address', 'varchar(255)')
    .addColumn('rt', 'varchar(3)')
    .addColumn('rw', 'varchar(3)')
    .addColumn('hamlet', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
  await db.schema.createIndex('users_name_idx').on('users').columns(['name', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn(...idColumn(db))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn(...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn(...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(60)')
    .addColumn('subject_id', 'integer')
    .addColumn('subject_key', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_action_key_idx')
    .on('audit_log')
    .columns(['action', 'subject_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_ip_idx')
    .on('audit_log')
    .columns(['action', 'ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_type', 'subject_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['audit_log', 'password_resets', 'sessions', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
