import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { createTestDb, makeUser, onPostgres, type TestDb } from './helpers.ts';
import { startFakeProvider } from './fake-provider.ts';
import {
  claimDue,
  createOutboxWorker,
  queueNotices,
  type OutboxOptions,
} from '../src/services/outbox.ts';
import { createProviders, type ProviderSettings } from '../src/services/notice-providers.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const OPTS: OutboxOptions = {
  maxTries: 3,
  firstPauseMs: 1,
  maxPauseMs: 10,
  leaseMs: 60_000,
  batch: 50,
  idleMs: 10,
};

let t: TestDb;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
let settings: ProviderSettings;
let userId: number;

beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeProvider();
  userId = (await makeUser(t.db)).id;
  settings = {
    waGatewayUrl: `${fake.url}/send`,
    waGatewayToken: 'token-uji',
    waCloudUrl: fake.url,
    waCloudLanguage: 'id',
    telegramApiUrl: fake.url,
    telegramBotToken: '123:abc',
    // Long enough for a loaded CI machine's first request to the local provider (a 300 ms limit
    // once timed out the first send); the hanging provider's test waits this long once.
    timeoutMs: 1000,
  };
});
afterAll(async () => {
  await fake.close();
  await t.drop();
});
beforeEach(async () => {
  await t.db.kysely.deleteFrom('notice_outbox').execute();
  fake.received.length = 0;
  fake.plan.length = 0;
});

const wa = (i: number) => ({
  userId,
  kind: 'test',
  channel: 'whatsapp' as const,
  recipient: '6281234567890',
  body: `pesan ${i}`,
});
const rows = () => t.db.kysely.selectFrom('notice_outbox').selectAll().orderBy('id').execute();
/** Makes every queued row due now (skips the pause a retry set). */
const dueNow = () =>
  t.db.kysely
    .updateTable('notice_outbox')
    .set({ next_attempt_at: new Date(0).toISOString() })
    .where('state', '=', 'queued')
    .execute();

