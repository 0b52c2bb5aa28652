/**
 * Issue 19.3 (docs/reliability.md "Redis going away"): two server instances count their limits
 * in one Redis — a redis-server of this test's own, on a free port, killed and stopped by its
 * pid, never the shared one. While it is away every request is answered at normal speed, the
 * limits count per process, the outage is logged once, `/api/health` says `degraded` with the
 * reason; once Redis is back the count is shared again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_DEGRADED_REASON } from '../src/lib/redis.ts';
import { freePort } from '../../../bench/proof/lib.ts';
import { privateRedis, type PrivateRedis } from '../../../bench/proof/private-redis.ts';
import { createTestDb, testConfig, type TestDb } from './helpers.ts';

const LIMIT = 6;
const TOO_MANY = /^Terlalu banyak permintaan\. Silakan coba lagi dalam \d+ detik\.$/;

interface Instance {
  app: FastifyInstance;
  logs: { level: number; msg: string }[];
}

describe('Redis going away', () => {
  let redis: PrivateRedis;
  let testDb: TestDb;
  const instances: Instance[] = [];

  beforeAll(async () => {
    redis = privateRedis(await freePort());
    await redis.start();
    testDb = await createTestDb();
    for (let i = 0; i < 2; i++) {
      const logs: Instance['logs'] = [];
      const stream = { write: (line: string) => void logs.push(JSON.parse(line)) };
      const app = await buildApp({
        config: testConfig({ REDIS_URL: redis.url, RATE_LIMIT_MAX: String(LIMIT) }),
        db: testDb.db,
        logger: loggerOptions('info', stream),
      });
      await app.ready();
      instances.push({ app, logs });
    }
  });
  afterAll(async () => {
    for (const { app } of instances) await app.close();
    await testDb?.drop();
    await redis?.kill();
  });

  /** One request from `address` to a path of no route (404 unless limited); status and time. */
  async function hit(instance: Instance, address: string) {
    const start = performance.now();
    const res = await instance.app.inject({
      method: 'GET',
      url: '/api/tidak-ada',
      remoteAddress: address,
    });
    const ms = performance.now() - start;
    if (res.statusCode === 429) expect(res.json().message).toMatch(TOO_MANY);
    return { status: res.statusCode, ms };
  }

  let healthChecks = 0;
  /** GET /api/health, each from an address of its own (the general limit counts health too). */
  async function health(instance: Instance) {
    const n = ++healthChecks;
    const start = performance.now();
    const res = await instance.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: `10.1.${n >> 8}.${n & 255}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { status: res.statusCode, body: res.json().data, ms: performance.now() - start };
  }

  /** LIMIT requests split over the two instances pass; one more on either is a 429. */
  async function expectShared(address: string) {
    const [a, b] = instances as [Instance, Instance];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await hit(i % 2 ? b : a, address)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(404));
    expect((await hit(a, address)).status).toBe(429);
    expect((await hit(b, address)).status).toBe(429);
  }

  /** Each instance lets LIMIT requests of `address` through on its own, then 429; all quick. */
  async function expectPerProcess(address: string, boundMs: number) {
    const times: number[] = [];
    for (const instance of instances) {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const { status, ms } = await hit(instance, address);
        statuses.push(status);
        times.push(ms);
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(404), 429]);
    }
    expect(Math.max(...times)).toBeLessThan(boundMs);
    return times;
  }

  const warnings = (instance: Instance) =>
    instance.logs.filter((l) => l.level === 40 && l.msg.startsWith('Redis unavailable'));
  const returns = (instance: Instance) =>
    instance.logs.filter((l) => l.level === 30 && l.msg.startsWith('Redis is back'));

  async function waitForRedis(state: 'ok' | 'unavailable') {
    for (let i = 0; i < 100; i++) {
      const all = await Promise.all(instances.map(health));
      if (all.every((h) => h.body.redis === state)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`health never said redis ${state}`);
  }

  it('counts in Redis while it is there; killed, answers at once and counts per process; shared again when back', async () => {
    await waitForRedis('ok');
    for (const instance of instances) {
      const h = await health(instance);
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ status: 'ok', redis: 'ok', reasons: [] });
    }
    await expectShared('10.0.0.1');

    // Counted from here: a start on a busy machine may already have logged a slow first connect.
    const before = instances.map((i) => [warnings(i).length, returns(i).length]);
    await redis.kill();
    const times = await expectPerProcess('10.0.0.2', 1_000);
    console.log(
      `redis killed: ${times.length} requests, slowest ${Math.max(...times).toFixed(1)} ms`,
    );
    for (const instance of instances) {
      const h = await health(instance);
      expect(h.status).toBe(200);
      expect(h.ms).toBeLessThan(1_000);
      expect(h.body).toMatchObject({
        status: 'degraded',
        redis: 'unavailable',
        reasons: [REDIS_DEGRADED_REASON],
      });
      expect(warnings(instance)).toHaveLength(before[instances.indexOf(instance)]![0]! + 1);
    }

    await redis.start();
    await waitForRedis('ok');
    for (const instance of instances) {
      expect((await health(instance)).body).toMatchObject({ status: 'ok', reasons: [] });
      const [warned, returned] = before[instances.indexOf(instance)]!;
      expect(returns(instance)).toHaveLength(returned! + 1);
      expect(warnings(instance)).toHaveLength(warned! + 1);
    }
    await expectShared('10.0.0.3');
  });

  it('a Redis that stops answering (SIGSTOP) costs a request at most the command timeout', async () => {
    const before = instances.map((i) => [warnings(i).length, returns(i).length]);
    redis.freeze();
    try {
      const times = await expectPerProcess('10.0.0.4', REDIS_COMMAND_TIMEOUT_MS + 1_000);
      console.log(
        `redis frozen: ${times.length} requests, slowest ${Math.max(...times).toFixed(1)} ms`,
      );
      for (const instance of instances) {
        const h = await health(instance);
        expect(h.status).toBe(200);
        expect(h.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1_000);
        expect(h.body).toMatchObject({ status: 'degraded', reasons: [REDIS_DEGRADED_REASON] });
        expect(warnings(instance)).toHaveLength(before[instances.indexOf(instance)]![0]! + 1);
      }
    } finally {
      redis.thaw();
    }
    await waitForRedis('ok');
    for (const [i, instance] of instances.entries())
      expect(returns(instance)).toHaveLength(before[i]![1]! + 1);
    await expectShared('10.0.0.5');
  });
});
