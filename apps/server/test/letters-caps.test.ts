import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TYPES } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, withRequiredPhotos } from './letter-helpers.ts';

/**
 * Issue 14.7: caps on one resident's own submissions, which must hold when the submissions
 * arrive at once (the SQLite group commit, the PostgreSQL advisory lock). The defaults: 5 open
 * per type, 15 open in all, 30 submissions an hour.
 */
describe('caps on a resident’s submissions, with the defaults', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let adminId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    adminId = admin.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
  });
  afterAll(async () => ctx.close());

  const resident = async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    return { user, token, as: client(ctx.app, token) };
  };
  const count = async (userId: number) =>
    (
      await ctx.testDb.db.kysely
        .selectFrom('letter_requests')
        .select('id')
        .where('applicant_user_id', '=', userId)
        .execute()
    ).length;

  it('lets 5 of 12 parallel submissions of one type through; a cancellation frees a place', async () => {
    const t = LETTER_TYPES[0]!;
    const { user, as } = await resident();
    const notesBefore = await ctx.testDb.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', adminId)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => as('POST', t.base, example(t.code))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(201), ...Array(7).fill(422)]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().message).toBe(
      `Anda masih memiliki 5 permohonan ${t.title} yang sedang diproses. Tunggu hingga salah satunya selesai, atau batalkan permohonan yang tidak diperlukan, sebelum mengajukan lagi.`,
    );
    expect(await count(user.id)).toBe(5);
    // Nothing half-written: the office got five notices, not twelve.
    const notesAfter = await ctx.testDb.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', adminId)
      .execute();
    expect(notesAfter.length - notesBefore.length).toBe(5);

    const first = answers.find((a) => a.statusCode === 201)!.json().data.id as number;
    const cancelled = await as('PUT', `${t.base}/${first}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await as('POST', t.base, example(t.code))).statusCode).toBe(201);
    expect((await as('POST', t.base, example(t.code))).statusCode).toBe(422);
  });

  it('lets 15 of 24 parallel submissions across types through', async () => {
    const { user, token, as } = await resident();
    const types = LETTER_TYPES.slice(0, 12);
    // Each body with its own photos of what a type needs online (kkel), staged beforehand.
    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      bodies.push(await withRequiredPhotos(ctx.app, token, types[i % types.length]!));
    }
    const answers = await Promise.all(
      bodies.map((body, i) => as('POST', types[i % types.length]!.base, body)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(15).fill(201), ...Array(9).fill(422)]);
    expect(answers.find((a) => a.statusCode === 422)!.json().message).toMatch(
      /^Anda masih memiliki 15 permohonan surat yang sedang diproses\./,
    );
    expect(await count(user.id)).toBe(15);
  });

  it('does not cap the office filing for a resident', async () => {
    const t = LETTER_TYPES[1]!;
    const { user } = await resident();
    for (let i = 0; i < 7; i++) {
      const res = await asAdmin('POST', t.base, { ...example(t.code), applicant_id: user.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await count(user.id)).toBe(7);
  });
});

describe('the submission rate', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { RATE_LIMIT_MAX: '0', LETTER_MAX_SUBMISSIONS_PER_HOUR: '4' },
    });
  });
  afterAll(async () => ctx.close());

  it('answers 429 with Retry-After past the hourly rate, also for parallel submissions', async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const as = client(ctx.app, token);
    const types = LETTER_TYPES.slice(0, 10);
    const bodies: Record<string, unknown>[] = [];
    for (const t of types) bodies.push(await withRequiredPhotos(ctx.app, token, t));
    const answers = await Promise.all(types.map((t, i) => as('POST', t.base, bodies[i])));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(4).fill(201), ...Array(6).fill(429)]);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.json().message).toBe(
      'Anda sudah mengajukan 4 permohonan dalam satu jam terakhir. Silakan coba lagi dalam 60 menit.',
    );
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // Cancelling does not give the hour back.
    const id = answers.find((a) => a.statusCode === 201)!.json().data.id as number;
    const t = types[answers.findIndex((a) => a.statusCode === 201)]!;
    expect((await as('PUT', `${t.base}/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await as('POST', t.base, example(t.code))).statusCode).toBe(429);
  });
});
