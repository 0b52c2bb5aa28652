// Issue 22's notice figures, on SQLite and PostgreSQL, through the real server over HTTP:
// - a burst of NOTICES_BENCH_LETTERS (10,000) issued letters queues one WhatsApp notice each;
//   the outbox delivers them to a local fake gateway (a real HTTP server that allows
//   NOTICES_BENCH_RATE messages a second, 50 by default, and answers 429 with Retry-After: 1
//   above it) at that rate, each exactly once;
// - the letter's issuing time p95 with notices off (no WhatsApp configured, no resident with a
//   number) and on (every resident with a confirmed number, the server's worker delivering
//   while the burst goes on): issuing must not grow. Letters are issued as the office does,
//   over HTTP (the desk's PUT with status completed: status, number, PDF, archive, notices,
//   audit in one transaction), so the server that issues is the one whose worker delivers, as in
//   production. NOTICES_BENCH_ISSUE=process issues in the bench's own process instead (a second
//   writer: on SQLite the worker then waits for the write lock through the burst).
// The requests are filed over HTTP (one per resident) and copied in the database up to the
// letters needed. The delivery figures include what arrived during the burst, the rate after
// it and the pauses between messages.
//
//   npm run bench -- notices     (NOTICES_BENCH_LETTERS, NOTICES_BENCH_RATE, BENCH_DB=sqlite,
//                                 NOTICES_BENCH_ISSUE, NOTICES_BENCH_LOG)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { LETTER_EXAMPLES } from '../packages/domain/src/testing/letter-examples.ts';
import { LETTER_TYPES } from '../packages/domain/src/index.ts';
import { openDb } from '../apps/server/src/db/database.ts';
import { warmUpLetterPdf } from '../apps/server/src/letters/pdf/index.ts';
import { changeLetterRequest, type Actor } from '../apps/server/src/letters/workflow.ts';
import { findUserById } from '../apps/server/src/repositories/users.ts';
import {
  freshDatabaseUrl,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
} from './lib.ts';

const LETTERS = Number(process.env.NOTICES_BENCH_LETTERS ?? 10_000);
const RATE = Number(process.env.NOTICES_BENCH_RATE ?? 50);
const GAP_MS = Math.ceil((1000 / RATE) * 1.05);
/** Letters issued with notices off (the "before" figure). */
const OFF_LETTERS = Math.min(1_000, LETTERS);
const RESIDENTS = 200;
// The letters bench's village (settings, logo, administrator, residents with profiles), with
// no requests: its scale is read from the environment when its modules load.
process.env.BENCH_REQUESTS = '0';
process.env.BENCH_RESIDENTS = String(RESIDENTS);
const { fill } = await import('./letters/fill.ts');
const { ADMIN, PASSWORD, PUBLIC_URL, percentile, round, token } =
  await import('./letters/config.ts');

/**
 * A WhatsApp gateway in Fonnte's shape that allows `rate` messages in any second, in its own
 * thread (bench/notices-gateway.mjs). Times are epoch milliseconds.
 */
async function fakeGateway(rate: number) {
  const worker = new Worker(new URL('./notices-gateway.mjs', import.meta.url), {
    workerData: { rate, token: 'bench-token' },
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const report = () =>
    new Promise<{
      accepted: number[];
      arrivals: [string, number[]][];
      refused: number;
      bad: number;
    }>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('report');
    });
  return {
    url: `http://127.0.0.1:${port}/send`,
    report,
    close: () => worker.terminate(),
  };
}

async function call(base: string, bearer: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: { id: number } };
}

/** Arrivals a second after `from` (epoch ms), from the first arrival after it to the last. */
function afterRate(accepted: number[], from: number): number {
  const after = accepted.filter((a) => a > from);
  return after.length > 1 ? (after.length - 1) / ((after.at(-1)! - after[0]!) / 1000) : 0;
}

