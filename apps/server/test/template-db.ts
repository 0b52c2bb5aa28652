import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';

/**
 * A migrated database is made once per version of the migrations and copied for every test
 * file, instead of running every migration again for each (the suite makes ~90 databases per
 * run; on PostgreSQL a migration run costs ~1.5 s, a copy ~0.2 s).
 *
 * The key is a hash of the migrations' own code, so changing a migration (while it is still
 * being written) makes a new template. PostgreSQL copies with `CREATE DATABASE … TEMPLATE`;
 * SQLite copies the file. A template is built under a temporary name and renamed when complete,
 * so a process that stops half-way never leaves a half-migrated template behind, and two
 * processes building at once both end with a whole one. `npm run test:server` drops the
 * templates of earlier versions before its PostgreSQL run (scripts/test-server.mjs).
 */
export const migrationsKey = createHash('sha256')
  .update(
    Object.entries(migrations)
      .map(([name, m]) => `${name}\n${m.up.toString()}\n${m.down?.toString() ?? ''}`)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

const TEMPLATE_PREFIX = 'balai_tmpl_';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onAdmin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

let pgTemplate: Promise<string> | undefined;

async function ensurePgTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsKey}`;
  const exists = await onAdmin(adminUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    return r.rowCount === 1;
  });
  if (exists) return name;
  const building = `${TEMPLATE_PREFIX}building_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (c) => c.query(`create database ${building}`));
  const db = openDb(withDatabase(adminUrl, building), { poolSize: 1 });
  try {
    await migrateToLatest(db.kysely);
  } finally {
    await db.close();
  }
  await onAdmin(adminUrl, async (c) => {
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another process finished the same template first: keep theirs.
      await c.query(`drop database if exists ${building} with (force)`);
    }
  });
  return name;
}

/** A new PostgreSQL database, migrated, of its own; returns its URL and how to drop it. */
export async function copyPgTemplate(adminUrl: string) {
  pgTemplate ??= ensurePgTemplate(adminUrl);
  const template = await pgTemplate;
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (c) => c.query(`create database ${name} template ${template}`));
  return {
    url: withDatabase(adminUrl, name),
    drop: () => onAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

let sqliteTemplate: Promise<string> | undefined;

async function ensureSqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `balai-template-${migrationsKey}.sqlite`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-template-'));
  const building = path.join(dir, 'balai.sqlite');
  const db = openDb(`file:${building}`, { backgroundCheckpoint: false });
  try {
    await migrateToLatest(db.kysely);
    // Everything into the main file, so copying that one file copies the whole database.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  } finally {
    await db.close();
  }
  fs.renameSync(building, file);
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

/** A migrated SQLite file copied into `dir`. */
export async function copySqliteTemplate(dir: string): Promise<string> {
  sqliteTemplate ??= ensureSqliteTemplate();
  const file = path.join(dir, 'balai.sqlite');
  fs.copyFileSync(await sqliteTemplate, file);
  return file;
}
