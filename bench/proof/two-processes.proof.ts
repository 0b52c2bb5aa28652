/**
 * Proof suite "Two processes" (docs/reliability.md): two server processes started together on
 * one new PostgreSQL database, sharing their rate-limit counters in Redis (a redis-server of the
 * suite's own on a free port, private-redis.ts — never the shared one). Checked, in order:
 *
 * 1. a session made on one process is valid on the other, and logout on either ends it on both;
 * 2. a per-route limit counts across both (forgot-password: 5 a minute per address — three
 *    requests to each process, the sixth is a 429);
 * 3. mixed load spread over both — eight loops filing letters of two types with different
 *    number sequences, each filing with an Idempotency-Key, two loops issuing them, two loops
 *    reading lists — and one process killed with SIGKILL (by its pid) mid-load: the loops move
 *    to the survivor, and a filing whose answer the kill cut off is sent again with the same key
 *    to the other process (issue 19);
 * 4. Redis taken away (SIGKILL) under that load: no 5xx, health `degraded`, forgot-password
 *    limited per process; the killed process is started again while Redis is away and takes
 *    its share of the load; Redis started again: health `ok`, the limit shared again;
 * 5. signing under load, all along 3 and 4 (two-processes-signing.ts): ku needs the Kepala
 *    Desa's approval; every other ku filing is sent for signature and approved in batches sent
 *    to both processes at once (to the live one while the other is down);
 * 6. then (two-processes-checks.ts): no 5xx; every filing sent was acknowledged and is in the
 *    database exactly once, and nothing there that was not sent; every issued letter numbered
 *    once, and per sequence the numbers 1…N without a gap, N being the sequence's last number;
 *    every letter sent for signature issued exactly once, its number and PDF unchanged;
 * 7. the control: a number given twice and an approval undone, planted in the database, must be
 *    reported by the same checks.
 */