/** The pauses between consecutive arrivals after `from`: median, p90, p99, longest (ms). */
function gaps(accepted: number[], from: number) {
  const after = accepted.filter((a) => a > from);
  const d = after
    .slice(1)
    .map((a, i) => a - after[i]!)
    .sort((a, b) => a - b);
  const at = (q: number) => round(d[Math.min(d.length - 1, Math.floor(q * d.length))] ?? 0);
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), max: round(d.at(-1) ?? 0) };
}

const summary = (times: number[]) => ({
  letters: times.length,
  median_ms: round(percentile(times, 50)),
  p95_ms: round(percentile(times, 95)),
  p99_ms: round(percentile(times, 99)),
});

const base = (port: number) => `http://127.0.0.1:${port}`;
const KP = '/api/incomes-statement';

/** Copies the template requests (in process) until there are `total`, with their search terms. */
async function cloneRequests(url: string, templates: number[], total: number): Promise<number[]> {
  const db = openDb(url, { backgroundCheckpoint: false });
  const rows = await db.kysely
    .selectFrom('letter_requests')
    .selectAll()
    .where('id', 'in', templates)
    .execute();
  const terms = await db.kysely
    .selectFrom('letter_search_terms')
    .selectAll()
    .where('letter_request_id', 'in', templates)
    .execute();
  const ids = [...templates];
  while (ids.length < total) {
    const batch = rows.slice(0, Math.min(rows.length, total - ids.length));
    const added = await db.kysely
      .insertInto('letter_requests')
      .values(
        batch.map(({ id: _id, ...r }) => ({
          ...r,
          idempotency_key: null,
          register_event_id: null,
          verify_token: randomBytes(16).toString('hex'),
        })),
      )
      .returning('id')
      .execute();
    const copies = added.flatMap(({ id }, i) =>
      terms
        .filter((t) => t.letter_request_id === batch[i]!.id)
        .map((t) => ({ ...t, letter_request_id: Number(id) })),
    );
    for (let i = 0; i < copies.length; i += 1_000)
      await db.kysely
        .insertInto('letter_search_terms')
        .values(copies.slice(i, i + 1_000))
        .execute();
    ids.push(...added.map((a) => Number(a.id)));
  }
  await db.close();
  return ids;
}

/** Issues each request through the real path (status, number, PDF, archive, notices, audit). */
async function issue(url: string, ids: number[]): Promise<number[]> {
  const db = openDb(url);
  warmUpLetterPdf();
  const admin = await findUserById(db.kysely, 1);
  if (!admin) throw new Error('no administrator');
  const actor: Actor = { user: admin, ip: '127.0.0.1' };
  const deps = { db: db.kysely, publicUrl: PUBLIC_URL };
  const kp = LETTER_TYPES.find((t) => t.code === 'kp')!;
  const times: number[] = [];
  for (const [i, id] of ids.entries()) {
    const t0 = performance.now();
    await changeLetterRequest(deps, kp, actor, id, { fields: {}, status: 'completed' });
    // The first few warm the statement caches and the logo; they are not counted.
    if (i >= 10) times.push(performance.now() - t0);
  }
  await db.close();
  return times.sort((a, b) => a - b);
}

/**
 * Issues each request through the server over HTTP, as the office does (the desk's PUT with
 * status completed): the same process runs the outbox worker, as in production. Times include
 * the HTTP round trip.
 */
