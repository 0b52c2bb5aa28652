import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { letterTypeByCode, type LetterStatus } from '@balai/domain';
import { FreshSnapshot } from '../src/lib/snapshot.ts';
import {
  ageInDays,
  ageRanges,
  lastMonths,
  WAITING_AGE_BUCKETS,
} from '../src/routes/letters/dashboard.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const pk = letterTypeByCode('pk')!;

/** The admin dashboard's figures, computed from known data. */
describe('dashboard', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
    const verified = await makeResident(db);
    const inactive = await makeResident(db, { active: false });

    const k = db.kysely;
    // Identities the office checked: one active resident (counted), one inactive (not).
    await k
      .updateTable('users')
      .set({ identity_verified_at: new Date().toISOString() })
      .where('id', 'in', [verified.id, inactive.id])
      .execute();
    const months = lastMonths(12);
    const file = async (type: typeof ku, monthsAgo: number) => {
      const id = (await asResident('POST', type.base, example(type.code))).json().data.id as number;
      const m = months[11 - monthsAgo]!;
      // Backdate the request to the middle of that month.
      const at = new Date((Date.parse(m.start) + Date.parse(m.end)) / 2).toISOString();
      await k.updateTable('letter_requests').set({ created_at: at }).where('id', '=', id).execute();
      return id;
    };
    // 3 ku this month (2 issued), 1 ku two months ago, 2 pk five months ago, 1 ku 13 months ago.
    const kuNow = [await file(ku, 0), await file(ku, 0), await file(ku, 0)];
    await file(ku, 2);
    await file(pk, 5);
    await file(pk, 5);
    const old = (await asResident('POST', ku.base, example('ku'))).json().data.id;
    await k
      .updateTable('letter_requests')
      .set({ created_at: '2000-01-15T00:00:00.000Z' })
      .where('id', '=', old)
      .execute();
    for (const id of kuNow.slice(0, 2)) {
      await asAdmin('PUT', `${ku.base}/${id}`, { status: 'processing' });
      await asAdmin('PUT', `${ku.base}/${id}`, { status: 'completed' });
    }
    // Processing times of 2 h and 6 h: median 4 h.
    await k
      .updateTable('pdf_histories')
      .set({ processing_seconds: 7200 })
      .where('letter_request_id', '=', kuNow[0]!)
      .execute();
    await k
      .updateTable('pdf_histories')
      .set({ processing_seconds: 21600 })
      .where('letter_request_id', '=', kuNow[1]!)
      .execute();
    await asAdmin('PUT', `${ku.base}/${kuNow[2]}`, { status: 'rejected', note: 'Tidak lengkap.' });

    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    await k
      .insertInto('population_ages')
      .values([
        {
          label: '0–14 tahun',
          age_from: 0,
          age_to: 14,
          male_count: 120,
          female_count: 110,
          ...stamps,
        },
        {
          label: '65+ tahun',
          age_from: 65,
          age_to: null,
          male_count: 40,
          female_count: 55,
          ...stamps,
        },
      ])
      .execute();
    await k
      .insertInto('population_jobs')
      .values({ job: 'Petani', male_count: 300, female_count: 120, position: 0, ...stamps })
      .execute();
    await k
      .insertInto('population_religions')
      .values({ religion: 'Islam', male_count: 900, female_count: 880, position: 0, ...stamps })
      .execute();
    await k
      .insertInto('population_infos')
      .values({ label: 'Kepala Keluarga', value: '812', unit: 'KK', position: 0, ...stamps })
      .execute();
  });
  afterAll(async () => ctx.close());

  it('is for administrators only', async () => {
    expect((await client(ctx.app, null)('GET', '/api/dashboard')).statusCode).toBe(401);
    expect((await asResident('GET', '/api/dashboard')).statusCode).toBe(403);
  });

  it('counts residents and verified residents, requests by status, letters issued this month and the median processing time', async () => {
    const res = await asAdmin('GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.residents).toBe(2);
    expect(d.verified_residents).toBe(1);
    expect(d.requests_total).toBe(7);
    expect(
      Object.fromEntries(
        d.requests_by_status.map((s: { status: string; count: number }) => [s.status, s.count]),
      ),
    ).toEqual({
      submitted: 4,
      needs_revision: 0,
      processing: 0,
      awaiting_signature: 0,
      completed: 2,
      rejected: 1,
      cancelled: 0,
    });
    expect(d.requests_by_status[0]).toEqual({ status: 'submitted', label: 'Diajukan', count: 4 });
    expect(d.issued_this_month).toBe(2);
    expect(d.median_processing_hours).toBe(4);
    expect(d.median_processing_minutes).toBe(240);
  });

  it('charts the last 12 months by type and names the busiest types', async () => {
    const d = (await asAdmin('GET', '/api/dashboard')).json().data;
    const series = d.requests_per_month as {
      month: string;
      total: number;
      by_type: Record<string, number>;
    }[];
    expect(series).toHaveLength(12);
    expect(series.map((m) => m.month)).toEqual(lastMonths(12).map((m) => m.key));
    expect(series[11]).toMatchObject({
      total: 3,
      by_type: expect.objectContaining({ ku: 3, pk: 0 }),
    });
    expect(series[9]!.by_type.ku).toBe(1);
    expect(series[6]!.by_type.pk).toBe(2);
    expect(series.reduce((n, m) => n + m.total, 0)).toBe(6);
    expect(d.busiest_types).toEqual([
      { type: 'ku', title: 'Usaha', count: 4 },
      { type: 'pk', title: 'Pengantar Kehilangan', count: 2 },
    ]);
  });

  it("summarises the village's population figures", async () => {
    const p = (await asAdmin('GET', '/api/dashboard')).json().data.population;
    expect(p.total).toEqual({ male: 160, female: 165, total: 325 });
    expect(p.ages[1]).toEqual({
      label: '65+ tahun',
      age_from: 65,
      age_to: null,
      male: 40,
      female: 55,
      total: 95,
    });
    expect(p.jobs).toEqual([{ job: 'Petani', male: 300, female: 120, total: 420 }]);
    expect(p.religions).toEqual([{ religion: 'Islam', male: 900, female: 880, total: 1780 }]);
    expect(p.infos).toEqual([{ label: 'Kepala Keluarga', value: '812', unit: 'KK' }]);
  });

  it('puts months on village time: the first hours of a month in WIB belong to it', () => {
    const [m] = lastMonths(1, new Date('2026-03-01T01:00:00+07:00'));
    expect(m).toEqual({
      key: '2026-03',
      start: '2026-02-28T17:00:00.000Z',
      end: '2026-03-31T17:00:00.000Z',
    });
  });
});

