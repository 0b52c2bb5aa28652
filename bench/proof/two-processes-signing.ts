/**
 * Part of the proof suite "two-processes" (two-processes.proof.ts, issue 19): signing under load.
 * The suite names a Kepala Desa and makes ku need approval (crash-office.ts `setUpSigning`). Of
 * the ku filings, two clerk loops send every other one for signature (processing, then
 * awaiting_signature) through whichever process is alive, and two approver loops approve them
 * as the Kepala Desa in batches of three, while the filings go on, process 2 is killed and
 * started again and Redis goes away. While both processes are alive, each batch is sent to both
 * at the same moment, so the two race to issue the same letters; while one is down, to the
 * other. An answer lost (the process killed, a 503) is never trusted or sent again blindly: the
 * letter is read again and, still awaiting signature, approved again later.
 *
 * Checked (`checkSigning`): every letter sent for signature is issued exactly once — completed,
 * numbered, one signature row and one `signing.approve` audit row, never in two approval answers
 * — with the number its answer gave; its number and PDF bytes unchanged at the end, read through
 * both processes; the signed sequence without gap; no answer but 200, 503, no answer (the kill)
 * and, to a raced batch, 409 (the other process had taken it).
 *
 * The control (`plantedSigningFault`): one approved letter given another's place in the sequence
 * (a duplicated number) and one approval undone in the database (a lost approval); the same
 * checks must report exactly those.
 */
import pg from 'pg';
import { letterTypeByCode } from '@balai/domain';
import { APPROVED, checkIssued, getDetail, KD, numberGaps, type Issued } from './crash-office.ts';
import { sleep } from './lib.ts';
import { call } from './two-processes-checks.ts';

const BATCH = 3;
const KU = letterTypeByCode(APPROVED)!.base;

export type Signing = ReturnType<typeof signUnderLoad>;

export function signUnderLoad(
  bases: string[],
  alive: boolean[],
  tokens: { office: string; head: string },
) {
  /** Acknowledged ku filings to send for signature (the suite pushes them). */
  const queue: number[] = [];
  const awaiting: number[] = [];
  /** Every letter that reached awaiting_signature. */
  const sent = new Set<number>();
  /** Per letter, the processes whose approval answer listed it as approved, and the number. */
  const approvedBy = new Map<number, number[]>();
  const answerNumber = new Map<number, string | null>();
  const issued: Issued[] = [];
  const answers = [new Map<string, number>(), new Map<string, number>()];
  const bad: string[] = [];
  const counts = { raced_batches: 0, alone_batches: 0, approved_again: 0 };
  let clerksRunning = true;
  let approversRunning = true;
  let turn = 0;
  const live = () => {
    turn += 1;
    return alive[turn % 2] ? turn % 2 : (turn + 1) % 2;
  };
  const send = async (i: number, what: string, path: string, body: unknown, token: string) => {
    let r: { status: number; json: Record<string, unknown> };
    try {
      r = await call(bases[i]!, 'POST', path, token, body);
    } catch {
      r = { status: 0, json: {} };
    }
    const key = `${what} ${r.status}`;
    answers[i]!.set(key, (answers[i]!.get(key) ?? 0) + 1);
    const allowed = [0, 200, 503, ...(what === 'approve (raced)' ? [409] : [])];
    if (!allowed.includes(r.status) && bad.length < 20)
      bad.push(`${i + 1}: ${what} ${r.status} ${String(r.json.message)}`);
    return r;
  };
  /** The letter as it really is, read through a live process until one answers. */
  const reread = async (id: number) => {
    for (;;) {
      const d = await getDetail(bases[live()]!, tokens.office, { id, code: APPROVED });
      if (d) return d;
      await sleep(250);
    }
  };

  const clerks = Array.from({ length: 2 }, async () => {
    while (clerksRunning) {
      const id = queue.shift();
      if (id === undefined) {
        await sleep(20);
        continue;
      }
      let status = 'submitted';
      while (status === 'submitted' || status === 'processing') {
        const to = status === 'submitted' ? 'processing' : 'awaiting_signature';
        const r = await send(live(), to, `${KU}/${id}/status`, { status: to }, tokens.office);
        status = r.status === 200 ? to : (await reread(id)).status;
      }
      if (status === 'awaiting_signature') {
        sent.add(id);
        awaiting.push(id);
      } else if (bad.length < 20) bad.push(`${id}: ${status} instead of awaiting_signature`);
    }
  });

  const approvers = Array.from({ length: 2 }, async () => {
    while (approversRunning || awaiting.length > 0) {
      const batch = awaiting.splice(0, BATCH);
      if (batch.length === 0) {
        await sleep(20);
        continue;
      }
      const raced = alive[0]! && alive[1]!;
      counts[raced ? 'raced_batches' : 'alone_batches'] += 1;
      const body = { ids: batch, password: KD.password };
      const what = raced ? 'approve (raced)' : 'approve';
      await Promise.all(
        (raced ? [0, 1] : [live()]).map(async (i) => {
          const r = await send(i, what, '/api/signing/approve', body, tokens.head);
          if (r.status !== 200) return;
          const data = r.json.data as { approved: { id: number; number: string | null }[] };
          for (const a of data.approved) {
            approvedBy.set(a.id, [...(approvedBy.get(a.id) ?? []), i]);
            answerNumber.set(a.id, a.number);
          }
        }),
      );
      for (const id of batch) {
        const d = await reread(id);
        if (d.status === 'awaiting_signature') {
          // No answer approved it and nothing was committed (every answer lost or refused).
          counts.approved_again += 1;
          awaiting.push(id);
        } else if (d.status === 'completed' && d.number && d.pdf) {
          const known = approvedBy.has(id);
          issued.push({
            id,
            code: APPROVED,
            number: d.number,
            sha256: d.pdf.sha256,
            ...(known ? {} : { rechecked: true }),
          });
        } else if (bad.length < 20) bad.push(`${id}: ${d.status} after its approval`);
      }
    }
  });

  return {
    queue,
    sent,
    approvedBy,
    answerNumber,
    issued,
    answers,
    bad,
    counts,
    /** Stops sending for signature, then approves what is still waiting (both processes up). */
    stop: async () => {
      clerksRunning = false;
      await Promise.all(clerks);
      approversRunning = false;
      await Promise.all(approvers);
    },
  };
}

