/**
 * Issue 19.7 (docs/reliability.md "Starting while PostgreSQL is down"): Balai started while
 * PostgreSQL is away waits for it, trying again with growing pauses and logging each try, and
 * serves as soon as the database appears. The real server process (apps/server/src/main.ts) is
 * started against a cluster of this test's own (bench/proof/private-postgres.ts), initialised
 * but not running; it is started a few tries later. Never the shared server on 5432.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { untilDatabaseReachable } from '../src/db/wait-for-database.ts';
import { freePort } from '../../../bench/proof/lib.ts';
import { createCluster, type PrivateCluster } from '../../../bench/proof/private-postgres.ts';
import { onPostgres } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('untilDatabaseReachable', () => {
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

  it('tries again after each unreachable try, with the pauses given, and logs each', async () => {
    const lines: string[] = [];
    let tries = 0;
    const started = performance.now();
    const result = await untilDatabaseReachable(
      async () => {
        if (++tries < 4) throw refused();
        return 'ok';
      },
      (line) => lines.push(line),
      [10, 20, 40],
    );
    expect(result).toBe('ok');
    expect(performance.now() - started).toBeGreaterThanOrEqual(65);
    expect(lines).toEqual([
      'Basis data belum dapat dihubungi (percobaan ke-1: connect ECONNREFUSED 127.0.0.1:1); mencoba lagi dalam 0.01 detik.',
      'Basis data belum dapat dihubungi (percobaan ke-2: connect ECONNREFUSED 127.0.0.1:1); mencoba lagi dalam 0.02 detik.',
      'Basis data belum dapat dihubungi (percobaan ke-3: connect ECONNREFUSED 127.0.0.1:1); mencoba lagi dalam 0.04 detik.',
      'Basis data dapat dihubungi pada percobaan ke-4.',
    ]);
  });

  it('also waits when a migration failed because the connection was lost', async () => {
    let tries = 0;
    await untilDatabaseReachable(
      async () => {
        if (++tries === 1) throw new Error('migrasi 0004 gagal', { cause: refused() });
      },
      () => {},
      [1],
    );
    expect(tries).toBe(2);
  });

  it('throws any other error at once', async () => {
    let tries = 0;
    await expect(
      untilDatabaseReachable(
        async () => {
          tries++;
          throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
        },
        () => {},
        [1],
      ),
    ).rejects.toThrow('relation "x" does not exist');
    expect(tries).toBe(1);
  });
});

if (onPostgres) {
  describe('Balai started while PostgreSQL is down', () => {
    let cluster: PrivateCluster | undefined;
    let server: ChildProcess | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-wait-'));

    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise((r) => server!.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      cluster?.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it(
      'waits with growing pauses, logging each try, and serves once it is up',
      { timeout: 180_000 },
      async () => {
        cluster = createCluster(await freePort()); // initialised, not started
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        let log = '';
        server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
            DATABASE_URL: cluster.url('postgres'),
            SEED_DEMO: '0',
            BALAI_ADMIN_EMAIL: 'admin@tunggu.desa.id',
            BALAI_ADMIN_PASSWORD: 'rahasia-admin-1',
            OUTBOX_DIR: path.join(dir, 'outbox'),
            WEB_DIST_DIR: path.join(dir, 'no-web'),
            PUBLIC_URL: 'https://balai.test',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
        server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
        const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
          const start = Date.now();
          while (Date.now() - start < ms) {
            if (await check()) return Date.now() - start;
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error(`timed out; log so far:\n${log}`);
        };

        // Three tries, 1 s then 2 s apart (plus tsx starting the process).
        await until(() => log.includes('percobaan ke-3'), 90_000);
        expect(server.exitCode).toBeNull();
        expect(log).toMatch(/percobaan ke-1: .*ECONNREFUSED.*\); mencoba lagi dalam 1 detik\./);
        expect(log).toMatch(/percobaan ke-2: .*\); mencoba lagi dalam 2 detik\./);
        expect(log).toMatch(/percobaan ke-3: .*\); mencoba lagi dalam 4 detik\./);
        await expect(fetch(`${base}/api/health`)).rejects.toThrow(); // not listening yet

        cluster.start();
        const upAt = Date.now();
        await until(async () => {
          try {
            return (await fetch(`${base}/api/health`)).status === 200;
          } catch {
            return false;
          }
        }, 60_000);
        const servingAfterMs = Date.now() - upAt;
        console.log(`database-wait: serving ${servingAfterMs} ms after PostgreSQL started`);
        // The next try comes at most one pause (4–8 s here) after PostgreSQL is up.
        expect(servingAfterMs).toBeLessThan(30_000);
        expect(log).toMatch(/Basis data dapat dihubungi pada percobaan ke-\d+\./);
        expect(log).toContain(`Balai berjalan di https://balai.test`);

        // Migrated and seeded: the administrator signs in.
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@tunggu.desa.id', password: 'rahasia-admin-1' }),
        });
        expect(res.status).toBe(200);
      },
    );
  });
}
