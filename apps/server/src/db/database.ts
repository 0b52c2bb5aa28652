import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { SqliteDialectKeepingErrors } from './sqlite-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** SQLite only: the database file (`:memory:` for an in-memory one). */
  file?: string;
  close(): Promise<void>;
}

// COUNT(*) and BIGSERIAL come back from pg as strings; our ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpenDbOptions {
  /** PostgreSQL only: the schema to use as search_path (tests give each file its own). */
  searchPath?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /**
   * PostgreSQL only: bound every statement, as the server does for requests (issue 19.6): the
   * database cancels one after {@link STATEMENT_TIMEOUT_MS}, and a query PostgreSQL does not
   * answer at all (frozen, its host gone) fails after {@link QUERY_TIMEOUT_MS}, its connection
   * dropped — either way the request is answered 503. Off by default: migrations, seeding, the
   * command-line tools and benches may run statements longer than that.
   */
  requestTimeouts?: boolean;
  /**
   * SQLite file only: checkpoint the WAL from a worker thread (default), not inside a request's
   * commit. `false` leaves it to SQLite's automatic checkpoints.
   */
  backgroundCheckpoint?: boolean;
}

/**
 * The worker checkpoints when the writer has just committed (see {@link notifyCommitted}), and
 * in any case this often, for the commits nobody reports (logins, status changes).
 */