import type { ChildProcess } from 'node:child_process';
import { letterTypeByCode, type LetterCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { APPROVED, setUpSigning } from './crash-office.ts';
import {
  ADMIN,
  freePort,
  freshDatabaseUrl,
  postgresReachable,
  sleep,
  startServer,
  statusObject,
  stopServer,
  writeResults,
} from './lib.ts';
import { privateRedis } from './private-redis.ts';
import {
  call,
  checkFilings,
  checkSessions,
  checkSharedLimit,
  loginOn,
} from './two-processes-checks.ts';
import {
  checkSigning,
  plantedSigningFault,
  signingFailures,
  signUnderLoad,
} from './two-processes-signing.ts';

const LOAD_BEFORE_KILL_MS = Number(process.env.PROOF_TWO_BEFORE_MS ?? 8000);
const LOAD_AFTER_KILL_MS = Number(process.env.PROOF_TWO_AFTER_MS ?? 8000);
/** Fewer letters approved under load than this proves too little: the suite fails. */
const MIN_SIGNED = Number(process.env.PROOF_TWO_MIN_SIGNED ?? 10);
/** Two types whose numbers come from different sequences (codes 470 and 500). */
const TYPES: LetterCode[] = ['kp', 'ku'];
const MARK = `Bukti Dua ${Date.now().toString(36)}`;

if (!(await postgresReachable())) {
  console.error('PostgreSQL tidak dapat dihubungi: suite ini membutuhkannya.');
  process.exit(1);
}
const redisServer = privateRedis(await freePort());
await redisServer.start();
const REDIS_URL = redisServer.url;

const url = await freshDatabaseUrl('postgres', 'proof_two');
const ports = [await freePort(), await freePort()];
const env = {
  DATABASE_URL: url,
  // Not a loopback address: issuing with a loopback QR needs the office's consent (0010).
  PUBLIC_URL: 'https://sukamaju.desa.id',
  REDIS_URL,
  // The general per-address limit stays on (counted in Redis) but above this load, which comes
  // from one address; the per-route limits keep their defaults.
  RATE_LIMIT_MAX: '1000000',
};
// Started together on the empty database (issue 14.10: the seed runs under a lock).
const servers: ChildProcess[] = await Promise.all(ports.map((p) => startServer(env, p)));
const bases = ports.map((p) => `http://127.0.0.1:${p}`);

const problems: string[] = [];
const expectThat = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

// 1. Sessions; 2. a per-route limit shared through Redis.
const sessionChecks = await checkSessions(bases, expectThat);
const sharedLimit = await checkSharedLimit(bases, expectThat);

// 3. Mixed load over both, one killed.
const token = await loginOn(bases[0]!, ADMIN);
// A Kepala Desa named, ku needing their approval (kp is issued at once).
const headToken = await setUpSigning(bases[0]!, token);

// A filing sent again with its Idempotency-Key to the other process (its first answer lost):
// the request it made the first time, replayed, not a second one.
const keyed = {
  ...LETTER_EXAMPLES.kp,
  applicant: {
    name: `${MARK} kunci`,
    nik: '3201999999999999',
    birth_place: 'Bogor',
    birth_date: '1980-01-01',
    gender: 'Laki-laki',
    religion: 'Islam',
    marital_status: 'Kawin',
    occupation: 'Petani',
    education: 'SMA/Sederajat',
    nationality: 'WNI',
    address: 'Kampung Babakan No. 8',
  },
};
const keyedHeaders = { 'idempotency-key': `${MARK.replace(/ /g, '-')}-kunci` };
const kp = letterTypeByCode('kp')!.base;
const first = await call(bases[0]!, 'POST', kp, token, keyed, keyedHeaders);
const again = await call(bases[1]!, 'POST', kp, token, keyed, keyedHeaders);
const keyedIds = [first, again].map((r) => (r.json.data as { id?: number } | undefined)?.id);
expectThat(
  first.status === 201 && again.status === 201 && again.replayed && keyedIds[0] === keyedIds[1],
  `a key sent again to the other process replays the first request (${first.status}, ${again.status} replayed=${again.replayed}, ids ${keyedIds.join(' = ')})`,
);
const alive = [true, true];
const signing = signUnderLoad(bases, alive, { office: token, head: headToken });
const statuses = [new Map<number, number>(), new Map<number, number>()];
const unexpected: string[] = [];
const count = (i: number, s: number) => statuses[i]!.set(s, (statuses[i]!.get(s) ?? 0) + 1);
let turn = 0;
/** A live process, taking turns. */
const pick = () => {
  turn += 1;
  return alive[turn % 2] ? turn % 2 : (turn + 1) % 2;
};
const acknowledged: { id: number; name: string; code: LetterCode }[] = [];
const sentNames = new Set<string>();
const issuedAck: { id: number; number: string }[] = [];
const toIssue: { id: number; code: LetterCode }[] = [];
let running = true;
let n = 0;
sentNames.add(keyed.applicant.name);
if (first.status === 201)
  acknowledged.push({ id: keyedIds[0]!, name: keyed.applicant.name, code: 'kp' });

async function request(method: string, path: string, body?: unknown, key?: string) {
  const i = pick();
  try {
    const r = await call(
      bases[i]!,
      method,
      path,
      token,
      body,
      key ? { 'idempotency-key': key } : {},
    );
    count(i, r.status);
    if (r.status >= 400 && unexpected.length < 20)
      unexpected.push(
        `${i + 1}: ${method} ${path} ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`,
      );
    return { ...r, process: i };
  } catch {
    count(i, 0);
    return { status: 0, json: {}, replayed: false, process: i };
  }
}
/** Filings sent again with their key after no answer: on the other process, and replayed. */
const retries = { sent: 0, on_other_process: 0, replayed: 0, gave_up: 0 };

const filers = Array.from({ length: 8 }, async (_, w) => {
  while (running) {
    const code = TYPES[w % TYPES.length]!;
    const name = `${MARK} ${++n}`;
    sentNames.add(name);
    const body = {
      ...LETTER_EXAMPLES[code],
      applicant: {
        name,
        nik: `3201${String(n).padStart(12, '0')}`,
        birth_place: 'Bogor',
        birth_date: '1980-01-01',
        gender: 'Laki-laki',
        religion: 'Islam',
        marital_status: 'Kawin',
        occupation: 'Petani',
        education: 'SMA/Sederajat',
        nationality: 'WNI',
        address: 'Kampung Babakan No. 8',
      },
    };
    // Sent until answered (the office retries); the same key on whichever process is alive.
    let r = await request('POST', letterTypeByCode(code)!.base, body, name.replace(/ /g, '-'));
    for (let attempt = 0; r.status !== 201 && attempt < 40; attempt++) {
      await sleep(100);
      const before = r.process;
      r = await request('POST', letterTypeByCode(code)!.base, body, name.replace(/ /g, '-'));
      retries.sent += 1;
      if (r.process !== before) retries.on_other_process += 1;
      if (r.replayed) retries.replayed += 1;
    }
    if (r.status === 201) {
      const id = (r.json.data as { id: number }).id;
      acknowledged.push({ id, name, code });
      if (id % 2 === 0) {
        if (code === APPROVED) signing.queue.push(id);
        else toIssue.push({ id, code });
      }
    } else retries.gave_up += 1;
  }
});
const issuers = Array.from({ length: 2 }, async () => {
  while (running) {
    const next = toIssue.shift();
    if (next === undefined) {
      await sleep(20);
      continue;
    }
    for (const status of ['processing', 'completed']) {
      const r = await request('POST', `${letterTypeByCode(next.code)!.base}/${next.id}/status`, {
        status,
        note: null,
      });
      if (r?.status !== 200) break;
      const data = r.json.data as { number: string | null };
      if (status === 'completed' && data.number)
        issuedAck.push({ id: next.id, number: data.number });
    }
  }
});
const listers = Array.from({ length: 2 }, async (_, w) => {
  while (running) {
    await request('GET', `${letterTypeByCode(TYPES[w]!)!.base}?per_page=20`);
    await request('GET', '/api/letter-requests?per_page=10&sort=-created_at');
  }
});

await sleep(LOAD_BEFORE_KILL_MS);
const killedPid = servers[1]!.pid!;
process.kill(killedPid, 'SIGKILL');
alive[1] = false;
const killedAt = acknowledged.length;
console.log(
  `process 2 (pid ${killedPid}) killed with SIGKILL after ${killedAt} acknowledged requests`,
);
await sleep(LOAD_AFTER_KILL_MS / 2);

// 4. Redis taken away under load; the killed process started again meanwhile.
const healthOf = async (base: string) => {
  const r = await call(base, 'GET', '/api/health');
  const data = r.json.data as { status: string; reasons: string[] } | undefined;
  return { status: r.status, health: data?.status, reasons: data?.reasons ?? [] };
};
const degraded = (h: Awaited<ReturnType<typeof healthOf>>) =>
  h.status === 200 && h.health === 'degraded' && h.reasons.some((x) => x.includes('Redis'));
await redisServer.kill();
await sleep(300);
const awayHealth = [await healthOf(bases[0]!)];
const forgotAway: number[] = [];
for (let i = 0; i < 6; i++)
  forgotAway.push(
    (
      await call(bases[0]!, 'POST', '/api/forgot-password', undefined, {
        email: `tanpa.redis.${i}@bukti.desa.id`,
      })
    ).status,
  );
const restartStart = Date.now();
servers[1] = await startServer(env, ports[1]!);
const restartMs = Date.now() - restartStart;
alive[1] = true;
awayHealth.push(await healthOf(bases[1]!));
console.log(
  `Redis killed; process 2 started again in ${restartMs} ms while it was away; health ${awayHealth.map((h) => `${h.status} ${h.health}`).join(', ')}`,
);
expectThat(
  awayHealth.every(degraded),
  `Redis away: health 200 degraded with the reason on both (${awayHealth.map((h) => `${h.status} ${h.health}`).join(', ')})`,
);
expectThat(
  forgotAway.join() === '200,200,200,200,200,429',
  `Redis away: forgot-password limited per process (${forgotAway.join(', ')})`,
);
await sleep(LOAD_AFTER_KILL_MS / 2);
await redisServer.start();
let backHealth: Awaited<ReturnType<typeof healthOf>>[] = [];
for (let i = 0; i < 50; i++) {
  backHealth = await Promise.all(bases.map(healthOf));
  if (backHealth.every((h) => h.health === 'ok')) break;
  await sleep(100);
}
const forgotBack: number[] = [];
for (let i = 0; i < 6; i++)
  forgotBack.push(
    (
      await call(bases[i % 2]!, 'POST', '/api/forgot-password', undefined, {
        email: `redis.kembali.${i}@bukti.desa.id`,
      })
    ).status,
  );
expectThat(
  backHealth.every((h) => h.health === 'ok') && forgotBack.join() === '200,200,200,200,200,429',
  `Redis back: health ok on both, forgot-password counted across both again (${forgotBack.join(', ')})`,
);
await sleep(LOAD_AFTER_KILL_MS / 2);
running = false;
await Promise.all([...filers, ...issuers, ...listers]);
await signing.stop();

// 6. Checks, straight from the database and through both processes.
const fiveXx = (i: number) =>
  [...statuses[i]!].filter(([st]) => st >= 500).reduce((a, [, k]) => a + k, 0);
expectThat(
  fiveXx(0) === 0,
  `no 5xx from the survivor (${JSON.stringify(statusObject(statuses[0]!))})`,
);
expectThat(
  fiveXx(1) === 0,
  `no 5xx from process 2, before the kill and after its restart (${JSON.stringify(statusObject(statuses[1]!))}; 0 = cut off)`,
);
const fourXx = [0, 1].map((i) =>
  [...statuses[i]!].filter(([st]) => st >= 400 && st < 500).reduce((a, [, k]) => a + k, 0),
);
expectThat(
  fourXx.every((k) => k === 0),
  `no 4xx under load from either process (${fourXx.join(', ')}${unexpected[0] ? `; first: ${unexpected[0]}` : ''})`,
);
const filings = await checkFilings(
  url,
  MARK,
  { acknowledged, sentNames, issuedAck, retries },
  TYPES.length,
  expectThat,
);
const signed = await checkSigning(url, bases, token, signing);
console.log(
  `signing: ${signed.sent_for_signature} sent for signature, ${signed.issued} issued (${signed.known_by_recheck} known by re-check), ${signed.raced_batches} batches raced on both processes, ${signed.alone_batches} on one, ${signed.approved_again} approved again after a lost answer; answers ${JSON.stringify(signed.answers)}`,
);
expectThat(
  signingFailures(signed) === 0,
  `every letter sent for signature issued exactly once, number and PDF unchanged, sequence ${APPROVED} whole (lost ${signed.lost.length}, twice ${signed.twice.length}, unsigned ${signed.unsigned.length}, not as answered ${signed.number_not_as_answered.length}, changed ${signed.changed.length}, sequence ${signed.sequence_problems}, refused ${signed.bad_answers.length})`,
);
expectThat(
  signed.issued >= MIN_SIGNED && signed.raced_batches > 0 && signed.alone_batches > 0,
  `signing under load proves something: ${signed.issued} approved (at least ${MIN_SIGNED}), batches raced on both processes and sent to one alone`,
);

// 7. The control: a number given twice and a lost approval, planted; the checks must see them.
const control = await plantedSigningFault(url, bases, token, signing);
console.log(`control: ${JSON.stringify(control)}`);
expectThat(control.caught, 'control: the planted number twice and lost approval are reported');

for (const s of servers) if (s.exitCode === null) await stopServer(s);
await redisServer.kill();

writeResults('proof-two-processes.json', {
  suite: 'two-processes',
  date: new Date().toISOString(),
  command: 'npm run proof -- two-processes',
  redis: REDIS_URL,
  sessions: sessionChecks,
  forgot_password_across_processes: sharedLimit,
  load_ms: { before_kill: LOAD_BEFORE_KILL_MS, after_kill: LOAD_AFTER_KILL_MS },
  killed: { process: 2, pid: killedPid, after_acknowledged: killedAt, restarted_ms: restartMs },
  retries,
  key_on_other_process: { first: first.status, again: again.status, replayed: again.replayed },
  redis_away: { health: awayHealth, forgot_password_survivor: forgotAway },
  redis_back: { health: backHealth, forgot_password_across: forgotBack },
  answers: { survivor: statusObject(statuses[0]!), killed: statusObject(statuses[1]!) },
  acknowledged: acknowledged.length,
  ...filings,
  issued_acknowledged: issuedAck.length,
  signing: signed,
  control,
  unexpected: unexpected.slice(0, 10),
  problems,
});
console.log(
  problems.length === 0
    ? 'two-processes: all checks passed'
    : `two-processes: ${problems.length} FAILED`,
);
process.exit(problems.length === 0 ? 0 : 1);
