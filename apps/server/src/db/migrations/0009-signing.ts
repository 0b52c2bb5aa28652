import { sql, type Kysely } from 'kysely';

// Frozen: signing (issue 15, docs/signing.md). Administrators get a position (Operator/Staf,
// Sekretaris Desa, Kepala Desa), a NIP, an optional signing PIN (argon2id, like passwords) and
// an optional signature image (a `files` row of kind 'signature', never served publicly).
// `signing_settings` (one row, id = 1) names the Kepala Desa and Sekretaris Desa accounts, the
// days the Kepala Desa is away, and the letter types issued without approval (JSON array of
// codes; none = every type needs approval once a Kepala Desa is named). `letter_signatures`
// freezes who approved an issued letter, as printed on it, for the verify page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('position', 'varchar(20)').execute();
  await db.schema.alterTable('users').addColumn('nip', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('signing_pin_hash', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('signature_file_id', 'integer').execute();
  await sql`update users set position = 'operator' where role = 'ADMINISTRATOR'`.execute(db);

  await db.schema
    .createTable('signing_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('head_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('secretary_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('head_away_from', 'varchar(10)')
    .addColumn('head_away_until', 'varchar(10)')
    .addColumn('approval_exempt', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('letter_signatures')
    .addColumn('letter_request_id', 'integer', (c) =>
      c.primaryKey().references('letter_requests.id').onDelete('cascade'),
    )
    .addColumn('signer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('signer_position', 'varchar(20)', (c) => c.notNull())
    .addColumn('signer_nip', 'varchar(30)')
    .addColumn('on_behalf', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('letter_signatures').execute();
  await db.schema.dropTable('signing_settings').execute();
  for (const column of ['signature_file_id', 'signing_pin_hash', 'nip', 'position']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
