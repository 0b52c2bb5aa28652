/**
 * Issue 19.6 (docs/reliability.md "A frozen PostgreSQL"): PostgreSQL that stops answering — a
 * cluster of this test's own (bench/proof/private-postgres.ts) whose postmaster and backends get
 * SIGSTOP, never the shared server — holds no request longer than about 5 s: each is answered
 * 503 in Indonesian, and service resumes when it answers again. A statement that runs too long
 * is cancelled by PostgreSQL (statement_timeout), while a pool without the requests' bounds
 * (migrations, seeding, the command-line tools) keeps running long statements.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { buildApp } from '../src/app.ts';
import {
  openDb,
  QUERY_TIMEOUT_MS,
  QueryTimeoutError,
  STATEMENT_TIMEOUT_MS,
  type Db,
} from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { DATABASE_UNAVAILABLE } from '../src/plugins/errors.ts';
import { freePort } from '../../../bench/proof/lib.ts';
import { createCluster, type PrivateCluster } from '../../../bench/proof/private-postgres.ts';
import { login, makeUser, onPostgres, testConfig } from './helpers.ts';
import { client, example } from './letter-helpers.ts';

const kp = letterTypeByCode('kp')!;
const applicant = {
  name: 'Siti Aminah',
  nik: '3201014101850002',
  birth_place: 'Bogor',
  birth_date: '1985-01-01',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Pedagang',
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Kampung Babakan No. 9',
};

// What a frozen database's errors become, on either run: a cancelled statement (57014) and a
// query the client gave up on (ETIMEDOUT) are "away", answered 503 like an outage.
describe('a bounded query that ran out of time', () => {
  it('counts as the database being away, not as a bad statement', () => {
    expect(isDatabaseUnavailable({ code: '57014', message: 'canceling statement' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'ETIMEDOUT', message: 'Query read timeout' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '42601', message: 'syntax error' })).toBe(false);
  });
});

if (onPostgres) {
  describe('a frozen PostgreSQL', () => {
    let cluster: PrivateCluster;
    let db: Db;
    /** The same database without the requests' bounds (what migrations and the CLI use). */
    let unbounded: Db;
    let app: FastifyInstance;
    let asAdmin: ReturnType<typeof client>;

    beforeAll(async () => {
      cluster = createCluster(await freePort());
      cluster.start();
      const c = new pg.Client({ connectionString: cluster.url('postgres') });
      await c.connect();
      await c.query('create database balai');
      await c.end();
      unbounded = openDb(cluster.url('balai'), { poolSize: 2 });
      await migrateToLatest(unbounded.kysely);
      db = openDb(cluster.url('balai'), { poolSize: 4, requestTimeouts: true });
      app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '0' }), db, logger: false });
      await app.ready();
      const officer = await makeUser(db, { role: 'ADMINISTRATOR' });
      asAdmin = client(app, await login(app, officer.email));
    }, 120_000);
    afterAll(async () => {
      cluster?.thaw();
      await app?.close();
      await db?.close().catch(() => {});
      await unbounded?.close().catch(() => {});
      cluster?.remove();
    });

    it('cancels a statement longer than the bound; the pool without bounds runs it', async () => {
      const start = performance.now();
      const err = await sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS + 1_500) / 1000})`
        .execute(db.kysely)
        .then(
          () => null,
          (e: unknown) => e,
        );
      const ms = performance.now() - start;
      expect(err).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
      // The connection is still good: the next statement on the same pool answers.
      await sql`select 1`.execute(db.kysely);
      const long = await sql<{ ok: number }>`select 1 as ok from pg_sleep(${
        (STATEMENT_TIMEOUT_MS + 500) / 1000
      })`.execute(unbounded.kysely);
      expect(long.rows).toEqual([{ ok: 1 }]);
    });

    it('answers 503 within about 5 s while frozen, and serves again when it thaws', async () => {
      const warm = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
      expect(warm.statusCode, warm.body).toBe(201);

      const pids = cluster.freeze();
      expect(pids.length).toBeGreaterThan(1);
      // The control: a query without the bound waits as long as PostgreSQL is frozen.
      let unboundedDone = false;
      const waiting = sql`select 1`.execute(unbounded.kysely).finally(() => (unboundedDone = true));
      const timed = async (send: () => ReturnType<typeof asAdmin>) => {
        const start = performance.now();
        const res = await send();
        return { res, ms: performance.now() - start };
      };
      // More requests than the pool has connections: some wait for a connection, some for an
      // answer on one; every one is answered.
      const answers = await Promise.all([
        timed(() => app.inject({ method: 'GET', url: '/api/health' })),
        timed(() => asAdmin('GET', `${kp.base}?page=1`)),
        ...Array.from({ length: 6 }, () =>
          timed(() => asAdmin('POST', kp.base, { ...example('kp'), applicant })),
        ),
      ]);
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(
        `frozen: ${answers.length} requests answered ${answers.map((a) => a.res.statusCode).join(',')}, slowest ${Math.round(slowest)} ms`,
      );
      for (const { res } of answers) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
        expect(res.headers['retry-after']).toBe('5');
      }
      expect(slowest).toBeLessThan(QUERY_TIMEOUT_MS + 1_500);
      expect(unboundedDone).toBe(false);

      cluster.thaw();
      await waiting;
      const start = Date.now();
      let health = 0;
      while (Date.now() - start < 10_000) {
        health = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
        if (health === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(health).toBe(200);
      const after = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
      expect(after.statusCode, after.body).toBe(201);
    });

    it('a query without an answer fails as unavailable', () => {
      const err = new QueryTimeoutError(QUERY_TIMEOUT_MS);
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(err.message).toContain(String(QUERY_TIMEOUT_MS));
    });
  });
}