async function issueOverHttp(base: string, ids: number[]): Promise<number[]> {
  const admin = await token(base, ADMIN.email, ADMIN.password);
  const times: number[] = [];
  for (const [i, id] of ids.entries()) {
    const t0 = performance.now();
    await call(base, admin, 'PUT', `${KP}/${id}`, { status: 'completed' });
    if (i >= 10) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** NOTICES_BENCH_ISSUE=process: issue in the bench's own process (a second writer). */
const issueIn = process.env.NOTICES_BENCH_ISSUE === 'process' ? 'process' : 'http';
const issueWith = (url: string, base: string, ids: number[]) =>
  issueIn === 'http' ? issueOverHttp(base, ids) : issue(url, ids);

async function run(kind: 'sqlite' | 'postgres') {
  const url = await freshDatabaseUrl(kind, 'notices');
  await fill(kind, url);
  const port = 3221;
  // Paced 5 % under the gateway's rate, as docs/operations.md advises: messages leave evenly
  // spaced but arrive with some jitter, and the gateway refuses (429) one that comes early; at
  // exactly its rate 25 of 10,000 were refused, each pausing the channel for its Retry-After.
  const common = { DATABASE_URL: url, PUBLIC_URL, WA_MIN_GAP_MS: String(GAP_MS) };

  // Notices off (no WhatsApp configured, no resident with a number; the server runs, idle): each
  // resident files one request, put in process, copied up to the letters needed; OFF_LETTERS
  // of them are issued.
  let server = await startServer(common, port);
  let ids: number[];
  let off: ReturnType<typeof summary>;
  try {
    const admin = await token(base(port), ADMIN.email, ADMIN.password);
    const t0 = performance.now();
    const templates: number[] = [];
    for (let i = 0; i < RESIDENTS; i++) {
      const resident = await token(base(port), `warga${i}@bench.desa.id`, PASSWORD);
      const { data } = await call(base(port), resident, 'POST', KP, LETTER_EXAMPLES.kp);
      await call(base(port), admin, 'PUT', `${KP}/${data.id}`, { status: 'processing' });
      templates.push(data.id);
    }
    ids = await cloneRequests(url, templates, LETTERS + OFF_LETTERS);
    console.log(
      `${kind}: ${ids.length} requests in process in ${round((performance.now() - t0) / 1000)} s`,
    );
    off = summary(await issueWith(url, base(port), ids.slice(LETTERS)));
    console.log(`${kind}: issuing with notices off`, off);
  } finally {
    await stopServer(server);
  }

  // Every resident has a confirmed WhatsApp number; the gateway is switched on.
  const db = openDb(url, { backgroundCheckpoint: false });
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('notice_channels')
    .values(
      Array.from({ length: RESIDENTS }, (_, i) => ({
        user_id: i + 2,
        channel: 'whatsapp' as const,
        address: `62812${String(i).padStart(8, '0')}`,
        confirmed_at: now,
        code_hash: null,
        code_expires_at: null,
        code_tries: 0,
        stop_told: 1,
        updated_at: now,
      })),
    )
    .execute();
  const before = Number(
    (
      await db.kysely
        .selectFrom('notice_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel', '=', 'whatsapp')
        .executeTakeFirstOrThrow()
    ).n,
  );
  await db.close();

  const gateway = await fakeGateway(RATE);
  // NOTICES_BENCH_LOG=file: the delivering server's warnings (a failed round, a failed notice).
  const logFd = process.env.NOTICES_BENCH_LOG
    ? fs.openSync(process.env.NOTICES_BENCH_LOG, 'w')
    : undefined;
  server = await startServer(
    { ...common, WA_GATEWAY_URL: gateway.url, WA_GATEWAY_TOKEN: 'bench-token' },
    port,
    { stdout: logFd },
  );
  try {
    // The burst: every letter issued one after another while the server's worker delivers.
    const t0 = performance.now();
    const t0Epoch = Date.now();
    const on = summary(await issueWith(url, base(port), ids.slice(0, LETTERS)));
    const burstS = (performance.now() - t0) / 1000;
    const burstEnd = Date.now();
    console.log(`${kind}: issuing with notices on (${round(burstS)} s)`, on);
    // Bounded: twice the time the allowed rate needs after the burst, and a minute.
    const limit = performance.now() + ((2 * LETTERS) / RATE + 60) * 1000;
    let got = await gateway.report();
    while (got.accepted.length < LETTERS && performance.now() < limit) {
      await new Promise((r) => setTimeout(r, 500));
      got = await gateway.report();
    }
    await new Promise((r) => setTimeout(r, 1_000)); // anything sent twice arrives too
    got = await gateway.report();
    const { accepted } = got;
    const deliveryS = accepted.length ? (accepted.at(-1)! - accepted[0]!) / 1000 : 0;
    // The most messages the gateway accepted in any one second.
    let peak = 0;
    for (let i = 0, j = 0; i < accepted.length; i++) {
      while (accepted[i]! - accepted[j]! >= 1000) j++;
      peak = Math.max(peak, i - j + 1);
    }
    const check = openDb(url, { backgroundCheckpoint: false });
    const states = await check.kysely
      .selectFrom('notice_outbox')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('channel', '=', 'whatsapp')
      .groupBy('state')
      .execute();
    await check.close();
    const twice = got.arrivals.filter(([, times]) => times.length > 1);
    const duplicates = twice.length;
    if (duplicates)
      console.log(
        `${kind}: sent more than once (reference: arrivals, s after the burst began)`,
        twice.map(([ref, t]) => `${ref}: ${t.map((x) => round((x - t0Epoch) / 1000)).join(', ')}`),
      );
    const delivered = {
      queued_before: before,
      notices: LETTERS,
      accepted: accepted.length,
      distinct_letters: got.arrivals.length,
      duplicates,
      refused_429: got.refused,
      bad_requests: got.bad,
      allowed_per_s: RATE,
      paced_per_s: round(1000 / GAP_MS),
      peak_per_s: peak,
      delivery_s: round(deliveryS),
      delivered_per_s: round(deliveryS ? (accepted.length - 1) / deliveryS : 0),
      // While the burst went on (the worker shares the database with the issuing), and after.
      delivered_during_burst: accepted.filter((a) => a <= burstEnd).length,
      delivered_per_s_after_burst: round(afterRate(accepted, burstEnd)),
      gap_after_burst_ms: gaps(accepted, burstEnd),
      from_first_issue_to_last_delivery_s: round(
        accepted.length ? (accepted.at(-1)! - t0Epoch) / 1000 : 0,
      ),
      outbox_states: Object.fromEntries(states.map((s) => [s.state, Number(s.n)])),
    };
    console.log(`${kind}: delivery`, delivered);
    return {
      issuing_off: off,
      issuing_on: on,
      burst_s: round(burstS),
      p95_growth_ms: round(on.p95_ms - off.p95_ms),
      delivery: delivered,
    };
  } finally {
    await stopServer(server);
    await gateway.close();
  }
}

const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
if (await postgresReachable()) kinds.push('postgres');
else console.warn('PostgreSQL unreachable: notices bench runs on SQLite only');
if (process.env.BENCH_DB)
  kinds.splice(0, kinds.length, ...(process.env.BENCH_DB.split(',') as ('sqlite' | 'postgres')[]));

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const kind of kinds) results[kind] = await run(kind);
const full = LETTERS === 10_000 && RATE === 50 && !process.env.BENCH_DB;
if (full)
  writeResults('notices.json', {
    letters: LETTERS,
    allowed_per_s: RATE,
    wa_min_gap_ms: GAP_MS,
    at: new Date().toISOString(),
    results,
  });
else console.log('Scaled-down run: bench/results/notices.json left as it was.');
for (const [kind, r] of Object.entries(results)) {
  const d = r.delivery;
  console.log(
    `\n${kind}: issuing p95 ${r.issuing_off.p95_ms} ms (notices off) → ${r.issuing_on.p95_ms} ms (on); ` +
      `${d.accepted}/${d.notices} delivered in ${d.delivery_s} s (${d.delivered_per_s}/s, peak ${d.peak_per_s}/s, allowed ${RATE}/s), ` +
      `${d.duplicates} duplicates, ${d.refused_429} answered 429`,
  );
  if (d.accepted !== LETTERS || d.duplicates || d.peak_per_s > RATE) process.exitCode = 1;
}
