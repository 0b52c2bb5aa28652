import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from './migrations/helpers.ts';
import { migrations } from './migrations/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // On PostgreSQL the migrator otherwise takes Kysely's bookkeeping tables in *any* schema of
  // the database as its own (another app's, or a test file's running in parallel), skips
  // creating them in ours, and fails. Pin them to the schema we migrate.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
