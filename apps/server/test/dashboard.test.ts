import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { lastMonths } from '../src/routes/letters/dashboard.ts';
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
    await makeResident(db);
    await makeResident(db, { active: false });

    const k = db.kysely;
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

  it('counts residents, requests by status, letters issued this month and the median processing time', async () => {
    const res = await asAdmin('GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.residents).toBe(2);
    expect(d.requests_total).toBe(7);
    expect(
      Object.fromEntries(
        d.requests_by_status.map((s: { status: string; count: number }) => [s.status, s.count]),
      ),
    ).toEqual({
      submitted: 4,
      needs_revision: 0,
      processing: 0,
      completed: 2,
      rejected: 1,
      cancelled: 0,
    });
    expect(d.requests_by_status[0]).toEqual({ status: 'submitted', label: 'Diajukan', count: 4 });
    expect(d.issued_this_month).toBe(2);
    expect(d.median_processing_hours).toBe(4);
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
