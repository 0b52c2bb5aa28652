import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { importFile, nikFor, opensidXlsx, people } from './register-fixtures.ts';

let ctx: TestContext;
let admin: string;
let resident: string;

async function clearRegister() {
  const db = ctx.app.db;
  await db.deleteFrom('register_events').execute();
  await db.updateTable('register_families').set({ head_person_id: null }).execute();
  await db.deleteFrom('register_persons').execute();
  await db.deleteFrom('register_families').execute();
  await db.updateTable('register_areas').set({ parent_id: null }).execute();
  await db.deleteFrom('register_areas').execute();
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app, (await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' })).email);
  resident = await login(ctx.app, (await makeUser(ctx.testDb.db)).email);
});
afterAll(async () => ctx.close());
beforeEach(clearRegister);

const get = async (url: string, token = admin) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: bearer(admin), payload });

async function seed(n: number) {
  const res = await importFile(ctx.app, admin, await opensidXlsx(people(n)));
  expect(res.statusCode, res.body).toBe(200);
  const rows = await ctx.app.db
    .selectFrom('register_persons')
    .select(['id', 'family_id'])
    .orderBy('id')
    .execute();
  return rows;
}

let babySerial = 5000;
const baby = (born: string) => {
  babySerial++;
  return {
    name: `Bayi ${babySerial}`,
    nik: nikFor(born, 1, babySerial),
    gender: 'Laki-laki',
    religion: 'Islam',
    relationship: 'Anak',
    hamlet: 'Krajan',
    rw: '001',
    rt: '001',
  };
};

