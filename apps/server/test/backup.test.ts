import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { buildApp } from '../src/app.ts';
import { openDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { login, makeUser, onPostgres, PG_URL, testConfig } from './helpers.ts';
import { client, example } from './letter-helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const kp = letterTypeByCode('kp')!;
const applicant = {
  name: 'Budi Santoso',
  nik: '3201010101800001',
  birth_place: 'Bogor',
  birth_date: '1980-01-01',
  gender: 'Laki-laki',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Petani',
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Kampung Babakan No. 8',
};

interface Run {
  code: number | null;
  out: string;
  ms: number;
}

/** `npm run backup` / `npm run restore` as a process of its own, on `url`. */
function cli(script: 'backup' | 'restore', url: string, file: string): Promise<Run> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, file],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out, ms: performance.now() - start }));
  });
}

/** A database of its own: a new SQLite file, or a new PostgreSQL database (pg_dump takes a whole database). */
async function freshDatabase(dir: string, name: string) {
  if (!onPostgres) {
    return { url: `file:${path.join(dir, `${name}.sqlite`)}`, drop: async () => {} };
  }
  const database = `balai_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    },
  };
}

async function serve(url: string): Promise<{ db: Db; app: FastifyInstance }> {
  const db = openDb(url);
  await migrateToLatest(db.kysely);
  const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '0' }), db, logger: false });
  await app.ready();
  return { db, app };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 14, item 11: `npm run backup` finishes during continuous submissions, and a server
 * started on the restored copy holds every request acknowledged before the backup began.
 */
describe(`backup under load (${onPostgres ? 'pg_dump' : 'SQLite VACUUM INTO'})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'));
  const drops: (() => Promise<void>)[] = [];
  let live: { db: Db; app: FastifyInstance; url: string };
  let adminEmail: string;

  beforeAll(async () => {
    const database = await freshDatabase(dir, 'live');
    drops.push(database.drop);
    live = { ...(await serve(database.url)), url: database.url };
    adminEmail = (await makeUser(live.db, { role: 'ADMINISTRATOR' })).email;
  });
  afterAll(async () => {
    await live?.app.close();
    await live?.db.close();
    for (const drop of drops) await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'finishes under submissions; the restored copy holds every request acknowledged before it',
    { timeout: 120_000 },
    async () => {
      const asAdmin = client(live.app, await login(live.app, adminEmail));
      const acknowledged: number[] = [];
      let running = true;
      const loops = Array.from({ length: 6 }, async () => {
        while (running) {
          const res = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
          if (res.statusCode !== 201) throw new Error(`${res.statusCode}: ${res.body}`);
          acknowledged.push(res.json().data.id as number);
        }
      });
      await sleep(1_000);
      const before = [...acknowledged];
      const file = path.join(dir, 'copies', onPostgres ? 'balai.dump' : 'balai.sqlite');
      const backup = await cli('backup', live.url, file);
      const during = acknowledged.length - before.length;
      await sleep(200);
      running = false;
      await Promise.all(loops);

      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toMatch(/^Cadangan selesai: .*integritas diperiksa/m);
      // The load went on while the backup ran: it did not stop the writers, nor they it.
      expect(before.length).toBeGreaterThan(10);
      expect(during).toBeGreaterThan(5);
      // Only the finished backup is there; no partial file that looks like one.
      expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
      console.log(
        `backup: ${Math.round(backup.ms)} ms (process), ${before.length} requests before, ${during} acknowledged while it ran`,
      );

      const copy = await freshDatabase(dir, 'restored');
      drops.push(copy.drop);
      const restore = await cli('restore', copy.url, file);
      expect(restore.code, restore.out).toBe(0);

      const restored = await serve(copy.url);
      try {
        const asAdminThere = client(restored.app, await login(restored.app, adminEmail));
        for (const id of before) {
          const res = await asAdminThere('GET', `${kp.base}/${id}`);
          expect(res.statusCode, `request ${id}: ${res.body}`).toBe(200);
        }
        const rows = await restored.db.kysely
          .selectFrom('letter_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rows.n)).toBeGreaterThanOrEqual(before.length);
        expect(Number(rows.n)).toBeLessThanOrEqual(acknowledged.length);
        const health = await restored.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
      } finally {
        await restored.app.close();
        await restored.db.close();
      }
    },
  );

  if (!onPostgres) {
    it('refuses to restore over a database a server has open, and names the reason', async () => {
      const file = path.join(dir, 'copies', 'balai.sqlite');
      const res = await cli('restore', live.url, file);
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/sedang dibuka oleh proses lain.*Hentikan server/);
      const health = await live.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });

    it('refuses a file that is not a whole Balai database, leaving the target as it was', async () => {
      const broken = path.join(dir, 'broken.sqlite');
      fs.writeFileSync(
        broken,
        fs.readFileSync(path.join(dir, 'copies', 'balai.sqlite')).subarray(0, 8192),
      );
      const target = path.join(dir, 'restored.sqlite');
      const sizeBefore = fs.statSync(target).size;
      const res = await cli('restore', `file:${target}`, broken);
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/Pemulihan gagal: .*(bukan basis data|integritas)/);
      expect(fs.statSync(target).size).toBe(sizeBefore);
    });
  }
});
