import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

// Frozen: the durable outbox of notices (issue 22, ADR 0024). `notice_outbox` holds every notice
// to a person (in-app, e-mail, WhatsApp, Telegram), written in the transaction of the change that
// caused it and delivered by a worker: `state` queued → sending (claimed until `lease_until` by
// `claimed_by`) → sent | failed; `tries` counts attempts, `next_attempt_at` is when it may be
// tried again, `last_error` the provider's answer. `notice_channels` holds a person's choice:
// one row per channel they want, the address (a 62… number, a Telegram chat id, an e-mail), when
// it was confirmed, and the pending 6-digit code (hash, expiry, tries left).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notice_outbox')
    .addColumn(...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('letter_request_id', 'integer', (c) =>
      c.references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('claimed_by', 'varchar(60)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('notice_outbox_due')
    .on('notice_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notice_outbox_letter')
    .on('notice_outbox')
    .column('letter_request_id')
    .execute();

  await db.schema
    .createTable('notice_channels')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)')
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('code_hash', 'varchar(128)')
    .addColumn('code_expires_at', 'varchar(30)')
    .addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_told', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_channels_pk', ['user_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_channels').execute();
  await db.schema.dropTable('notice_outbox').execute();
}
