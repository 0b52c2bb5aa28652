import type { Kysely } from 'kysely';

// Frozen: what an edit of a request changed (issue 12.4). `changes` holds the FieldChange list
// (packages/domain letters/changes.ts) as JSON: field, label, old and new value as people read
// them, NIK and No. KK by their last four digits. An edit that does not move the status is an
// event whose from_status equals its to_status.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('letter_events').addColumn('changes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('letter_events').dropColumn('changes').execute();
}
