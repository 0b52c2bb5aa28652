import type { Kysely } from 'kysely';

// One counter row: the version of everything the public pages show (content, settings). Every
// process keeps the public pages and API answers it has built in memory, tagged with the version
// they were built from, and reads this row (coalesced, one read serves every request waiting) to
// know whether they still hold: an administrator's change bumps it, so the next request on any
// process rebuilds (issue 23, ADR 0025).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await (db as Kysely<{ public_version: { id: number; version: number } }>)
    .insertInto('public_version')
    .values({ id: 1, version: 0 })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('public_version').execute();
}
