/**
 * The office of the crash suite (crash.proof.ts, issue 19): filings with Idempotency-Keys retried
 * after a crash, issuing directly and through the Kepala Desa with every answer counted and lost
 * answers re-checked, and the checks of content, numbers and PDFs afterwards.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { letterTypeByCode, type LetterCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { login, sleep, submission } from './lib.ts';

export interface Issued {
  id: number;
  code: LetterCode;
  number: string;
  sha256: string;
  /** Known from a re-check after its own answer was lost, not from the answer. */
  rechecked?: boolean;
}

/** The two kinds the office files: issued at once (kp), and through the Kepala Desa (ku). */
export const DIRECT: LetterCode = 'kp';
export const APPROVED: LetterCode = 'ku';
export const KD = { email: 'kades@bukti.desa.id', password: 'Merapi-Sindoro-7319' };
const RUN = Date.now().toString(36);

/** What filing `n` sends: a typed applicant and the type's example, marked with `n`. */
export function filingOf(n: number) {
  const code = n % 2 === 0 ? DIRECT : APPROVED;
  const { applicant } = submission(n);
  const example = LETTER_EXAMPLES[code] as Record<string, unknown>;
  return { code, body: { ...example, purpose: `${String(example.purpose)} #${n}`, applicant } };
}

export interface Filed {
  id: number;
  n: number;
  code: LetterCode;
}

/**
 * Loops filing letters as the office does: every filing with an Idempotency-Key, and a filing
 * whose answer was lost (the server killed, a 503) sent again with the same key until it is
 * answered — so a crash between COMMIT and answer must give back the same request, never a
 * second one.
 */
export function fileWithKeys(base: string, token: string, workers: number) {
  let running = true;
  let next = 0;
  const filed: Filed[] = [];
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  let retried = 0;
  const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const n = ++next;
      const { code, body } = filingOf(n);
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) retried++;
        let status = 0;
        let text = '';
        try {
          const res = await fetch(`${base}${letterTypeByCode(code)!.base}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': `crash-${RUN}-${n}`,
            },
            body: JSON.stringify(body),
          });
          status = res.status;
          text = await res.text();
        } catch {
          /* no answer: the server is down */
        }
        count(status);
        if (status === 201) {
          filed.push({ id: (JSON.parse(text) as { data: { id: number } }).data.id, n, code });
          break;
        }
        if (status !== 0 && status !== 503) {
          if (unexpected.length < 20) unexpected.push(`${status} ${text.slice(0, 200)}`);
          break;
        }
        await sleep(250);
      }
    }
  });
  return {
    filed,
    statuses,
    unexpected,
    retried: () => retried,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

export interface Detail {
  status: string;
  number: string | null;
  pdf: { sha256: string } | null;
  applicant: { name: string; nik: string | null };
  fields: Record<string, unknown>;
}

export async function getDetail(
  base: string,
  token: string,
  f: { id: number; code: LetterCode },
): Promise<Detail | null> {
  try {
    const res = await fetch(`${base}${letterTypeByCode(f.code)!.base}/${f.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) return null;
    return ((await res.json()) as { data: Detail }).data;
  } catch {
    return null;
  }
}

/**
 * Loops that take acknowledged requests and issue them: a kp goes processing → completed, a ku
 * processing → awaiting_signature → approved by the Kepala Desa. Every answer is counted; only
 * 200, 503 and no answer (the server killed) are allowed. After a lost answer the request is
 * read again and carried on from the status it really has, and a letter found issued that way is
 * checked like one whose answer came.
 */
