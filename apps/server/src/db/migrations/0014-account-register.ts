import type { Kysely } from 'kysely';

// Frozen: accounts linked to the population register (issue 21, docs/accounts.md).
//
// - `users.register_person_id`: the register person this account belongs to (at most one account
//   per person: a unique index, NULLs allowed on both databases); set when a resident activates
//   their account with NIK, No. KK and birth date. Cleared if the person is ever removed.
// - `users.register_matched_at`: when that match was made ("cocok dengan buku induk"). It is not
//   a verification: `identity_verified_at` stays for the office's check of the KTP.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('register_person_id', 'integer', (c) =>
      c.references('register_persons.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('register_matched_at', 'varchar(30)').execute();
  await db.schema
    .createIndex('users_register_person_idx')
    .unique()
    .on('users')
    .column('register_person_id')
    .execute();
}
