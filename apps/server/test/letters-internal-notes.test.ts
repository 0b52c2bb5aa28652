import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LETTER_STATUSES,
  letterTypeByCode,
  noteIsInternal,
  type LetterStatus,
} from '@balai/domain';
import { residentNotice } from '../src/letters/notices.ts';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

const ku = letterTypeByCode('ku')!;

/** Every internal note of the suite carries this, so a leak is one `includes` away. */
const SECRET = 'RAHASIA-KANTOR';
const FOR_RESIDENT = 'Mohon lampirkan foto tempat usaha yang baru.';

/**
 * The office's internal notes stay in the office (issue 18.2, docs/letters.md "Catatan"): the
 * clerk's note to the signer, the Kepala Desa's return note and notes written while processing
 * reach no answer a resident can get, no notice and no e-mail; the clerk and the signer see them.
 */
describe('letters: internal notes never reach the resident', () => {
  let ctx: TestContext;
  let outbox: string;
  let asClerk: ReturnType<typeof client>;
  let asHead: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let resident: Awaited<ReturnType<typeof makeResident>>;
  let clerkId: number;
  /** X: returned by the Kepala Desa, then sent back to the resident; Z: approved and issued. */
  let x: number;
  let z: number;

  const send = async (
    as: ReturnType<typeof client>,
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
  ) => {
    const res = await as(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res;
  };

  beforeAll(async () => {
    outbox = tempOutbox();
    ctx = await createTestApp({
      env: { OUTBOX_DIR: outbox, RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS },
    });
    const db = ctx.testDb.db;
    const clerk = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Petugas Layanan' });
    clerkId = clerk.id;
    const head = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'H. Ahmad Suryadi',
      position: 'kepala_desa',
    });
    resident = await makeResident(db, { name: 'Dewi Anggraini' });
    asClerk = client(ctx.app, await login(ctx.app, clerk.email));
    asHead = client(ctx.app, await login(ctx.app, head.email));
    asResident = client(ctx.app, await login(ctx.app, resident.email));
    await send(asClerk, 'PUT', '/api/settings/signing', { head_user_id: head.id });

    x = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
    await send(asClerk, 'PUT', `${ku.base}/${x}`, {
      status: 'processing',
      note: `${SECRET} proses: cek ke RT dulu`,
    });
    await send(asClerk, 'POST', `${ku.base}/${x}/status`, {
      status: 'awaiting_signature',
      note: `${SECRET} untuk Kepala Desa: usaha sudah dicek`,
    });
    await send(asHead, 'POST', `/api/signing/requests/${x}/return`, {
      note: `${SECRET} kembali: nama usaha berbeda dengan foto`,
    });

    z = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
    await send(asClerk, 'PUT', `${ku.base}/${z}`, { status: 'processing' });
    await send(asClerk, 'POST', `${ku.base}/${z}/status`, {
      status: 'awaiting_signature',
      note: `${SECRET} mohon ditandatangani hari ini`,
    });
    await send(asHead, 'POST', '/api/signing/approve', { ids: [z], password: PASSWORD });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  /**
   * Every GET of the OpenAPI document as the resident, with the ids of their requests, their
   * notices and their letter put in; the answers' texts by URL.
   */
  async function everyResidentRead(): Promise<Map<string, { status: number; body: string }>> {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const notices = (await asResident('GET', '/api/notifications?per_page=100')).json().data as {
      id: number;
    }[];
    const histories = (await asResident('GET', '/api/pdf-histories')).json().data as {
      id: number;
      verify_url: string;
    }[];
    const token = histories[0]?.verify_url.split('/').pop() ?? 'x';
    const urls: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!('get' in ops)) continue;
      const ids = path.startsWith('/api/notifications/')
        ? notices.map((n) => n.id)
        : path.startsWith('/api/pdf-histories/')
          ? histories.map((h) => h.id)
          : [x, z];
      const filled = path.includes('{')
        ? ids.map((id) => path.replace('{id}', String(id)).replace(/\{token\}/, token))
        : [path];
      for (const url of filled) urls.push(url.replace(/\{[a-z_]+\}/g, '1'));
    }
    // The lists as a resident pages them: everything at once, and by search.
    urls.push('/api/letter-requests?per_page=100', `${ku.base}?per_page=100&search=usaha`);
    const out = new Map<string, { status: number; body: string }>();
    for (const url of urls) {
      const res = await asResident('GET', url);
      out.set(url, { status: res.statusCode, body: res.body });
    }
    return out;
  }

  const leaks = (answers: Map<string, { status: number; body: string }>) =>
    [...answers].filter(([, a]) => a.body.includes(SECRET)).map(([url]) => url);

  it('no answer a resident can read carries an internal note; their request, list and notices answer', async () => {
    const answers = await everyResidentRead();
    expect(leaks(answers)).toEqual([]);
    // The walk did read the resident's requests, lists and notices (not 403s everywhere).
    for (const url of [
      `${ku.base}/${x}`,
      `${ku.base}/${z}`,
      '/api/letter-requests?per_page=100',
      '/api/notifications',
    ]) {
      expect(answers.get(url)?.status, url).toBe(200);
    }
    const detail = JSON.parse(answers.get(`${ku.base}/${x}`)!.body).data;
    expect(detail).toMatchObject({ status: 'processing', note: null });
    // Each step of the history is there, without its note.
    expect(detail.events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'submitted',
      'processing',
      'awaiting_signature',
      'processing',
    ]);
    expect(detail.events.every((e: { note: string | null }) => e.note === null)).toBe(true);
  });

  it('the clerk and the signer see every note, on the request and in its history', async () => {
    const forClerk = (await asClerk('GET', `${ku.base}/${x}`)).json().data;
    expect(forClerk.note).toBe(`${SECRET} kembali: nama usaha berbeda dengan foto`);
    expect(forClerk.events.map((e: { note: string | null }) => e.note)).toEqual([
      null,
      `${SECRET} proses: cek ke RT dulu`,
      `${SECRET} untuk Kepala Desa: usaha sudah dicek`,
      `${SECRET} kembali: nama usaha berbeda dengan foto`,
    ]);
    const list = (await asClerk('GET', `/api/letter-requests?per_page=100`)).json().data as {
      id: number;
      note: string | null;
    }[];
    expect(list.find((r) => r.id === x)?.note).toContain(SECRET);
    // The clerk hears of the return with its note.
    const notices = await ctx.testDb.db.kysely
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', clerkId)
      .where('letter_request_id', '=', x)
      .execute();
    expect(notices.some((n) => n.body.includes(`${SECRET} kembali`))).toBe(true);
  });

  it('a note for the resident reaches them; their own edit and cancel answer no internal note', async () => {
    await send(asClerk, 'POST', `${ku.base}/${x}/status`, {
      status: 'needs_revision',
      note: FOR_RESIDENT,
    });
    const seen = (await asResident('GET', `${ku.base}/${x}`)).json().data;
    expect(seen.note).toBe(FOR_RESIDENT);
    expect(seen.events.at(-1).note).toBe(FOR_RESIDENT);
    expect(JSON.stringify(seen)).not.toContain(SECRET);

    // The resident's writes answer the request with its whole history too.
    const edited = await asResident('PUT', `${ku.base}/${x}`, {
      business_name: 'Warung Dewi Baru',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.status).toBe('submitted');
    expect(edited.body).not.toContain(SECRET);
    expect(edited.body).toContain(FOR_RESIDENT);
    const cancelled = await asResident('POST', `${ku.base}/${x}/status`, {
      status: 'cancelled',
      note: 'Sudah tidak diperlukan.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.body).not.toContain(SECRET);
    expect(cancelled.json().data.note).toBe('Sudah tidak diperlukan.');

    expect(leaks(await everyResidentRead())).toEqual([]);
  });

  it('no notice or e-mail to the resident carries an internal note', async () => {
    const rows = await ctx.testDb.db.kysely
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('user_id', '=', resident.id)
      .execute();
    // X: processing, awaiting signature, returned, needs revision; Z: the same two and issued.
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((n) => `${n.title} ${n.body}`.includes(SECRET))).toEqual([]);
    expect(rows.some((n) => n.body.includes(FOR_RESIDENT))).toBe(true);
    const mails = await outboxMails(outbox, 2);
    // The Kepala Desa's mails carry the clerk's note; none goes to the resident.
    expect(mails.some((m) => m.replace(/=\r?\n/g, '').includes(SECRET))).toBe(true);
    const residentAddress = new RegExp(`^To: .*${resident.email!.replace(/[.+]/g, '\\$&')}`, 'mi');
    expect(mails.filter((m) => residentAddress.test(m))).toEqual([]);
  });

  it('every notice the resident can get: a note only where it is for them', () => {
    for (const to of LETTER_STATUSES) {
      for (const changedStatus of [true, false]) {
        const n = residentNotice(ku, 7, to as LetterStatus, {
          changedStatus,
          note: `${SECRET} catatan`,
          number: '500/001/2026',
        });
        const text = `${n.title} ${n.body}`;
        expect(text.includes(SECRET), `${to} ${changedStatus}`).toBe(!noteIsInternal(to));
      }
    }
  });
});