/** Every letter sent for signature issued exactly once, unchanged, and the sequence whole. */
export async function checkSigning(url: string, bases: string[], office: string, s: Signing) {
  const ids = [...s.sent];
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const rows = (
    await c.query<{ id: number; status: string; number: string | null }>(
      'select id, status, number from letter_requests where id = any($1)',
      [ids],
    )
  ).rows;
  const signatures = new Set(
    (
      await c.query<{ id: number }>(
        'select letter_request_id as id from letter_signatures where letter_request_id = any($1)',
        [ids],
      )
    ).rows.map((r) => r.id),
  );
  const audits = new Map(
    (
      await c.query<{ id: number; n: string }>(
        `select subject_id as id, count(*) as n from audit_log
          where action = 'signing.approve' and subject_type = 'letter_request' group by subject_id`,
      )
    ).rows.map((r) => [r.id, Number(r.n)]),
  );
  await c.end();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lost = ids.filter((id) => byId.get(id)?.status !== 'completed' || !byId.get(id)?.number);
  const twice = ids.filter((id) => (s.approvedBy.get(id)?.length ?? 0) > 1 || audits.get(id)! > 1);
  const unsigned = ids.filter((id) => !signatures.has(id) || audits.get(id) !== 1);
  const numberNotAnswered = [...s.answerNumber].filter(([id, n]) => byId.get(id)?.number !== n);
  // Read back half through each process.
  const changed = (
    await Promise.all(
      [0, 1].map((p) =>
        checkIssued(
          bases[p]!,
          office,
          s.issued.filter((_, k) => k % 2 === p),
        ),
      ),
    )
  ).flat();
  const scope = letterTypeByCode(APPROVED)!.classificationCode;
  const gaps = await numberGaps('postgres', url);
  const sequence = gaps.report[scope] ?? gaps.report['*'];
  return {
    sent_for_signature: ids.length,
    issued: s.issued.length,
    known_by_recheck: s.issued.filter((l) => l.rechecked).length,
    ...s.counts,
    lost,
    twice,
    unsigned,
    number_not_as_answered: numberNotAnswered.map(([id, n]) => `${id}: ${n}`),
    changed,
    sequence,
    sequence_problems: sequence ? sequence.gaps.length + sequence.twice : 1,
    bad_answers: s.bad,
    answers: s.answers.map((m) => Object.fromEntries([...m].sort())),
  };
}

export type SigningReport = Awaited<ReturnType<typeof checkSigning>>;

/** How many things the report finds wrong. */
export const signingFailures = (r: SigningReport) =>
  r.lost.length +
  r.twice.length +
  r.unsigned.length +
  r.number_not_as_answered.length +
  r.changed.length +
  r.sequence_problems +
  r.bad_answers.length;

/**
 * The control: in the database, letter B takes letter A's place in the sequence (a number given
 * twice, B's own left as a gap) and letter C's approval is undone (back to awaiting signature, no
 * number, no signature: a lost approval). The checks must report exactly B, C and their gaps.
 */
export async function plantedSigningFault(
  url: string,
  bases: string[],
  office: string,
  s: Signing,
) {
  const [a, b, c] = s.issued;
  if (!a || !b || !c) return { caught: false, reason: 'fewer than three letters approved' };
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `update letter_requests set number = number || '-X',
       number_seq = (select number_seq from letter_requests where id = $1) where id = $2`,
    [a.id, b.id],
  );
  await db.query(
    `update letter_requests set status = 'awaiting_signature', number = null, number_seq = null,
       number_year = null, issued_at = null where id = $1`,
    [c.id],
  );
  await db.query('delete from letter_signatures where letter_request_id = $1', [c.id]);
  await db.end();
  const r = await checkSigning(url, bases, office, s);
  const caught =
    r.lost.join() === String(c.id) &&
    r.unsigned.join() === String(c.id) &&
    r.changed.length === 2 &&
    r.sequence?.twice === 1 &&
    r.sequence.gaps.length === 2;
  return {
    caught,
    planted: { number_twice: `${b.id} took ${a.id}'s place`, approval_lost: c.id },
    lost: r.lost,
    unsigned: r.unsigned,
    changed: r.changed,
    sequence: r.sequence,
  };
}
