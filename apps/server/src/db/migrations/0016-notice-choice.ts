import type { Kysely } from 'kysely';

// Frozen: the person's choice of notice channels (issue 22, ADR 0024).
//
// - `notice_channels.enabled`: 1 the person wants notices on this channel, 0 they switched it
//   off (the confirmed address is kept, so switching it on again needs no new code).
// - `notice_channels_code`: the pending code's hash, looked up when Telegram hands back the
//   one-time code of a deep link (`/start <code>`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notice_channels')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('notice_channels_code')
    .on('notice_channels')
    .column('code_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notice_channels_code').execute();
  await db.schema.alterTable('notice_channels').dropColumn('enabled').execute();
}
