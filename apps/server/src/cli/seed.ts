import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { describeSeed, prepareDatabase } from '../seed/seed.ts';

try {
  const config = loadConfig();
  const db = openDb(config.DATABASE_URL);
  // Migrate and seed under the startup lock (db/startup-lock.ts): runs started together seed once.
  // The accounts are printed before their passwords take effect (issue 19.2).
  const { seed } = await prepareDatabase(db, config, {
    announce: (result) => console.log(describeSeed(result, config.PUBLIC_URL)),
  });
  if (!seed.seeded) console.log('Basis data sudah berisi data; pengisian contoh dilewati.');
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
