// Issue 22's notice figures, on SQLite and PostgreSQL, through the real server over HTTP:
// - a burst of NOTICES_BENCH_LETTERS (10,000) issued letters queues one WhatsApp notice each;
//   the outbox delivers them to a local fake gateway (a real HTTP server that allows
//   NOTICES_BENCH_RATE messages a second, 50 by default, and answers 429 with Retry-After: 1
//   above it) at that rate, each exactly once;
// - the letter's issuing time through the real path (the letters bench's measure: status,
//   number, PDF, archive, notices, audit in one transaction) p95 with notices off (no WhatsApp
//   configured, no resident with a number) and on (every resident with a confirmed number, the
//   server's worker delivering while the burst goes on): issuing must not grow.
// The requests are filed over HTTP (one per resident) and copied in the database up to the
// letters needed.
//
//   npm run bench -- notices     (NOTICES_BENCH_LETTERS, NOTICES_BENCH_RATE, BENCH_DB=sqlite)
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** A WhatsApp gateway in Fonnte's shape that allows `rate` messages in any second. */
async function fakeGateway(rate: number) {
  const accepted: number[] = [];
  const targets = new Map<string, number>();
  let refused = 0;
  let bad = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const now = performance.now();
      const form = new URLSearchParams(body);
      const message = form.get('message') ?? '';
      if (req.headers.authorization !== 'bench-token' || !form.get('target') || !message) {
        bad += 1;
        res.writeHead(400).end('{"status":false}');
        return;
      }
      // The allowed rate over a sliding second.
      let inWindow = 0;
      for (let i = accepted.length - 1; i >= 0 && accepted[i]! > now - 1000; i--) inWindow += 1;
      if (inWindow >= rate) {
        refused += 1;
        res.writeHead(429, { 'retry-after': '1' }).end('{"status":false,"reason":"rate limit"}');
        return;
      }
      accepted.push(now);
      // The reference (KP-000123) makes each letter's message unique: a second one is a duplicate.
      const ref = /\b[A-Z]+-\d{6,}\b/.exec(message)?.[0] ?? message;
      targets.set(ref, (targets.get(ref) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    accepted,
    targets,
    counts: () => ({ refused, bad }),
    close: () => new Promise<void>((r) => server.close(() => r())),
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

async function run(kind: 'sqlite' | 'postgres') {
  const url = await freshDatabaseUrl(kind, 'notices');
  await fill(kind, url);
  const port = 3221;
  const common = { DATABASE_URL: url, PUBLIC_URL, WA_MIN_GAP_MS: String(Math.ceil(1000 / RATE)) };

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
    off = summary(await issue(url, ids.slice(LETTERS)));
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
  server = await startServer(
    { ...common, WA_GATEWAY_URL: gateway.url, WA_GATEWAY_TOKEN: 'bench-token' },
    port,
  );
  try {
    // The burst: every letter issued one after another while the server's worker delivers.
    const t0 = performance.now();
    const on = summary(await issue(url, ids.slice(0, LETTERS)));
    const burstS = (performance.now() - t0) / 1000;
    console.log(`${kind}: issuing with notices on (${round(burstS)} s)`, on);
    // Bounded: twice the time the allowed rate needs after the burst, and a minute.
    const limit = performance.now() + ((2 * LETTERS) / RATE + 60) * 1000;
    while (gateway.accepted.length < LETTERS && performance.now() < limit)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1_000)); // anything sent twice arrives too
    const { accepted } = gateway;
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
    const duplicates = [...gateway.targets.values()].filter((n) => n > 1).length;
    const delivered = {
      queued_before: before,
      notices: LETTERS,
      accepted: accepted.length,
      distinct_letters: gateway.targets.size,
      duplicates,
      refused_429: gateway.counts().refused,
      bad_requests: gateway.counts().bad,
      allowed_per_s: RATE,
      peak_per_s: peak,
      delivery_s: round(deliveryS),
      delivered_per_s: round(deliveryS ? (accepted.length - 1) / deliveryS : 0),
      from_first_issue_to_last_delivery_s: round(
        accepted.length ? (accepted.at(-1)! - t0) / 1000 : 0,
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