const DAY = 86_400_000;

/** The office's queue: requests waiting on it, counted by age and listed oldest first. */
describe('dashboard: waiting now by age', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  // The dashboard is computed at this moment: Date is frozen there while the tests run.
  const T = Date.now();
  const ago = (ms: number) => new Date(T - ms).toISOString();
  /** id → what the test made of it: created how long before T, in which status. */
  const made = new Map<number, { type: string; created_at: string; status: LetterStatus }>();

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T);
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    // Four residents take turns: a resident may have only a few open requests of a type.
    const residents: ReturnType<typeof client>[] = [];
    for (let i = 0; i < 4; i++)
      residents.push(client(ctx.app, await login(ctx.app, (await makeResident(db)).email)));
    const file = async (type: typeof ku, createdAgoMs: number, status: LetterStatus) => {
      const asResident = residents[made.size % residents.length]!;
      const res = await asResident('POST', type.base, example(type.code));
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as number;
      const created_at = ago(createdAgoMs);
      await db.kysely
        .updateTable('letter_requests')
        .set({ created_at, status })
        .where('id', '=', id)
        .execute();
      made.set(id, { type: type.code, created_at, status });
      return id;
    };
    // Ages in whole days at T, with the bucket each belongs to.
    await file(ku, 2 * 3600_000, 'submitted'); // 0 d: < 1 hari
    await file(pk, DAY - 1, 'processing'); // 0 d (1 ms short of a day): < 1 hari
    await file(ku, DAY, 'submitted'); // exactly 1 d: 1–3 hari
    await file(pk, 3.5 * DAY, 'processing'); // 3 d: 1–3 hari
    await file(ku, 4 * DAY, 'submitted'); // 4 d: 4–7 hari
    await file(ku, 8 * DAY - 1, 'processing'); // 7 d: 4–7 hari
    await file(pk, 8 * DAY, 'submitted'); // 8 d: > 7 hari
    await file(ku, 40 * DAY, 'processing'); // 40 d: > 7 hari
    await file(ku, 400 * DAY, 'submitted'); // 400 d: > 7 hari
    // Two filed at the same instant: the lower id first.
    await file(pk, 20 * DAY, 'submitted');
    await file(ku, 20 * DAY, 'processing');
    await file(ku, 12 * DAY, 'submitted');
    // Waiting on the Kepala Desa: counted apart from the office's (issue 25).
    await file(pk, 3600_000, 'awaiting_signature'); // 0 d: < 1 hari
    await file(ku, 5 * DAY, 'awaiting_signature'); // 5 d: 4–7 hari
    // Not waiting on the office: the resident's turn, and final statuses.
    await file(ku, 500 * DAY, 'needs_revision');
    await file(pk, 600 * DAY, 'completed');
    await file(ku, 700 * DAY, 'rejected');
    await file(ku, 800 * DAY, 'cancelled');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });

  it('counts the requests waiting (Diajukan, Diproses; Menunggu Tanda Tangan apart) in age buckets', async () => {
    const res = await asAdmin('GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json().data.waiting;
    expect(w.statuses).toEqual([
      { status: 'submitted', label: 'Diajukan' },
      { status: 'processing', label: 'Diproses' },
      { status: 'awaiting_signature', label: 'Menunggu Tanda Tangan' },
    ]);
    expect(w.total).toBe(14);
    expect(w.by_status).toEqual({ submitted: 7, processing: 5, awaiting_signature: 2 });
    expect(w.by_age).toEqual([
      {
        key: 'under_1_day',
        label: '< 1 hari',
        min_days: 0,
        max_days: 0,
        count: 3,
        by_status: { submitted: 1, processing: 1, awaiting_signature: 1 },
      },
      {
        key: '1_3_days',
        label: '1–3 hari',
        min_days: 1,
        max_days: 3,
        count: 2,
        by_status: { submitted: 1, processing: 1, awaiting_signature: 0 },
      },
      {
        key: '4_7_days',
        label: '4–7 hari',
        min_days: 4,
        max_days: 7,
        count: 3,
        by_status: { submitted: 1, processing: 1, awaiting_signature: 1 },
      },
      {
        key: 'over_7_days',
        label: '> 7 hari',
        min_days: 8,
        max_days: null,
        count: 6,
        by_status: { submitted: 4, processing: 2, awaiting_signature: 0 },
      },
    ]);
  });

  it('lists the 10 oldest waiting requests, oldest first, with what the page links and shows', async () => {
    const w = (await asAdmin('GET', '/api/dashboard')).json().data.waiting;
    const waiting = [...made.entries()]
      .filter(([, r]) => ['submitted', 'processing', 'awaiting_signature'].includes(r.status))
      .sort(([ia, a], [ib, b]) => a.created_at.localeCompare(b.created_at) || ia - ib);
    expect(w.oldest).toHaveLength(10);
    expect(w.oldest.map((r: { id: number }) => r.id)).toEqual(
      waiting.slice(0, 10).map(([id]) => id),
    );
    const [first] = waiting[0]!;
    expect(w.oldest[0]).toEqual({
      id: first,
      type: 'ku',
      type_title: 'Usaha',
      reference: `KU-${String(first).padStart(6, '0')}`,
      applicant_name: expect.any(String),
      status: 'submitted',
      status_label: 'Diajukan',
      created_at: ago(400 * DAY),
      age_days: 400,
    });
    // The two filed at the same instant: pk (filed first, lower id) before ku.
    const twins = w.oldest.filter(
      (r: { created_at: string }) => r.created_at === ago(20 * DAY),
    ) as { id: number; type: string; status: string; age_days: number }[];
    expect(twins.map((r) => [r.type, r.status, r.age_days])).toEqual([
      ['pk', 'submitted', 20],
      ['ku', 'processing', 20],
    ]);
    expect(twins[0]!.id).toBeLessThan(twins[1]!.id);
    expect(w.oldest.map((r: { age_days: number }) => r.age_days)).toEqual([
      400, 40, 20, 20, 12, 8, 7, 5, 4, 3,
    ]);
  });

  it('buckets by whole days: ranges and ages agree at every edge', () => {
    const at = new Date(T);
    const ranges = ageRanges(at);
    const bucketOf = (created: string) =>
      ranges.findIndex(
        (r) => (r.from === null || created >= r.from) && (r.to === null || created < r.to),
      );
    for (const days of [0, 1, 3, 4, 7, 8, 30]) {
      for (const offset of [days * DAY - 1, days * DAY, days * DAY + 1, (days + 0.5) * DAY]) {
        if (offset < 0) continue;
        const created = ago(offset);
        const age = ageInDays(created, at);
        const expected = WAITING_AGE_BUCKETS.findIndex(
          (b) => age >= b.min_days && (b.max_days === null || age <= b.max_days),
        );
        expect(bucketOf(created), `${created} (${age} d)`).toBe(expected);
      }
    }
    // A request stamped a moment after the dashboard's instant still counts, as < 1 hari.
    expect(bucketOf(new Date(T + 5).toISOString())).toBe(0);
  });
});

