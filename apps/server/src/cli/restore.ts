/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as DATABASE_URL.
 * Stop the server first (docs/operations.md). SQLite: refused while another process has the
 * database open; the database it replaces is kept beside it. PostgreSQL: pg_restore in one
 * transaction.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restorePostgres, restoreSqlite, sqliteFileOf } from '../db/backup.ts';

try {
  const backup = process.argv[2];
  if (!backup) throw new BackupError('Sebutkan berkas cadangan: npm run restore -- BERKAS');
  const config = loadConfig();
  const url = config.DATABASE_URL;
  const target = sqliteFileOf(url);
  if (target) {
    const result = restoreSqlite(backup, target);
    console.log(
      `Pemulihan selesai: ${target} dari ${backup} (${Math.round(result.ms)} ms).` +
        (result.kept ? ` Basis data sebelumnya disimpan sebagai ${result.kept}.` : ''),
    );
  } else {
    const result = await restorePostgres(backup, url);
    console.log(`Pemulihan selesai dari ${backup} (${Math.round(result.ms)} ms).`);
  }
} catch (err) {
  console.error(
    err instanceof ConfigError || err instanceof BackupError
      ? `Pemulihan gagal: ${err.message}`
      : err,
  );
  process.exit(1);
}
