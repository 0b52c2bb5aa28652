import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDb, type Db } from '../src/db/database.ts';
import { copyPgTemplate, copySqliteTemplate } from './template-db.ts';
import { insertUser, type UserWrite } from '../src/repositories/users.ts';
import { hashPassword } from '../src/services/passwords.ts';
import type { Mailer } from '../src/services/mailer.ts';

export const onPostgres = process.env.TEST_DB === 'postgres';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  db: Db;
  url: string;
  /** A second, independent connection to the same database (close it when done). */
  connectAgain(): Db;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database, each
 * a copy of a template migrated once per version of the migrations (test/template-db.ts).
 */
export async function createTestDb(): Promise<TestDb> {
  if (onPostgres) {
    const copy = await copyPgTemplate(PG_URL);
    const db = openDb(copy.url, { poolSize: 20 });
    return {
      db,
      url: copy.url,
      connectAgain: () => openDb(copy.url, { poolSize: 1 }),
      async drop() {
        await db.close();
        await copy.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-test-'));
  const url = `file:${await copySqliteTemplate(dir)}`;
  const db = openDb(url);
  return {
    db,
    url,
    connectAgain: () => openDb(url, { backgroundCheckpoint: false }),
    async drop() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://balai.test',
    OUTBOX_DIR: path.join(os.tmpdir(), 'balai-test-outbox'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'balai-no-web'),
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  testDb: TestDb;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { env?: Record<string, string>; mailer?: Mailer } = {},
): Promise<TestContext> {
  const testDb = await createTestDb();
  const app = await buildApp({
    config: testConfig(opts.env),
    db: testDb.db,
    logger: false,
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export const PASSWORD = 'rahasia-desa-123';
let passwordHash: Promise<string> | undefined;

let seq = 0;
/** A user written straight to the database (password PASSWORD), unique e-mail and NIK. */
export async function makeUser(
  db: Db,
  values: Partial<UserWrite> & { role?: 'ADMINISTRATOR' | 'WARGA' } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  seq += 1;
  const n = `${process.pid}${seq}`.slice(-6).padStart(6, '0');
  return insertUser(db.kysely, {
    name: `Warga Uji ${seq}`,
    email: `warga${seq}.${randomBytes(3).toString('hex')}@uji.desa.id`,
    nik: `3201${n}${String(seq).padStart(6, '0')}`.slice(0, 16),
    password_hash: await passwordHash,
    role: 'WARGA',
    ...values,
  });
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
