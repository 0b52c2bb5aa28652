import type { Kysely } from 'kysely';

// The administrator's confirmation that letters may be issued while their QR code points at a
// loopback address (PUBLIC_URL unset or localhost: a demo on one computer), issue 25.1. 0: an
// issue with such an address is refused (409); the demo seed sets 1.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('allow_loopback_qr', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('allow_loopback_qr').execute();
}
