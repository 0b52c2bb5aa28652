/**
 * Part of the proof suite "two-processes" (two-processes.proof.ts): a request to one of the two
 * processes; the checks of sessions and of a limit shared through Redis; and the checks of the
 * filings and the numbers, straight from the database.
 */
import pg from 'pg';
import type { LetterCode } from '@balai/domain';
import { numberGaps } from './crash-office.ts';
import { ADMIN } from './lib.ts';

/** One request; `replayed`: answered from an Idempotency-Key's first request. Throws: no answer. */
export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

export type Expect = (ok: boolean, what: string) => void;

export const loginOn = async (base: string, who: { email: string; password: string }) =>
  ((await call(base, 'POST', '/api/login', undefined, who)).json.data as { token: string }).token;

/** A session made on one process is valid on the other; logout on either ends it on both. */
export async function checkSessions(bases: string[], expectThat: Expect) {
  const checks: Record<string, number> = {};
  for (const [from, to] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const token = await loginOn(bases[from]!, ADMIN);
    const other = await call(bases[to]!, 'GET', '/api/profile', token);
    checks[`made on ${from + 1}, profile on ${to + 1}`] = other.status;
    expectThat(
      other.status === 200,
      `a session made on process ${from + 1} is valid on process ${to + 1}`,
    );
    const out = await call(bases[to]!, 'POST', '/api/logout', token);
    const after = await Promise.all(bases.map((b) => call(b, 'GET', '/api/profile', token)));
    checks[`made on ${from + 1}, logout on ${to + 1}`] = out.status;
    after.forEach(
      (a, i) => (checks[`made on ${from + 1}, after logout, profile on ${i + 1}`] = a.status),
    );
    expectThat(
      out.status === 200 && after.every((a) => a.status === 401),
      `logout on process ${to + 1} ends the session on both (${after.map((a) => a.status).join(', ')})`,
    );
  }
  return checks;
}

/** forgot-password (5 a minute per address) sent to each process in turn: the sixth is a 429. */
export async function checkSharedLimit(bases: string[], expectThat: Expect) {
  const forgot: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await call(bases[i % 2]!, 'POST', '/api/forgot-password', undefined, {
      email: `tidak.ada.${i}@bukti.desa.id`,
    });
    forgot.push(r.status);
  }
  const seventh = await call(bases[1]!, 'POST', '/api/forgot-password', undefined, {
    email: 'tidak.ada@bukti.desa.id',
  });
  expectThat(
    forgot.slice(0, 5).every((s) => s === 200) && forgot[5] === 429 && seventh.status === 429,
    `forgot-password, 5 a minute per address, counted across both processes (${forgot.join(', ')}, ${seventh.status}: ${String(seventh.json.message)})`,
  );
  return [...forgot, seventh.status];
}

/** What the load saw: the filings acknowledged and sent, the letters acknowledged as issued. */
export interface Filings {
  acknowledged: { id: number; name: string; code: LetterCode }[];
  sentNames: Set<string>;
  issuedAck: { id: number; number: string }[];
  retries: { sent: number; on_other_process: number; replayed: number; gave_up: number };
}

/**
 * Every filing sent was acknowledged and is in the database exactly once, nothing there that was
 * not sent; every letter acknowledged as issued kept its number; per sequence the numbers 1…N
 * each once, no gap.
 */
export async function checkFilings(
  url: string,
  mark: string,
  f: Filings,
  sequenceCount: number,
  expectThat: Expect,
) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const rows = (
    await c.query<{ id: number; applicant_name: string; number: string | null }>(
      'select id, applicant_name, number from letter_requests where applicant_name like $1',
      [`${mark} %`],
    )
  ).rows;
  await c.end();

  const byName = new Map<string, number>();
  for (const r of rows) byName.set(r.applicant_name, (byName.get(r.applicant_name) ?? 0) + 1);
  const ids = new Set(rows.map((r) => r.id));
  const lost = f.acknowledged.filter((a) => !ids.has(a.id));
  const twice = [...byName].filter(([, k]) => k > 1);
  const notSent = rows.filter((r) => !f.sentNames.has(r.applicant_name));
  const unacknowledgedInDb = rows.length - new Set(f.acknowledged.map((a) => a.id)).size;
  expectThat(
    lost.length === 0,
    `every acknowledged request is in the database (${f.acknowledged.length} acknowledged, ${lost.length} missing)`,
  );
  expectThat(
    twice.length === 0 && notSent.length === 0,
    `no request twice, none that was not sent (${twice.length} twice)`,
  );
  const { retries } = f;
  expectThat(
    unacknowledgedInDb === 0 && retries.gave_up === 0 && f.acknowledged.length === f.sentNames.size,
    `every filing sent was acknowledged, after ${retries.sent} retries with its key (${retries.on_other_process} on the other process, ${retries.replayed} replayed); none in the database without an answer (${unacknowledgedInDb})`,
  );

  const numbered = rows.filter((r) => r.number !== null);
  const changed = f.issuedAck.filter(
    (a) => numbered.find((r) => r.id === a.id)?.number !== a.number,
  );
  expectThat(
    changed.length === 0,
    `every acknowledged issue kept its number (${f.issuedAck.length} acknowledged)`,
  );
  const gaps = await numberGaps('postgres', url);
  for (const [scope, q] of Object.entries(gaps.report)) {
    expectThat(
      q.gaps.length === 0 && q.twice === 0 && q.issued === q.last,
      `sequence ${scope}: numbers 1…${q.last} each once, no gap (${q.issued} issued)`,
    );
  }
  // One register for every type (scope '*'), or a sequence per classification code.
  const scopes = Object.keys(gaps.report);
  expectThat(
    scopes.length === (scopes.includes('*') ? 1 : sequenceCount),
    `letters issued from ${scopes.length} sequences`,
  );
  return {
    in_database: rows.length,
    lost: lost.length,
    twice: twice.length,
    issued: numbered.length,
    sequences: gaps.report,
  };
}
