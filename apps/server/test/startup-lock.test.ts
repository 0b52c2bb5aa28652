import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { DEMO_RESIDENTS } from '../src/seed/residents.ts';
import { DEMO_OFFICIALS } from '../src/seed/seed.ts';
import { onPostgres, PG_URL } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RUNS = 3;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run db:seed` (migrate, then seed an empty database) as its own process. */
function seedProcess(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Issue 14, item 10: processes started together on an empty database race no more. Three
 * migrate-and-seed runs start at once on a fresh database (a new PostgreSQL database, or a
 * new SQLite file); all succeed, the migrations are applied once and the village seeded once.
 */
describe(`${RUNS} processes migrating and seeding one empty ${onPostgres ? 'PostgreSQL' : 'SQLite'} database at once`, () => {
  const name = `balai_t_${randomBytes(5).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-lock-'));
  let url: string;

  beforeAll(async () => {
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(PG_URL);
      u.pathname = `/${name}`;
      url = u.toString();
    } else {
      url = `file:${path.join(dir, 'balai.sqlite')}`;
    }
  });
  afterAll(async () => {
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('all succeed; migrations applied once; seeded once', { timeout: 180_000 }, async () => {
    const runs = await Promise.all(
      Array.from({ length: RUNS }, () =>
        seedProcess({
          DATABASE_URL: url,
          OUTBOX_DIR: path.join(dir, 'outbox'),
          PUBLIC_URL: 'http://balai.test',
        }),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr || run.stdout).toBe(0);
    const seeded = runs.filter((r) => r.stdout.includes('Basis data baru telah diisi'));
    const skipped = runs.filter((r) => r.stdout.includes('pengisian contoh dilewati'));
    expect([seeded.length, skipped.length]).toEqual([1, RUNS - 1]);

    const db = openDb(url, { backgroundCheckpoint: false });
    try {
      const users = await db.kysely
        .selectFrom('users')
        .select(['email', 'role'])
        .orderBy('id')
        .execute();
      // The administrator and the demo office's two signers (issue 15), each once.
      expect(users.filter((u) => u.role === 'ADMINISTRATOR')).toHaveLength(
        1 + DEMO_OFFICIALS.length,
      );
      expect(users.map((u) => u.email).sort()).toEqual(
        [
          'admin@balai.local',
          ...DEMO_OFFICIALS.map((o) => o.email),
          ...DEMO_RESIDENTS.map((r) => r.email),
        ].sort(),
      );
      const applied = await db.kysely
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own table
        .selectFrom('kysely_migration' as any)
        .select('name')
        .execute();
      expect(applied.map((m) => m.name as string).sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await db.close();
    }
  });
});
