import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_STATUSES, letterTypeByCode } from '@balai/domain';
import { keptCounts } from '../src/repositories/letter-search.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const kp = letterTypeByCode('kp')!;

/**
 * Migration 0008 (docs/letters.md, "The desks"): the status counts kept by triggers agree with
 * the rows through every change, and the resident search finds by the trigram index what a
 * scan of the names, e-mails and NIKs would find.
 */
describe('desk indexes', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let residents: ReturnType<typeof client>[];

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '0',
        LETTER_MAX_OPEN_PER_RESIDENT: '0',
        LETTER_MAX_OPEN_PER_TYPE: '0',
        LETTER_MAX_SUBMISSIONS_PER_HOUR: '0',
      },
    });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    residents = [];
    for (const [name, nik] of [
      ['Siti Rahmawati', '3201014506880002'],
      ['Budi Santoso', '3201021203850001'],
      ['Élodie Ñúñez', '3202014506900003'],
    ] as const) {
      const user = await makeResident(db, { name, nik });
      residents.push(client(ctx.app, await login(ctx.app, user.email)));
    }
  });
  afterAll(async () => ctx.close());

  /** The counts a scan of the rows gives, by type and status. */
  async function counted() {
    const rows = await ctx.testDb.db.kysely
      .selectFrom('letter_requests')
      .select(['type', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['type', 'status'])
      .execute();
    const by: Record<string, Record<string, number>> = {};
    for (const r of rows) (by[r.type] ??= {})[r.status] = Number(r.n);
    return by;
  }

  async function expectKeptCountsAgree() {
    const truth = await counted();
    for (const type of [ku, kp]) {
      const kept = await keptCounts(ctx.testDb.db.kysely, type.code, LETTER_STATUSES);
      for (const s of LETTER_STATUSES)
        expect(kept[s], `${type.code} ${s}`).toBe(truth[type.code]?.[s] ?? 0);
      // Through the API: the tabs' counts, and the unfiltered list's total.
      const res = await asAdmin('GET', `${type.base}?counts=${LETTER_STATUSES.join(',')}`);
      expect(res.statusCode, res.body).toBe(200);
      const total = Object.values(truth[type.code] ?? {}).reduce((a, b) => a + b, 0);
      expect(res.json().meta.total).toBe(total);
      for (const s of LETTER_STATUSES)
        expect(res.json().meta.counts[s]).toBe(truth[type.code]?.[s] ?? 0);
      const submitted = await asAdmin('GET', `${type.base}?status=submitted,processing`);
      expect(submitted.json().meta.total).toBe(
        (truth[type.code]?.submitted ?? 0) + (truth[type.code]?.processing ?? 0),
      );
    }
    const across = await asAdmin(
      'GET',
      '/api/letter-requests?status=submitted,processing&counts=submitted,processing',
    );
    const sum = (s: string) => (truth.ku?.[s] ?? 0) + (truth.kp?.[s] ?? 0);
    expect(across.json().meta.counts).toEqual({
      submitted: sum('submitted'),
      processing: sum('processing'),
    });
    expect(across.json().meta.total).toBe(sum('submitted') + sum('processing'));
  }

  it('keeps the status counts through filing, every change, cancelling and deleting', async () => {
    await expectKeptCountsAgree();
    const ids: number[] = [];
    // Filed at once, as a burst (on PostgreSQL the transactions land on different shards).
    const filed = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        residents[i % 3]!('POST', (i % 2 ? kp : ku).base, example(i % 2 ? 'kp' : 'ku')),
      ),
    );
    for (const res of filed) {
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    await expectKeptCountsAgree();
    const base = (i: number) => (i % 2 ? kp : ku).base;
    // Changes at once: processing, needs revision, rejected, and a resident's cancellation.
    await Promise.all(
      ids.slice(0, 16).map((id, i) => {
        if (i % 4 === 0) return asAdmin('PUT', `${base(i)}/${id}`, { status: 'processing' });
        if (i % 4 === 1)
          return asAdmin('PUT', `${base(i)}/${id}`, { status: 'needs_revision', note: 'Buram.' });
        if (i % 4 === 2)
          return asAdmin('PUT', `${base(i)}/${id}`, { status: 'rejected', note: 'Bukan warga.' });
        return residents[i % 3]!('PUT', `${base(i)}/${id}`, { status: 'cancelled' });
      }),
    );
    await expectKeptCountsAgree();
    // A resubmission (needs revision → submitted) and back again, then deletions.
    const revised = ids[1]!;
    const res = await residents[1]!('PUT', `${kp.base}/${revised}`, { purpose: 'Untuk bank.' });
    expect(res.statusCode, res.body).toBe(200);
    await expectKeptCountsAgree();
    for (const i of [2, 3, 6, 7]) {
      const del = await asAdmin('DELETE', `${base(i)}/${ids[i]}`);
      expect(del.statusCode, del.body).toBe(200);
    }
    await expectKeptCountsAgree();
  });

  it('finds residents by any part of the name or e-mail and by the start of the NIK', async () => {
    const names = async (search: string) => {
      const res = await asAdmin(
        'GET',
        `/api/users/list?${new URLSearchParams({ search, role: 'WARGA', active: 'true', per_page: '8' })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((u) => u.name).sort();
    };
    expect(await names('siti')).toEqual(['Siti Rahmawati']);
    expect(await names('AHMAWA')).toEqual(['Siti Rahmawati']);
    expect(await names('ti rah')).toEqual(['Siti Rahmawati']);
    expect(await names('santoso')).toEqual(['Budi Santoso']);
    expect(await names('ñúñez')).toEqual(['Élodie Ñúñez']);
    expect(await names('32010')).toEqual(['Budi Santoso', 'Siti Rahmawati']);
    expect(await names('3202014506900003')).toEqual(['Élodie Ñúñez']);
    expect(await names('@')).toHaveLength(3); // short: read from the table
    expect(await names('si')).toEqual(['Siti Rahmawati']);
    // FTS5 query syntax and SQL are only text.
    for (const text of ['"siti"', 'siti OR budi', 'sit*', 'name:siti', "' OR 1=1 --", '%%%'])
      expect(await names(text), text).toEqual([]);
    // The index follows renames and deletions.
    const user = await makeResident(ctx.testDb.db, { name: 'Wahyu Kurniawan' });
    expect(await names('kurnia')).toEqual(['Wahyu Kurniawan']);
    await ctx.testDb.db.kysely
      .updateTable('users')
      .set({ name: 'Wahyu Pratama' })
      .where('id', '=', user.id)
      .execute();
    expect(await names('kurnia')).toEqual([]);
    expect(await names('pratama')).toEqual(['Wahyu Pratama']);
    expect(await names(user.email.slice(0, 6))).toContain('Wahyu Pratama');
    await ctx.testDb.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await names('pratama')).toEqual([]);
  });
});