/** The dashboard is one snapshot per process, at most 60 s old, saying as of when. */
describe('dashboard: freshness', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let t: number;

  const get = async () => {
    const res = await asAdmin('GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { as_of: string; max_age_seconds: number; requests_total: number };
  };
  const file = async () =>
    expect((await asResident('POST', ku.base, example('ku'))).statusCode).toBe(201);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = Date.now();
    vi.setSystemTime(t);
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
    await file();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });
  const advance = (ms: number) => vi.setSystemTime((t += ms));

  it('answers the first request with figures computed for it, and says as of when', async () => {
    const d = await get();
    expect(d.as_of).toBe(new Date(t).toISOString());
    expect(d.max_age_seconds).toBe(60);
    expect(d.requests_total).toBe(1);
  });

  it('serves the same snapshot for 30 s, then refreshes it in the background', async () => {
    const first = await get();
    await file();
    advance(29_000);
    expect(await get()).toEqual(first); // still the snapshot of the first request
    advance(2_000); // 31 s old: answered at once from it, and a refresh starts
    expect(await get()).toEqual(first);
    const refreshedAt = t;
    // The refresh runs in the background: on a loaded machine it may take more than vi.waitFor's
    // default second.
    await vi.waitFor(async () => expect((await get()).as_of).not.toBe(first.as_of), {
      timeout: 15_000,
    });
    const d = await get();
    expect(d.as_of).toBe(new Date(refreshedAt).toISOString());
    expect(d.requests_total).toBe(2);
  });

  it('never serves figures 60 s old or older: that request waits for fresh ones', async () => {
    const before = await get();
    await file();
    advance(Date.parse(before.as_of) + 60_000 - t);
    const d = await get();
    expect(d.as_of).toBe(new Date(t).toISOString());
    expect(d.requests_total).toBe(3);
  });
});