export function issueLetters(
  base: string,
  tokens: { office: string; head: string },
  queue: Filed[],
  loops: number,
) {
  let running = true;
  const issued: Issued[] = [];
  const answers = new Map<string, number>();
  let rechecks = 0;
  /** The first answers other than 200 and 503, for the report. */
  const refusals: string[] = [];
  const count = (what: string, s: number) =>
    answers.set(`${what} ${s}`, (answers.get(`${what} ${s}`) ?? 0) + 1);
  const call = async (what: string, url: string, body: unknown, token: string) => {
    try {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      count(what, res.status);
      const answer = (await res.json()) as Record<string, unknown>;
      if (![200, 503].includes(res.status) && refusals.length < 10) {
        refusals.push(`${what} ${res.status} ${String(answer.message)}`);
      }
      return { status: res.status, body: answer };
    } catch (err) {
      count(what, 0);
      if (refusals.length < 10) refusals.push(`${what}: no answer (${String(err)})`);
      return { status: 0, body: {} };
    }
  };
  const workers = Array.from({ length: loops }, async () => {
    while (running) {
      const letter = queue.shift();
      if (!letter) {
        await sleep(20);
        continue;
      }
      const typeBase = letterTypeByCode(letter.code)!.base;
      /** Reads the request until the server answers (it may be starting again). */
      const reread = async () => {
        for (;;) {
          const d = await getDetail(base, tokens.office, letter);
          if (d || !running) return d;
          await sleep(250);
        }
      };
      let status = 'submitted';
      let lost = false;
      while (running && status !== 'completed') {
        let r;
        let ok;
        if (status === 'submitted' || status === 'processing') {
          const to =
            status === 'submitted'
              ? 'processing'
              : letter.code === APPROVED
                ? 'awaiting_signature'
                : 'completed';
          r = await call(to, `${typeBase}/${letter.id}/status`, { status: to }, tokens.office);
          ok = r.status === 200;
        } else if (status === 'awaiting_signature') {
          r = await call(
            'approve',
            '/api/signing/approve',
            { ids: [letter.id], password: KD.password },
            tokens.head,
          );
          const approved = (r.body.data as { approved?: unknown[] } | undefined)?.approved;
          ok = r.status === 200 && approved?.length === 1;
        } else break;
        if (ok) {
          const d = r.body.data as { status?: string } | undefined;
          status = d?.status ?? (status === 'awaiting_signature' ? 'completed' : status);
          continue;
        }
        // The answer was lost (the server killed, a 503): read the request again and carry on
        // from the status it really has, instead of sending the change blindly once more.
        lost = true;
        rechecks++;
        const now = await reread();
        if (now) status = now.status;
      }
      if (status !== 'completed') continue;
      const d = await reread();
      if (d?.number && d.pdf) {
        issued.push({
          id: letter.id,
          code: letter.code,
          number: d.number,
          sha256: d.pdf.sha256,
          ...(lost ? { rechecked: true } : {}),
        });
      }
    }
  });
  return {
    issued,
    answers,
    refusals,
    rechecks: () => rechecks,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Every issued letter kept its number and its PDF's bytes. */
export async function checkIssued(base: string, token: string, issued: Issued[]) {
  const wrong: string[] = [];
  for (const letter of issued) {
    const d = await getDetail(base, token, letter);
    if (d?.number !== letter.number || d.pdf?.sha256 !== letter.sha256) {
      wrong.push(`${letter.id}: ${letter.number} → ${d?.number}`);
      continue;
    }
    const pdf = await fetch(`${base}${letterTypeByCode(letter.code)!.base}/${letter.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const sha = createHash('sha256')
      .update(Buffer.from(await pdf.arrayBuffer()))
      .digest('hex');
    if (sha !== letter.sha256) wrong.push(`${letter.id}: PDF changed`);
  }
  return wrong;
}

/**
 * Every acknowledged filing is there (`missing`: answered 404) and holds what was sent: its
 * applicant, and its purpose marked with the filing's number (`changed`).
 */
export async function checkContent(base: string, token: string, filed: Filed[]) {
  const missing: number[] = [];
  const changed: string[] = [];
  for (const f of filed) {
    const d = await getDetail(base, token, f);
    if (!d) {
      missing.push(f.id);
      continue;
    }
    const sent = filingOf(f.n).body;
    const purpose = d.fields.purpose;
    if (
      d.applicant.name !== sent.applicant.name ||
      d.applicant.nik !== sent.applicant.nik ||
      purpose !== sent.purpose
    ) {
      changed.push(`${f.id} (filing ${f.n}): ${d.applicant.name} / ${String(purpose)}`);
    }
  }
  return { missing, changed };
}

/** The office's Kepala Desa, named in the signing settings; ku needs their approval, kp not. */
export async function setUpSigning(base: string, token: string): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const made = await fetch(`${base}/api/users/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Kepala Desa Bukti',
      email: KD.email,
      password: KD.password,
      role: 'ADMINISTRATOR',
      position: 'kepala_desa',
    }),
  });
  if (made.status !== 201) throw new Error(`Kepala Desa: ${made.status} ${await made.text()}`);
  const id = ((await made.json()) as { data: { id: number } }).data.id;
  const set = await fetch(`${base}/api/settings/signing`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      head_user_id: id,
      approval: { [DIRECT]: false, [APPROVED]: true },
      confirmation: { password: KD.password },
    }),
  });
  if (set.status !== 200) throw new Error(`signing settings: ${set.status} ${await set.text()}`);
  return login(base, KD.email, KD.password);
}

/**
 * The numbers the database gave out, per sequence: each of 1…last exactly once (no gap, none
 * twice), last being the sequence's own counter. A gap is a number the counter gave out that no
 * letter kept.
 */
export async function numberGaps(kind: 'sqlite' | 'postgres', url: string) {
  let rows: { type: string; number_seq: number }[];
  let sequences: { scope: string; last_seq: number }[];
  if (kind === 'sqlite') {
    const db = new SQLite(url.slice('file:'.length), { readonly: true });
    rows = db
      .prepare('select type, number_seq from letter_requests where number is not null')
      .all() as typeof rows;
    sequences = db
      .prepare('select scope, last_seq from letter_sequences')
      .all() as typeof sequences;
    db.close();
  } else {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    rows = (await c.query('select type, number_seq from letter_requests where number is not null'))
      .rows;
    sequences = (await c.query('select scope, last_seq from letter_sequences')).rows;
    await c.end();
  }
  const oneRegister = sequences.some((q) => q.scope === '*');
  const report: Record<string, { issued: number; last: number; gaps: number[]; twice: number }> =
    {};
  for (const q of sequences) {
    const seqs = rows
      .filter(
        (r) =>
          oneRegister || letterTypeByCode(r.type as LetterCode)!.classificationCode === q.scope,
      )
      .map((r) => r.number_seq);
    const present = new Set(seqs);
    const gaps = Array.from({ length: q.last_seq }, (_, i) => i + 1).filter((k) => !present.has(k));
    report[q.scope] = {
      issued: seqs.length,
      last: q.last_seq,
      gaps: gaps.slice(0, 20),
      twice: seqs.length - present.size,
    };
  }
  const problems = Object.values(report).reduce((n, r) => n + r.gaps.length + r.twice, 0);
  return { report, problems };
}

/** How many requests the database holds (the suite's new database holds only its filings). */
export async function storedRequests(kind: 'sqlite' | 'postgres', url: string): Promise<number> {
  if (kind === 'sqlite') {
    const db = new SQLite(url.slice('file:'.length), { readonly: true });
    const n = (db.prepare('select count(*) as n from letter_requests').get() as { n: number }).n;
    db.close();
    return n;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = Number((await c.query('select count(*) as n from letter_requests')).rows[0].n);
  await c.end();
  return n;
}
