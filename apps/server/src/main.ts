import { isLoopbackUrl, loopbackQrWarning } from '@balai/domain';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/database.ts';
import { untilDatabaseReachable } from './db/wait-for-database.ts';
import { describeSeed, prepareDatabase } from './seed/seed.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Under a lock: several processes may start together on an empty database. Migrations and
  // seeding may run long statements: a pool of their own, without the requests' time bounds.
  // While PostgreSQL cannot be reached, wait for it, trying again with growing pauses (issue
  // 19.7). The first start's accounts and passwords are printed before they take effect (19.2).
  const setup = openDb(config.DATABASE_URL);
  const { applied } = await untilDatabaseReachable(
    () =>
      prepareDatabase(setup, config, {
        announce: (seed) => {
          const message = describeSeed(seed, config.PUBLIC_URL);
          if (message) console.log(message);
        },
      }),
    (line) => console.warn(line),
  ).finally(() => setup.close());
  const db = openDb(config.DATABASE_URL, { requestTimeouts: true });
  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Balai berjalan di ${config.PUBLIC_URL} (basis data: ${db.dialect})`);
  // A QR address a phone cannot open: said at every start until PUBLIC_URL is set (issue 25.1).
  if (isLoopbackUrl(config.PUBLIC_URL)) {
    console.log(`\nPERINGATAN: ${loopbackQrWarning(config.PUBLIC_URL)}\n`);
  }
}

main().catch((err: unknown) => {
  console.error('Balai gagal dijalankan:', err);
  process.exit(1);
});