describe('outbox delivery (issue 22)', () => {
  it('sends a WhatsApp notice in the gateway shape and marks it sent', async () => {
    await queueNotices(t.db.kysely, [wa(1)]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.received).toHaveLength(1);
    const [req] = fake.received;
    expect(req!.path).toBe('/send');
    expect(req!.headers.authorization).toBe('token-uji');
    expect(req!.fields).toEqual({ target: '6281234567890', message: 'pesan 1' });
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', tries: 1, last_error: null });
    expect(row!.sent_at).not.toBeNull();
    expect(await worker.runOnce()).toBe(0);
    expect(fake.received).toHaveLength(1);
  });

  it('sends a Telegram notice to the chat', async () => {
    await queueNotices(t.db.kysely, [{ ...wa(2), channel: 'telegram', recipient: '998877' }]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    await worker.runOnce();
    expect(fake.received[0]!.path).toBe('/bot123:abc/sendMessage');
    expect(fake.received[0]!.fields).toMatchObject({ chat_id: '998877', text: 'pesan 2' });
    expect((await rows())[0]!.state).toBe('sent');
  });

  it('retries a 500 with a growing pause, then marks it failed after maxTries', async () => {
    fake.plan.push({ status: 500 }, { status: 502 }, { status: 503 });
    await queueNotices(t.db.kysely, [wa(3)]);
    const worker = createOutboxWorker(
      t.db.kysely,
      createProviders(settings, null),
      { ...OPTS, firstPauseMs: 5_000, maxPauseMs: 60_000 },
      log,
    );
    const before = Date.now();
    await worker.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ state: 'queued', tries: 1 });
    expect(row!.last_error).toContain('500');
    const firstPause = Date.parse(row!.next_attempt_at) - before;
    expect(firstPause).toBeGreaterThanOrEqual(5_000);
    expect(await worker.runOnce()).toBe(0); // not due yet
    await dueNow();
    await worker.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ state: 'queued', tries: 2 });
    expect(Date.parse(row!.next_attempt_at) - Date.now()).toBeGreaterThan(firstPause + 4_000);
    await dueNow();
    await worker.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ state: 'failed', tries: 3 });
    expect(row!.last_error).toContain('503');
    await dueNow();
    expect(await worker.runOnce()).toBe(0);
    expect(fake.received).toHaveLength(3);
  });

  it('honours Retry-After on a 429', async () => {
    fake.plan.push({ status: 429, retryAfter: '120' });
    await queueNotices(t.db.kysely, [wa(4)]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    const before = Date.now();
    await worker.runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'queued', tries: 1 });
    expect(Date.parse(row!.next_attempt_at) - before).toBeGreaterThanOrEqual(120_000);
  });

  it('a 429 pauses the channel for its Retry-After, and the notice goes again then, not after the backoff', async () => {
    // Retry-After: 1 against a first backoff of 30 s: the provider is ready again in a second.
    fake.plan.push({ status: 429, retryAfter: '1' });
    await queueNotices(t.db.kysely, [wa(11), wa(12), wa(13)]);
    const worker = createOutboxWorker(
      t.db.kysely,
      createProviders(settings, null),
      { ...OPTS, firstPauseMs: 30_000, maxPauseMs: 600_000 },
      log,
    );
    const refusedAt = Date.now();
    await worker.runOnce();
    const [first, ...rest] = await rows();
    expect(first).toMatchObject({ state: 'queued', tries: 1 });
    const pause = Date.parse(first!.next_attempt_at) - refusedAt;
    expect(pause).toBeGreaterThanOrEqual(1_000);
    expect(pause).toBeLessThan(5_000);
    // The rest of the round waited out the second before it sent anything on the channel.
    expect(rest.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(fake.received).toHaveLength(3);
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_000);
    await new Promise((r) => setTimeout(r, Math.max(0, pause - (Date.now() - refusedAt)) + 20));
    await worker.runOnce();
    expect((await rows()).map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('hands the round back to the queue when a 429 asks for a long pause', async () => {
    fake.plan.push({ status: 429, retryAfter: '120' });
    await queueNotices(t.db.kysely, [wa(14), wa(15), wa(16)]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    const before = Date.now();
    await worker.runOnce();
    // One request: nothing more went to a provider that asked for two minutes.
    expect(fake.received).toHaveLength(1);
    const all = await rows();
    expect(all.map((r) => [r.state, r.tries])).toEqual([
      ['queued', 1],
      ['queued', 0],
      ['queued', 0],
    ]);
    for (const row of all) {
      expect(Date.parse(row.next_attempt_at) - before).toBeGreaterThanOrEqual(119_000);
    }
    expect(await worker.runOnce()).toBe(0);
  });

  it('spaces the sends of a channel by its least gap, with no burst after a quiet spell', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++)
      fake.plan.push({ status: 200, before: () => times.push(Date.now()) });
    await queueNotices(t.db.kysely, [wa(21), wa(22), wa(23)]);
    const worker = createOutboxWorker(
      t.db.kysely,
      createProviders(settings, null),
      { ...OPTS, minGapMs: { whatsapp: 100 } },
      log,
    );
    await worker.runOnce();
    // A quiet spell longer than a slot, then two more: they start a new timeline.
    await new Promise((r) => setTimeout(r, 300));
    await queueNotices(t.db.kysely, [wa(24), wa(25)]);
    await worker.runOnce();
    expect(times).toHaveLength(5);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    // Slots 100 ms apart (a timer may fire a millisecond early by the wall clock).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(98);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(198);
    expect((await rows()).every((r) => r.state === 'sent')).toBe(true);
  });

  it('treats a provider that hangs as a timeout to retry', async () => {
    fake.plan.push('hang');
    await queueNotices(t.db.kysely, [wa(5)]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    await worker.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ state: 'queued', tries: 1 });
    expect(row!.last_error).toContain('tidak menjawab dalam 1000 ms');
    await dueNow();
    await worker.runOnce();
    [row] = await rows();
    expect(row!.state).toBe('sent');
  });

  it('takes an answer that arrived while the process was busy past the timeout: not sent twice', async () => {
    // The provider takes the message and answers at once, while this process is held up (a long
    // synchronous piece of work) for longer than the timeout: the answer is waiting in the socket
    // when the loop comes back, and must be read before the timeout counts.
    fake.plan.push({
      status: 200,
      before: () => {
        const until = Date.now() + settings.timeoutMs + 300;
        while (Date.now() < until);
      },
    });
    await queueNotices(t.db.kysely, [wa(6)]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    await worker.runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', tries: 1, last_error: null });
    expect(fake.received).toHaveLength(1);
  });

  it('fails at once on a 4xx and on a channel not switched on', async () => {
    fake.plan.push({ status: 400 });
    await queueNotices(t.db.kysely, [wa(6), { ...wa(7), channel: 'whatsapp_cloud' }]);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    await worker.runOnce();
    const [a, b] = await rows();
    expect(a).toMatchObject({ state: 'failed', tries: 1 });
    expect(a!.last_error).toContain('400');
    expect(b).toMatchObject({
      state: 'failed',
      last_error: 'saluran whatsapp_cloud tidak diaktifkan',
    });
  });

  it('two processes on one database deliver each of 200 notices exactly once', async () => {
    await queueNotices(
      t.db.kysely,
      Array.from({ length: 200 }, (_, i) => wa(i)),
    );
    const other = t.connectAgain();
    try {
      const small = { ...OPTS, batch: 7 };
      const a = createOutboxWorker(t.db.kysely, createProviders(settings, null), small, log);
      const b = createOutboxWorker(other.kysely, createProviders(settings, null), small, log);
      // Both connections open before the race starts.
      await other.kysely.selectFrom('notice_outbox').select('id').limit(1).execute();
      const left = async () =>
        (
          await t.db.kysely
            .selectFrom('notice_outbox')
            .select('id')
            .where('state', 'in', ['queued', 'sending'])
            .execute()
        ).length;
      const drain = async (w: typeof a) => {
        let n = 0;
        while ((await left()) > 0) {
          const got = await w.runOnce();
          n += got;
          // Like the worker's idle pause: the other one's sends in flight need the event loop.
          if (got === 0) await new Promise((r) => setTimeout(r, 5));
        }
        return n;
      };
      const [na, nb] = await Promise.all([drain(a), drain(b)]);
      expect(na + nb).toBe(200);
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    const bodies = fake.received.map((r) => r.fields.message as string).sort();
    expect(bodies).toEqual(Array.from({ length: 200 }, (_, i) => `pesan ${i}`).sort());
    expect((await rows()).every((r) => r.state === 'sent' && r.tries === 1)).toBe(true);
  });

  it('a restart loses nothing: a row claimed by a stopped process is reclaimed after its lease', async () => {
    await queueNotices(t.db.kysely, [wa(1), wa(2)]);
    // A process claims both, then stops before sending (its lease is 50 ms).
    const claimed = await claimDue(t.db.kysely, 'w-stopped', { leaseMs: 50, batch: 10 });
    expect(claimed).toHaveLength(2);
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    expect(await worker.runOnce()).toBe(0); // still held
    await new Promise((r) => setTimeout(r, 80));
    expect(await worker.runOnce()).toBe(2);
    expect(fake.received.map((r) => r.fields.message)).toEqual(['pesan 1', 'pesan 2']);
    expect((await rows()).map((r) => [r.state, r.tries])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('writes an outcome the database refuses for a moment again, and does not send twice', async () => {
    // The worker's own connection gives up on a lock after ~100 ms (SQLite busy_timeout,
    // PostgreSQL lock_timeout); another connection locks the outbox for 600 ms at the moment
    // the provider has taken the message, as a second process writing would.
    const dbName = onPostgres ? new URL(t.url).pathname.slice(1) : '';
    if (onPostgres)
      await sql.raw(`alter database "${dbName}" set lock_timeout = '100ms'`).execute(t.db.kysely);
    const workerDb = t.connectAgain();
    if (!onPostgres) await sql`pragma busy_timeout = 100`.execute(workerDb.kysely);
    const locker = t.connectAgain();
    let released: Promise<unknown> | undefined;
    fake.plan.push({
      status: 200,
      before: async () => {
        if (onPostgres) {
          await sql`begin`.execute(locker.kysely);
          await sql`lock table notice_outbox in exclusive mode`.execute(locker.kysely);
        } else await sql`begin immediate`.execute(locker.kysely);
        released = new Promise((r) => setTimeout(r, 600)).then(() =>
          sql`commit`.execute(locker.kysely),
        );
      },
    });
    try {
      await queueNotices(t.db.kysely, [wa(4)]);
      const worker = createOutboxWorker(
        workerDb.kysely,
        createProviders(settings, null),
        OPTS,
        log,
      );
      expect(await worker.runOnce()).toBe(1);
      expect(released).toBeDefined();
      await released;
      expect((await rows())[0]).toMatchObject({ state: 'sent', tries: 1, last_error: null });
      expect(await worker.runOnce()).toBe(0);
      expect(fake.received).toHaveLength(1);
    } finally {
      await released?.catch(() => {});
      await locker.close();
      await workerDb.close();
      if (onPostgres)
        await sql.raw(`alter database "${dbName}" reset lock_timeout`).execute(t.db.kysely);
    }
  });

  it('sends a claimed row only while more than half its lease remains, and queues the rest again', async () => {
    // Two rows claimed together with a 200 ms lease; the provider takes 150 ms over the first,
    // so the second would go out with too little lease left for its settle to land before
    // another worker may claim it.
    fake.plan.push({ status: 200, before: () => new Promise((r) => setTimeout(r, 150)) });
    await queueNotices(t.db.kysely, [wa(1), wa(2)]);
    const worker = createOutboxWorker(
      t.db.kysely,
      createProviders(settings, null),
      { ...OPTS, leaseMs: 200 },
      log,
    );
    expect(await worker.runOnce()).toBe(2);
    expect(fake.received.map((r) => r.fields.message)).toEqual(['pesan 1']);
    expect((await rows()).map((r) => [r.state, r.tries, r.lease_until])).toEqual([
      ['sent', 1, null],
      ['queued', 0, null],
    ]);
    expect(await worker.runOnce()).toBe(1);
    expect(fake.received.map((r) => r.fields.message)).toEqual(['pesan 1', 'pesan 2']);
    expect((await rows()).map((r) => [r.state, r.tries])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a notice queued in a transaction that rolls back is never sent', async () => {
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await queueNotices(trx, [wa(9)]);
        throw new Error('the change failed');
      })
      .catch(() => {});
    const worker = createOutboxWorker(t.db.kysely, createProviders(settings, null), OPTS, log);
    expect(await worker.runOnce()).toBe(0);
    expect(await rows()).toHaveLength(0);
  });
});

afterEach(() => {
  fake.plan.length = 0;
});