const CHECKPOINT_EVERY_MS = 500;
/**
 * With the worker running, SQLite's own checkpoint (in whichever connection commits past this
 * many WAL pages, about 200 MB) is only a safety net, should the worker fall behind or be gone.
 * Fifty submissions write about 550 pages; at 10,000 pages a sustained burst still crossed the
 * mark every twenty batches and that commit stalled the event loop for ~90 ms, copying the WAL.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 50_000;

/**
 * By default SQLite copies the WAL back into the database (a checkpoint, with its own fsyncs
 * under synchronous=FULL) inside the commit that crosses 1,000 WAL pages: the request that
 * commits it waits, and so does every other request, since better-sqlite3 runs on the event
 * loop. A worker thread with its own connection runs PASSIVE checkpoints instead: they never
 * block the writer or readers, and durability is unchanged (a commit is durable once its WAL
 * frames are synced, before anyone is answered).
 *
 * When it checkpoints matters as much (ADR 0010). SQLite starts the WAL file over, overwriting
 * it from the top, only when a write begins after a checkpoint has copied every frame. On a
 * timer, under a steady stream of submissions, a commit nearly always landed while the
 * checkpoint ran: the WAL never started over and grew by ~15,000 pages a second, every commit
 * appended to a growing file (whose fsync also commits the file system's journal), and each
 * checkpoint flushed half a second of pages at once, slowing the commits beside it (a batch of
 * fifty: 6.2 ms on average, bursts up to 93 ms). So the writer reports each commit and the
 * worker checkpoints at once, in the gap before the next commit: the WAL stays under ~2,000
 * pages and starts over, and the same batch commits in 3.5 ms. A shared flag keeps it to one
 * report in flight, so a busy writer sends no flood of messages. Plain JavaScript evaluated in
 * the worker, so it runs the same under tsx, vitest and plain node.
 */
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 1000');
const asked = new Int32Array(workerData.asked);
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: next time */ }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'committed') {
    checkpoint();
    Atomics.store(asked, 0, 0);
    return;
  }
  clearInterval(timer);
  try { db.close(); } catch { /* closing anyway */ }
  parentPort.close();
});
`;

interface Checkpointer {
  /** The writer has committed: checkpoint now, unless a checkpoint is already asked for. */
  committed(): void;
  stop(): Promise<void>;
}

function startCheckpointer(file: string): Checkpointer {
  const asked = new SharedArrayBuffer(4);
  const flag = new Int32Array(asked);
  const worker = new Worker(CHECKPOINT_WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      everyMs: CHECKPOINT_EVERY_MS,
      asked,
    },
  });
  // A checkpointer must never keep the process alive or take it down; should it fail,
  // SQLite's own checkpoint (FALLBACK_AUTOCHECKPOINT_PAGES) takes over.
  worker.unref();
  worker.on('error', () => {});
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  let closing = false;
  return {
    committed() {
      if (exited) return;
      if (Atomics.compareExchange(flag, 0, 0, 1) === 0) worker.postMessage('committed');
    },
    // Resolves once the worker is gone, also when it had already failed and exited.
    stop() {
      if (!exited && !closing) {
        closing = true;
        worker.ref(); // until it has closed its connection
        worker.postMessage('close');
      }
      return exit;
    },
  };
}

const checkpointers = new WeakMap<Kysely<Database>, Checkpointer>();

/**
 * Tells the checkpoint worker of `db` (if it has one) that a write transaction has just
 * committed. Called by the group commit after each batch; cheap enough to call after any commit.
 */
export function notifyCommitted(db: Kysely<Database>): void {
  checkpointers.get(db)?.committed();
}

/**
 * better-sqlite3 compiles SQL on every prepare(), and Kysely prepares each query it runs; most
 * of a simple request's time went there. Kysely's SQL text is stable per query shape, so
 * compiled statements are kept and reused (bounded, in case of unusual dynamic SQL).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= 2000) cache.clear();
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * SQL texts PostgreSQL runs as named prepared statements: parsed, analysed and planned once per
 * connection rather than on every call. Kysely sends every query as an unnamed statement; for
 * the submission's one statement of five inserts that planning was 0.5 of 0.8 ms of the
 * backend's CPU. Only for fixed texts whose best plan does not depend on the values (inserts);
 * lists and searches stay planned per call with their values.
 */
const preparedNames = new Map<string, string>();

/** Registers `text` to run as the prepared statement `name` on PostgreSQL; returns the text. */
export function preparedOnPostgres(name: string, text: string): string {
  const taken = [...preparedNames].find(([t, n]) => n === name && t !== text);
  if (taken) throw new Error(`prepared statement name ${name} used for two texts`);
  preparedNames.set(text, name);
  return text;
}

/** PostgreSQL cancels a request's statement that runs longer than this (57014, answered 503). */
export const STATEMENT_TIMEOUT_MS = 4_000;
/**
 * A request's query PostgreSQL has not answered within this long — frozen (SIGSTOP, a stalled
 * disk or host), so its own statement_timeout cannot fire — fails, and its connection is closed:
 * whatever it was waiting for may still arrive, and the next query must not be queued behind it.
 */
export const QUERY_TIMEOUT_MS = 5_000;

/** What a query that got no answer within {@link QUERY_TIMEOUT_MS} fails with (a 503). */
export class QueryTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`Query read timeout: PostgreSQL did not answer within ${ms} ms`);
  }
}

interface PreparingClientConfig extends pg.ClientConfig {
  /** {@link QUERY_TIMEOUT_MS} for a pool with `requestTimeouts`, else 0 (no bound). */
  balaiQueryTimeoutMs?: number;
}

/**
 * A pg client that sends the registered texts by name (pg prepares each once per connection)
 * and, with a query timeout, bounds how long a query waits for PostgreSQL's answer.
 */
class PreparingClient extends pg.Client {
  readonly queryTimeoutMs: number;
  constructor(config: PreparingClientConfig = {}) {
    super(config);
    this.queryTimeoutMs = config.balaiQueryTimeoutMs ?? 0;
  }
}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
function sendQuery(client: pg.Client, args: unknown[]): unknown {
  const [text, values] = args;
  const name = typeof text === 'string' ? preparedNames.get(text) : undefined;
  if (name !== undefined && args.length === 2 && Array.isArray(values)) {
    return plainQuery.call(client, { name, text, values });
  }
  return plainQuery.apply(client, args);
}
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const result = sendQuery(this, args);
  const ms = this.queryTimeoutMs;
  // Kysely's queries are promises; a cursor (a stream) is left to statement_timeout.
  if (!ms || !(result instanceof Promise)) return result;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // pg fails the query with "Connection terminated"; the pool drops the client on release.
    (
      this as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
  }, ms);
  return result.then(
    (value: unknown) => {
      clearTimeout(timer);
      return value;
    },
    (err: unknown) => {
      clearTimeout(timer);
      throw timedOut ? new QueryTimeoutError(ms) : err;
    },
  );
} as typeof pg.Client.prototype.query;

/**
 * Whether `db` is the embedded SQLite (otherwise PostgreSQL), for the few statements written per
 * database. (Migrations have their own frozen `isPostgres`.)
 */
export const isSqlite = (db: Kysely<Database>): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

/** Opens the database a DATABASE_URL names: `file:PATH` is embedded SQLite, `postgres://` is PostgreSQL. */
export function openDb(url: string, options: OpenDbOptions = {}): Db {
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const background = file !== ':memory:' && options.backgroundCheckpoint !== false;
    if (background) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    const checkpointer = background ? startCheckpointer(file) : undefined;
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialectKeepingErrors({ database: withStatementCache(sqlite) }, sqlite),
    });
    if (checkpointer) checkpointers.set(kysely, checkpointer);
    return {
      kysely,
      dialect: 'sqlite',
      file,
      close: async () => {
        await checkpointer?.stop();
        await kysely.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    Client: PreparingClient,
    max: options.poolSize ?? 10,
    // While PostgreSQL is away a request waits at most this long for a connection, then is
    // answered 503 (plugins/errors.ts) instead of piling up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    ...(options.requestTimeouts
      ? { statement_timeout: STATEMENT_TIMEOUT_MS, balaiQueryTimeoutMs: QUERY_TIMEOUT_MS }
      : {}),
  } satisfies pg.PoolConfig & PreparingClientConfig);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const report = (err: Error) => reportConnectionError(kysely, err);
  // PostgreSQL going away (shut down, restarted, crashed, pg_terminate_backend) makes pg emit
  // 'error' on its clients; an EventEmitter's 'error' without a listener ends the process
  // (docs/reliability.md). An idle client's error reaches the pool, which drops the client;
  // a checked-out client's error fails its query (the request answers 503) and the pool drops
  // the client when it comes back unusable. New connections are made on demand, so service
  // resumes as soon as the database accepts them again, without a restart.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

type ConnectionErrorListener = (err: Error) => void;
const connectionErrorListeners = new WeakMap<Kysely<Database>, Set<ConnectionErrorListener>>();

/**
 * Listens to the connection errors of `db` (a PostgreSQL connection lost), e.g. to log them;
 * returns the function that stops listening. Without a listener they go to stderr.
 */
export function onConnectionError(
  db: Kysely<Database>,
  listener: ConnectionErrorListener,
): () => void {
  let set = connectionErrorListeners.get(db);
  if (!set) connectionErrorListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

function reportConnectionError(db: Kysely<Database>, err: Error): void {
  const listeners = connectionErrorListeners.get(db);
  if (!listeners || listeners.size === 0) {
    console.error(`Balai: koneksi basis data terputus: ${err.message}`);
    return;
  }
  for (const listener of listeners) listener(err);
}
