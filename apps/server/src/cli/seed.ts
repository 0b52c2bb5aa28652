import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { describeSeed, seedIfEmpty } from '../seed/seed.ts';

try {
  const config = loadConfig();
  const db = openDb(config.DATABASE_URL);
  await migrateToLatest(db.kysely);
  const result = await seedIfEmpty(db, config);
  console.log(
    result.seeded
      ? describeSeed(result, config.PUBLIC_URL)
      : 'Basis data sudah berisi data; pengisian contoh dilewati.',
  );
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
