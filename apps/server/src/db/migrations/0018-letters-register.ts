import type { Kysely } from 'kysely';

// Frozen: letters and the population register meet (issue 21, docs/accounts.md, ADR 0030).
//
// - `letter_requests.subject_person_id`: the register person the letter is for (the filer
//   themselves, a member of their family, or anyone the office picked at the desk); null for a
//   letter filed before the register or for a typed applicant. Set null if the person is removed.
// - `letter_requests.register_event_id`: the birth or death event recorded in the register from
//   this letter (Kelahiran, Kematian); set once, so a letter records its event at most once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('letter_requests')
    .addColumn('subject_person_id', 'integer', (c) =>
      c.references('register_persons.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .alterTable('letter_requests')
    .addColumn('register_event_id', 'integer', (c) =>
      c.references('register_events.id').onDelete('set null'),
    )
    .execute();
  // One event belongs to one letter at most.
  await db.schema
    .createIndex('letter_requests_register_event_idx')
    .unique()
    .on('letter_requests')
    .column('register_event_id')
    .execute();
}
