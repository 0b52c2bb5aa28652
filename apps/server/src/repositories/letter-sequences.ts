import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

/** Which sequence a number is drawn from (letters/numbering.ts decides it from the format). */
export interface SequenceKey {
  scope: string;
  /** 0 when the format prints no year: such a sequence never starts again at 1. */
  year: number;
}

/**
 * The next number of a sequence, inside the caller's (issuing) transaction. One statement that
 * inserts the year's first row or increments the existing one: on PostgreSQL the row stays
 * locked until the transaction ends, so concurrent issuers queue and each gets the next number;
 * on SQLite the transaction holds the database's only writer. A rolled-back issue gives its
 * number back (ADR 0007).
 */
export async function nextSequence(db: Kysely<Database>, key: SequenceKey): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('letter_sequences')
    .values({ scope: key.scope, year: key.year, last_seq: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['scope', 'year']).doUpdateSet((eb) => ({
        last_seq: eb('letter_sequences.last_seq', '+', 1),
        updated_at: now,
      })),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

/**
 * The number `nextSequence` would give now, without taking it (the settings page's preview).
 * Only a hint: a letter issued meanwhile takes it first.
 */
export async function peekNextSequence(db: Kysely<Database>, key: SequenceKey): Promise<number> {
  const row = await db
    .selectFrom('letter_sequences')
    .select('last_seq')
    .where('scope', '=', key.scope)
    .where('year', '=', key.year)
    .executeTakeFirst();
  return (row?.last_seq ?? 0) + 1;
}
