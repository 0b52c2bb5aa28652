import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A Balai server of a spec's own on a fresh SQLite database in `e2e/artifacts/data-<name>`, on
 * the e2e port plus `offset` (for a spec that must start from an empty register, apart from the
 * shared server's). Its public address is a real one, so letters are issued (a loopback QR
 * address is refused). `env` adds to or overrides the settings.
 */
export async function startOwnServer(
  name: string,
  offset: number,
  env: Record<string, string> = {},
): Promise<{ port: number; dataDir: string; stop: () => void }> {
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  const dataDir = path.join(root, `e2e/artifacts/data-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${path.join(dataDir, 'balai.sqlite')}`,
        OUTBOX_DIR: path.join(dataDir, 'outbox'),
        LOG_LEVEL: 'warn',
        BALAI_ADMIN_EMAIL: ADMIN.email,
        BALAI_ADMIN_PASSWORD: ADMIN.password,
        BALAI_DEMO_PASSWORD: 'warga-e2e-rahasia',
        PUBLIC_URL: 'https://sukamaju.desa.id',
        LOGIN_RATE_LIMIT_MAX: '600',
        RATE_LIMIT_MAX: '12000',
        ...env,
      },
    },
  );
  const stop = () => void server.kill('SIGTERM');
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, dataDir, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the ${name} server did not start`);
}