/** The per-process snapshot on its own. */
describe('FreshSnapshot', () => {
  afterEach(() => vi.useRealTimers());

  it('computes once for callers arriving together (single flight)', async () => {
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = new FreshSnapshot(
      async () => {
        computed += 1;
        await gate;
        return computed;
      },
      { refreshAfterMs: 30_000, maxAgeMs: 60_000 },
    );
    const answers = Promise.all([s.get(), s.get(), s.get(), s.get()]);
    release();
    expect((await answers).map((a) => a.value)).toEqual([1, 1, 1, 1]);
    expect(computed).toBe(1);
  });

  it('keeps no failure: the callers get the error, the next call computes again', async () => {
    let calls = 0;
    const s = new FreshSnapshot(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return 'ok';
      },
      { refreshAfterMs: 30_000, maxAgeMs: 60_000 },
    );
    await expect(s.get()).rejects.toThrow('database away');
    expect((await s.get()).value).toBe('ok');
  });

  it('reports a failed background refresh and keeps serving the snapshot until 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.parse('2026-11-20T03:00:00.000Z');
    vi.setSystemTime(now);
    let fail = false;
    const errors: unknown[] = [];
    const s = new FreshSnapshot(
      async () => {
        if (fail) throw new Error('busy');
        return 'first';
      },
      { refreshAfterMs: 30_000, maxAgeMs: 60_000, onBackgroundError: (e) => errors.push(e) },
    );
    const first = await s.get();
    fail = true;
    vi.setSystemTime((now += 45_000));
    expect(await s.get()).toBe(first);
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 15_000 });
    vi.setSystemTime((now += 15_000)); // 60 s: no longer served
    await expect(s.get()).rejects.toThrow('busy');
  });
});