describe('events and the monthly report', () => {
  it('records a birth and a death by the dates they happened, lists late reports, and adds up', async () => {
    const [p1] = await seed(9);
    const birth = await send('POST', '/api/register/events', {
      kind: 'birth',
      occurred_on: '2025-05-10',
      reported_on: '2025-05-12',
      family_id: p1!.family_id,
      person: baby('2025-05-10'),
    });
    expect(birth.statusCode, birth.body).toBe(201);
    expect(birth.json().data).toMatchObject({
      kind: 'birth',
      kind_label: 'Kelahiran',
      late: false,
    });
    // A death in May reported in July: counted in May, listed as late.
    const death = await send('POST', '/api/register/events', {
      kind: 'death',
      person_id: p1!.id,
      occurred_on: '2025-05-20',
      reported_on: '2025-07-02',
    });
    expect(death.statusCode, death.body).toBe(201);
    expect(death.json().data.late).toBe(true);

    const may = await get('/api/register/monthly-report?month=2025-05');
    expect(may.start.total).toBe(9);
    expect(may.births.total).toBe(1);
    expect(may.deaths.total).toBe(1);
    expect(may.end.total).toBe(9);
    expect(may.late_reports.map((e: { kind: string }) => e.kind)).toEqual(['death']);
    const june = await get('/api/register/monthly-report?month=2025-06');
    expect(june.start).toEqual(may.end);
    const july = await get('/api/register/monthly-report?month=2025-07');
    expect(july.reported_late_this_month).toHaveLength(1);

    const dead = await get(`/api/register/persons/${p1!.id}`);
    expect(dead.data.life_status).toBe('meninggal');
    // A second death of the same person is refused.
    const again = await send('POST', '/api/register/events', {
      kind: 'death',
      person_id: p1!.id,
      occurred_on: '2025-06-01',
      reported_on: '2025-06-01',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/tidak tercatat hidup/);
    // Reported before it happened: refused.
    const early = await send('POST', '/api/register/events', {
      kind: 'move_out',
      person_id: p1!.id + 1,
      occurred_on: '2025-06-05',
      reported_on: '2025-06-01',
    });
    expect(early.statusCode).toBe(422);
  });

  it('corrects an event with a reason, audited with old and new values; the report follows', async () => {
    const [p1] = await seed(3);
    const ev = (
      await send('POST', '/api/register/events', {
        kind: 'move_out',
        person_id: p1!.id,
        occurred_on: '2025-03-03',
        reported_on: '2025-03-04',
      })
    ).json().data;
    const noReason = await send('PUT', `/api/register/events/${ev.id}`, {
      occurred_on: '2025-02-27',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Alasan koreksi wajib diisi.']);
    const fix = await send('PUT', `/api/register/events/${ev.id}`, {
      occurred_on: '2025-02-27',
      reason: 'Salah tanggal pada formulir',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().data).toMatchObject({ occurred_on: '2025-02-27', corrected: true });
    const changes = await get(`/api/register/persons/${p1!.id}/changes`);
    const c = changes.data.find((x: { action: string }) => x.action === 'register.event.correct');
    expect(c).toMatchObject({
      reason: 'Salah tanggal pada formulir',
      changes: { occurred_on: { old: '2025-03-03', new: '2025-02-27' } },
    });
    expect((await get('/api/register/monthly-report?month=2025-02')).departures.total).toBe(1);
    expect((await get('/api/register/monthly-report?month=2025-03')).departures.total).toBe(0);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: '/api/register/monthly-report?month=2025-02&format=pdf',
      headers: bearer(admin),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/register/monthly-report?month=2025-02&format=xlsx',
      headers: bearer(admin),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('edits are audited with old and new values; a person moves to another family; a family splits', async () => {
    const rows = await seed(6);
    const [a, , c] = rows;
    const edit = await send('PUT', `/api/register/persons/${a!.id}`, {
      name: 'Budi Santoso',
      religion: 'Hindu',
      rt: '007',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Budi Santoso', religion: 'Hindu', rt: '007' });
    const changes = (await get(`/api/register/persons/${a!.id}/changes`)).data;
    expect(changes[0].changes.name).toEqual({ old: 'Warga 0', new: 'Budi Santoso' });
    expect(changes[0].changes.religion).toEqual({ old: 1, new: 4 });
    const bad = await send('PUT', `/api/register/persons/${a!.id}`, { religion: 'Bukan agama' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.religion).toEqual(['Pilih agama dari daftar.']);

    const target = rows[3]!.family_id!;
    const move = await send('PUT', `/api/register/persons/${c!.id}/family`, {
      family_id: target,
      relationship: 'Famili Lain',
    });
    expect(move.statusCode, move.body).toBe(200);
    const card = await get(`/api/register/families/${target}`);
    expect(card.data.members.map((m: { relationship: string }) => m.relationship)).toEqual([
      'Kepala Keluarga',
      'Istri',
      'Anak',
      'Famili Lain',
    ]);

    const split = await send('POST', `/api/register/families/${target}/split`, {
      kk_number: '3201019999999999',
      person_ids: [c!.id],
      head_person_id: c!.id,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().data).toMatchObject({
      kk_number: '3201019999999999',
      head_person_id: c!.id,
      member_count: 1,
    });
    const taken = await send('POST', `/api/register/families/${target}/split`, {
      kk_number: '3201019999999999',
      person_ids: [rows[4]!.id],
      head_person_id: rows[4]!.id,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('areas: renamed and merged, their people follow', async () => {
    await seed(9);
    const areas = (await get('/api/register/areas')).data as {
      id: number;
      kind: string;
      name: string;
      person_count: number;
    }[];
    const dusun = areas.filter((a) => a.kind === 'dusun');
    expect(dusun.map((d) => d.name).sort()).toEqual(['Cibeureum', 'Krajan', 'Sukamaju']);
    const [x, y] = dusun;
    const renamed = await send('PUT', `/api/register/areas/${x!.id}`, { name: 'Krajan Lor' });
    expect(renamed.json().data.name).toBe('Krajan Lor');
    const merged = await send('POST', `/api/register/areas/${x!.id}/merge`, { into_id: y!.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.person_count).toBe(x!.person_count + y!.person_count);
    const list = await get(`/api/register/persons?dusun_id=${y!.id}`);
    expect(list.meta.total).toBe(x!.person_count + y!.person_count);
  });
});

describe('privacy', () => {
  it('only administrators: a resident gets 403, no token 401', async () => {
    await seed(3);
    for (const url of [
      '/api/register/persons',
      '/api/register/families',
      '/api/register/export',
      '/api/register/monthly-report?month=2025-01',
      '/api/register/areas',
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url, headers: bearer(resident) });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toMatch(/Hanya administrator/);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const imp = await importFile(ctx.app, resident, await opensidXlsx(people(3)));
    expect(imp.statusCode).toBe(403);
  });

  it('lists mask NIK and No. KK; a detail view and an export are audit rows; statistics are counts only', async () => {
    const [p1] = await seed(6);
    const list = await get('/api/register/persons');
    for (const p of list.data) {
      expect(p.nik).toMatch(/^\*{12}\d{4}$/);
      expect(p.kk_number).toMatch(/^\*{12}\d{4}$/);
    }
    const fams = await get('/api/register/families');
    expect(fams.data[0].kk_number).toMatch(/^\*{12}\d{4}$/);
    const audits = () =>
      ctx.app.db
        .selectFrom('audit_log')
        .select(['action', 'subject_id'])
        .where('action', 'like', 'register.%')
        .execute();
    const before = (await audits()).length;
    const one = await get(`/api/register/persons/${p1!.id}`);
    expect(one.data.nik).toMatch(/^\d{16}$/);
    await ctx.app.inject({ method: 'GET', url: '/api/register/export', headers: bearer(admin) });
    const rows = await audits();
    expect(rows.length).toBe(before + 2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'register.person.view', subject_id: p1!.id },
        { action: 'register.export', subject_id: null },
      ]),
    );

    const stats = await ctx.app.inject({ method: 'GET', url: '/api/statistics' });
    expect(stats.statusCode).toBe(200);
    expect(stats.body).not.toMatch(/\d{16}|Warga \d/);
    expect(stats.json().total).toBe(6);
  });
});

describe('the name search and the statistics at any size (migration 0015)', () => {
  it('finds any part of a name; the statistics follow every change and bump the public version', async () => {
    const rows = await seed(12);
    const names = async (search: string) =>
      (await get(`/api/register/persons?search=${encodeURIComponent(search)}`)).data
        .map((p: { name: string }) => p.name)
        .sort();
    // Three characters or more: the trigram index; fewer: the name index; the same answers.
    expect(await names('ARGA 1')).toEqual(['Warga 1', 'Warga 10', 'Warga 11']);
    expect(await names('ga 11')).toEqual(['Warga 11']);
    expect(await names('1')).toEqual(['Warga 1', 'Warga 10', 'Warga 11']);
    expect(await names('11')).toEqual([]);
    expect(await names('"%_')).toEqual([]);

    const version = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('public_version' as never)
            .select('version' as never)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const stats = async () => (await get('/api/statistics')) as Record<string, unknown>;
    const equalsLists = async () => {
      const s = (await stats()) as { total: number; dusun: unknown[]; [k: string]: unknown };
      for (const key of ['sex', 'religion', 'dusun', 'age_group', 'marital_status'] as const) {
        for (const row of s[key] as { count: number; filter: Record<string, string> }[]) {
          const q = new URLSearchParams(row.filter).toString();
          expect((await get(`/api/register/persons?${q}`)).meta.total, `${key} ${q}`).toBe(
            row.count,
          );
        }
      }
      return s;
    };
    expect((await equalsLists()).total).toBe(12);

    const v0 = await version();
    const edit = await send('PUT', `/api/register/persons/${rows[0]!.id}`, {
      religion: 'Hindu',
      birth_date: '1950-05-05',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await version()).toBeGreaterThan(v0);
    await equalsLists();

    const areas = (await get('/api/register/areas')).data as { id: number; kind: string }[];
    const [x, y] = areas.filter((a) => a.kind === 'dusun');
    const merged = await send('POST', `/api/register/areas/${x!.id}/merge`, { into_id: y!.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await equalsLists()).dusun).toHaveLength(2);

    const death = await send('POST', '/api/register/events', {
      kind: 'death',
      person_id: rows[1]!.id,
      occurred_on: '2025-03-01',
      reported_on: '2025-03-02',
    });
    expect(death.statusCode, death.body).toBe(201);
    expect((await equalsLists()).total).toBe(11);
  });
});

/** Every month of a year and the next January. */
const MONTHS = [
  ...Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
  '2026-01',
];

describe('property: over random event histories', () => {
  it('each month ends where the next begins, adds up, and the statistics equal the lists', async () => {
    type Step = {
      kind: 'birth' | 'death' | 'move_out' | 'move_in' | 'lost';
      day: number;
      lag: number;
      pick: number;
    };
    const step = fc.record({
      kind: fc.constantFrom('birth', 'death', 'move_out', 'move_in', 'lost'),
      day: fc.integer({ min: 0, max: 364 }),
      lag: fc.integer({ min: 0, max: 120 }),
      pick: fc.nat(),
    }) as fc.Arbitrary<Step>;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        await clearRegister();
        const seeded = await seed(9);
        const present = new Set(seeded.map((r) => r.id));
        const gone = new Set<number>();
        const day0 = Date.UTC(2025, 0, 1);
        const iso = (d: number) => new Date(day0 + d * 86_400_000).toISOString().slice(0, 10);
        for (const s of [...steps].sort((a, b) => a.day - b.day)) {
          const occurred = iso(s.day);
          const reported = iso(s.day + s.lag);
          let body: object | null = null;
          if (s.kind === 'birth' || (s.kind === 'move_in' && gone.size === 0)) {
            body = {
              kind: s.kind,
              occurred_on: occurred,
              reported_on: reported,
              family_id: seeded[0]!.family_id,
              person: baby(occurred),
            };
          } else if (s.kind === 'move_in') {
            const id = [...gone][s.pick % gone.size]!;
            body = { kind: 'move_in', person_id: id, occurred_on: occurred, reported_on: reported };
          } else if (present.size > 0) {
            const id = [...present][s.pick % present.size]!;
            body = { kind: s.kind, person_id: id, occurred_on: occurred, reported_on: reported };
          }
          if (!body) continue;
          const res = await send('POST', '/api/register/events', body);
          expect(res.statusCode, res.body).toBe(201);
          const ev = res.json().data;
          if (s.kind === 'birth' || s.kind === 'move_in') {
            present.add(ev.person_id);
            gone.delete(ev.person_id);
          } else {
            present.delete(ev.person_id);
            if (s.kind === 'move_out') gone.add(ev.person_id);
          }
        }
        let previous: { end: unknown } | null = null;
        for (const m of MONTHS) {
          const r = await get(`/api/register/monthly-report?month=${m}`);
          if (previous) expect(r.start).toEqual(previous.end);
          for (const sex of ['male', 'female', 'total'] as const) {
            expect(
              r.start[sex] +
                r.births[sex] +
                r.arrivals[sex] -
                r.deaths[sex] -
                r.departures[sex] -
                r.lost[sex],
            ).toBe(r.end[sex]);
          }
          previous = r;
        }
        const stats = await get('/api/statistics');
        const living = await get('/api/register/persons?life_status=hidup&per_page=1');
        expect(stats.total).toBe(living.meta.total);
        expect(stats.total).toBe(present.size);
        expect((previous as unknown as { end: { total: number } }).end.total).toBe(present.size);
        for (const group of ['sex', 'age_group', 'religion', 'marital_status', 'dusun'] as const) {
          expect(stats[group].reduce((a: number, r: { count: number }) => a + r.count, 0)).toBe(
            stats.total,
          );
          for (const row of stats[group] as { count: number; filter: Record<string, string> }[]) {
            const l = await get(
              `/api/register/persons?per_page=1&${new URLSearchParams(row.filter)}`,
            );
            expect(l.meta.total, `${group} ${JSON.stringify(row)}`).toBe(row.count);
          }
        }
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
