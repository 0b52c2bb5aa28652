import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { buildApp } from '../src/app.ts';
import { openDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { DATABASE_UNAVAILABLE } from '../src/plugins/errors.ts';
import { login, makeUser, onPostgres, PG_URL, testConfig } from './helpers.ts';
import { client, example } from './letter-helpers.ts';

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away from a bad statement', () => {
    const away = [
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ];
    for (const err of away) expect(isDatabaseUnavailable(err), err.message).toBe(true);
    const faults = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      Object.assign(new Error('SQLITE_BUSY'), { code: 'SQLITE_BUSY' }),
      new Error('Cannot read properties of undefined'),
      null,
      'Connection terminated',
    ];
    for (const err of faults) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

/**
 * A TCP relay between the server and PostgreSQL: `away()` cuts every connection and refuses new
 * ones (what the server sees when PostgreSQL is down), `back()` accepts them again. PostgreSQL
 * itself is the shared, real one; only this test's connections pass through the relay.
 */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(target);
        sockets.add(inbound).add(outbound);
        const end = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
        };
        inbound.on('error', end).on('close', end);
        outbound.on('error', end).on('close', end);
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    async away() {
      const s = server;
      server = null;
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    back: listen,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (onPostgres) {
  /**
   * docs/reliability.md: the server survives PostgreSQL dropping its connections. Requests
   * while the database is away answer 503 in Indonesian, /api/health says so, service resumes
   * by itself, and nothing is acknowledged that was not committed.
   */
  describe('PostgreSQL going away under load', () => {
    const kp = letterTypeByCode('kp')!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const applicationName = `balai_outage_${schema}`;
    const target = new URL(PG_URL);
    const pgRelay = relay({ host: target.hostname, port: Number(target.port || 5432) });
    let db: Db;
    let app: FastifyInstance;
    let admin: pg.Client;
    let asAdmin: ReturnType<typeof client>;
    /** Ids the server answered 201 for. */
    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
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

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await pgRelay.listen();
      const url = new URL(PG_URL);
      url.port = String(pgRelay.port);
      url.hostname = '127.0.0.1';
      url.searchParams.set('application_name', applicationName);
      db = openDb(url.toString(), { searchPath: schema, poolSize: 8 });
      await migrateToLatest(db.kysely);
      app = await buildApp({
        config: testConfig({ RATE_LIMIT_MAX: '0' }),
        db,
        logger: false,
      });
      await app.ready();
      const officer = await makeUser(db, { role: 'ADMINISTRATOR' });
      asAdmin = client(app, await login(app, officer.email));
    });
    afterAll(async () => {
      await app?.close();
      await db?.close().catch(() => {});
      await pgRelay.away();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    /** Submissions, `workers` at a time, until `stop()`; every answer's status is counted. */
    function load(workers: number) {
      let running = true;
      const loops = Array.from({ length: workers }, async () => {
        while (running) {
          const res = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 201) acknowledged.push(res.json().data.id as number);
          else if (res.statusCode === 503) {
            expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
            await sleep(20);
          } else throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
        }
      });
      return async () => {
        running = false;
        await Promise.all(loops);
      };
    }

    async function terminateOurBackends(): Promise<number> {
      const r = await admin.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()`,
        [applicationName],
      );
      return r.rowCount ?? 0;
    }

    async function untilHealthy(limitMs: number): Promise<number> {
      const start = Date.now();
      for (;;) {
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        if (res.statusCode === 200) return Date.now() - start;
        if (Date.now() - start > limitMs) throw new Error(`still ${res.statusCode}: ${res.body}`);
        await sleep(100);
      }
    }

    it('survives pg_terminate_backend of its connections during submissions', async () => {
      const stop = load(6);
      let terminated = 0;
      for (let i = 0; i < 5; i++) {
        await sleep(250);
        terminated += await terminateOurBackends();
      }
      await sleep(250);
      await stop();
      expect(terminated).toBeGreaterThan(0);
      console.log(
        `outage: ${terminated} connections terminated; answers so far ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(statuses.get(201)).toBeGreaterThan(10);
      // Service is back (the pool connects again on demand), without a restart.
      expect(await untilHealthy(5_000)).toBeLessThan(5_000);
      const res = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
      expect(res.statusCode, res.body).toBe(201);
      acknowledged.push(res.json().data.id as number);
    });

    it('answers 503 in Indonesian while the database is away, and resumes when it is back', async () => {
      const stop = load(4);
      await sleep(300);
      await pgRelay.away();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(health.headers['retry-after']).toBe('5');
      const list = await asAdmin('GET', `${kp.base}?page=1`);
      expect(list.statusCode, list.body).toBe(503);
      expect(list.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      const refused = statuses.get(503) ?? 0;
      await sleep(800);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(refused);

      await pgRelay.back();
      const resumedMs = await untilHealthy(10_000);
      expect(resumedMs).toBeLessThan(10_000);
      console.log(`outage: healthy ${resumedMs} ms after the database was back`);
      await sleep(300);
      await stop();
      const res = await asAdmin('POST', kp.base, { ...example('kp'), applicant });
      expect(res.statusCode, res.body).toBe(201);
      acknowledged.push(res.json().data.id as number);
    });

    it('stored every request it acknowledged, each once', async () => {
      const rows = await admin.query<{ id: number }>(
        `select id from ${schema}.letter_requests where id = any($1::int[])`,
        [acknowledged],
      );
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      expect(rows.rowCount).toBe(acknowledged.length);
      // Only 201 and 503 were ever answered (load() throws on anything else).
      expect([...statuses.keys()].sort()).toEqual([201, 503]);
    });
  });
}
