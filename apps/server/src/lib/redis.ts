/**
 * Redis for counts shared by several server processes (the request limits), built so that Redis
 * going away never takes the API with it (issue 19.3, docs/reliability.md "Redis going away").
 *
 * - Commands never wait for Redis: no offline queue (a command sent while disconnected fails at
 *   once), a short connect timeout, and a command timeout for a Redis that accepts connections
 *   but does not answer (stopped, overloaded).
 * - While Redis is away every count falls back to the process's own memory; the first failure of
 *   an outage is logged once as a warning, the return once as info.
 * - After a failed command Redis is left alone for a moment ({@link PAUSE_AFTER_FAILURE_MS}), so
 *   a Redis that hangs costs one request a command timeout now and then, not every request.
 * - ioredis reconnects by itself (every 0.1–1 s); once it is ready the counts are shared again.
 *   A connected Redis that answers again after failures is noticed by the next command or health
 *   check (PING).
 */
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** Connecting to Redis gives up after this long (then reconnects in the background). */
export const REDIS_CONNECT_TIMEOUT_MS = 500;
/** A command Redis has not answered within this long fails, and the count is made locally. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command, counts stay local this long before Redis is tried again. */
export const PAUSE_AFTER_FAILURE_MS = 1_000;

/** What `/api/health` and the log say while Redis is away. */
export const REDIS_DEGRADED_REASON =
  'Redis tidak dapat dihubungi: batas permintaan dihitung per proses sampai Redis kembali.';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisLink {
  client: Redis;
  /** Whether a command may be sent now (connected, and no failure in the last moment). */
  usable(): boolean;
  /** Reports a failed command: counts go local for a moment, and the outage is logged once. */
  failed(err: unknown): void;
  /** Reports a command Redis answered: after an outage, the return is logged once. */
  succeeded(): void;
  /**
   * `ok`, or `unavailable` while Redis is away (health). After a failure, a connected Redis is
   * asked (PING, within the command timeout) whether it answers again.
   */
  check(): Promise<'ok' | 'unavailable'>;
  close(): Promise<void>;
}

export function connectRedis(url: string, log: Log): RedisLink {
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(100 * times, 1_000),
    lazyConnect: false,
  });
  let away = false;
  let pausedUntil = 0;
  let closing = false;
  const goneAway = (err: unknown) => {
    if (away || closing) return;
    away = true;
    log.warn(
      { err: err instanceof Error ? { message: err.message } : err },
      'Redis unavailable: request limits are counted per process until it is back',
    );
  };
  const back = () => {
    pausedUntil = 0;
    if (!away) return;
    away = false;
    log.info({}, 'Redis is back: request limits are shared again');
  };
  const failed = (err: unknown) => {
    pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    goneAway(err);
  };
  client.on('ready', back);
  const readyWithin = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      client.once('ready', done);
    });
  // Without a listener ioredis prints every failed reconnection; one warning is enough.
  client.on('error', goneAway);
  client.on('close', () => goneAway(new Error('connection closed')));
  return {
    client,
    usable: () => client.status === 'ready' && Date.now() >= pausedUntil,
    failed,
    succeeded: () => {
      if (away) back();
    },
    async check() {
      // Just started and still connecting: give it the connect timeout before saying degraded.
      if (!away && client.status !== 'ready') await readyWithin(REDIS_CONNECT_TIMEOUT_MS);
      if (client.status !== 'ready') return 'unavailable';
      if (!away) return 'ok';
      try {
        await client.ping();
        back();
        return 'ok';
      } catch (err) {
        failed(err);
        return 'unavailable';
      }
    },
    async close() {
      closing = true;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type StoreMethod = (key: string, cb: Callback, timeWindow: number, max: number) => void;
interface Store {
  incr: StoreMethod;
  read: StoreMethod;
  child(routeOptions: object): Store;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  cache?: number;
}

// The plugin's own stores (CommonJS, without type declarations of their own).
const load = createRequire(import.meta.url);
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;

/**
 * A store for @fastify/rate-limit that counts in Redis while it answers and in the process's
 * memory while it does not. The two counts are separate: during an outage a limit applies per
 * process (from zero), and when Redis is back the shared count (which kept its own window) is
 * used again.
 */
export function fallbackStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    constructor(params: StoreParams, shared?: Store, local?: Store) {
      this.shared =
        shared ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, link.client, nameSpace);
      this.local =
        local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }
    private run(method: 'incr' | 'read', key: string, cb: Callback, window: number, max: number) {
      if (!link.usable()) return this.local[method](key, cb, window, max);
      this.shared[method](
        key,
        (err, result) => {
          if (!err) {
            link.succeeded();
            return cb(null, result);
          }
          link.failed(err);
          this.local[method](key, cb, window, max);
        },
        window,
        max,
      );
    }
    incr(key: string, cb: Callback, window: number, max: number) {
      this.run('incr', key, cb, window, max);
    }
    read(key: string, cb: Callback, window: number, max: number) {
      this.run('read', key, cb, window, max);
    }
    child(routeOptions: StoreParams) {
      return new FallbackStore(
        routeOptions,
        this.shared.child(routeOptions),
        this.local.child(routeOptions),
      );
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
