import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { prepareDatabase } from '../seed/seed.ts';

try {
  const config = loadConfig();
  const db = openDb(config.DATABASE_URL);
  // Under the startup lock, like every start (db/startup-lock.ts); no seeding.
  const { applied } = await prepareDatabase(db, config, { seed: false });
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
