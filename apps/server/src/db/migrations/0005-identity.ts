import type { Kysely } from 'kysely';

// Frozen: verified identities (issue 11). The office marks a resident's identity (name, NIK,
// No. KK, birth place and date) as checked against the KTP and KK: when and by whom. A letter
// request keeps whether its applicant was verified at the moment it was filed (0/1), beside
// the frozen applicant snapshot.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('identity_verified_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('identity_verified_by', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .alterTable('letter_requests')
    .addColumn('applicant_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('letter_requests').dropColumn('applicant_verified').execute();
  await db.schema.alterTable('users').dropColumn('identity_verified_by').execute();
  await db.schema.alterTable('users').dropColumn('identity_verified_at').execute();
}
