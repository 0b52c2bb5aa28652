/**
 * `npm run backup [-- FILE]`: a whole copy of DATABASE_URL, safe while the server runs under
 * full load (db/backup.ts, docs/operations.md). Without FILE: ./backups/balai-<time>.sqlite
 * (SQLite) or .dump (PostgreSQL).
 */
import { ConfigError, loadConfig } from '../config.ts';
import {
  backupPostgres,
  backupSqlite,
  BackupError,
  defaultBackupFile,
  sqliteFileOf,
} from '../db/backup.ts';

try {
  const config = loadConfig();
  const url = config.DATABASE_URL;
  const dest = process.argv[2] ?? defaultBackupFile(url);
  const source = sqliteFileOf(url);
  const result = source ? backupSqlite(source, dest) : await backupPostgres(url, dest);
  console.log(
    `Cadangan selesai: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.round(result.ms)} ms, integritas diperiksa).`,
  );
} catch (err) {
  console.error(
    err instanceof ConfigError || err instanceof BackupError
      ? `Pencadangan gagal: ${err.message}`
      : err,
  );
  process.exit(1);
}
