import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

try {
  const config = loadConfig();
  const db = openDb(config.DATABASE_URL);
  const applied = await migrateToLatest(db.kysely);
  console.log(
    applied.length
      ? `Migrasi diterapkan: ${applied.join(', ')}`
      : 'Basis data sudah versi terbaru.',
  );
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
