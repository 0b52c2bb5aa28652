import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, type LetterType } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';

/**
 * What must hold whatever the timing, on SQLite and PostgreSQL alike: numbers are never given
 * twice and have no gaps; of two people acting on one request exactly one wins; a retried
 * submission creates one request.
 */
describe('letters under concurrency', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asAdmin2: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let asOther: ReturnType<typeof client>;
  const type = (code: string) => letterTypeByCode(code)!;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Admin Satu' });
    const admin2 = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Admin Dua' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    asAdmin2 = client(ctx.app, await login(ctx.app, admin2.email));
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
    asOther = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
  });
  afterAll(async () => ctx.close());

  /** A request of the type, already moved to `processing`. */
  async function processing(t: LetterType): Promise<number> {
    const created = await asResident('POST', t.base, example(t.code));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const moved = await asAdmin('PUT', `${t.base}/${id}`, { status: 'processing' });
    expect(moved.statusCode, moved.body).toBe(200);
    return id;
  }

  it('gives 50 concurrent completions 50 distinct, consecutive numbers', async () => {
    // Five types that share classification code 470 draw from one register: their numbers
    // must not collide either.
    const types = ['k', 'kbnbs', 'kdtt', 'kp', 'ktts'].map(type);
    const jobs: [LetterType, number][] = [];
    for (let i = 0; i < 50; i++) {
      const t = types[i % types.length]!;
      jobs.push([t, await processing(t)]);
    }
    const results = await Promise.all(
      jobs.map(([t, id], i) =>
        (i % 2 ? asAdmin : asAdmin2)('PUT', `${t.base}/${id}`, { status: 'completed' }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => r.json().data.number as string);
    expect(new Set(numbers).size).toBe(50);
    const seqs = numbers.map((n) => Number(n.split('/')[1])).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const n of numbers) expect(n).toMatch(/^470\/\d{3}\/[IVX]+\/\d{4}$/);

    const db = ctx.testDb.db.kysely;
    const histories = await db.selectFrom('pdf_histories').select(['number', 'sha256']).execute();
    expect(histories.map((h) => h.number).sort()).toEqual([...numbers].sort());
    const [seq] = await db
      .selectFrom('letter_sequences')
      .selectAll()
      .where('scope', '=', '470')
      .execute();
    expect(seq?.last_seq).toBe(50);
  });

  it('lets exactly one of two administrators act on a request at the same moment', async () => {
    const t = type('ku');
    const before = await ctx.testDb.db.kysely
      .selectFrom('pdf_histories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (let round = 0; round < 4; round++) {
      const id = await processing(t);
      // Same action twice, and two different actions.
      const [a, b] = await Promise.all([
        asAdmin('PUT', `${t.base}/${id}`, { status: 'completed' }),
        round % 2
          ? asAdmin2('PUT', `${t.base}/${id}`, { status: 'completed' })
          : asAdmin2('PUT', `${t.base}/${id}`, { status: 'rejected', note: 'Berkas tidak sah.' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      // Depending on when the loser read the request: it lost the race to write, or it saw the
      // winner's result and asked for a change that no longer applies.
      expect(loser.json().message).toMatch(
        /baru saja diubah oleh pengguna lain|sudah berstatus|tidak dapat diubah dari "Selesai"|tidak dapat diubah dari "Ditolak"/,
      );
      const detail = (await asAdmin('GET', `${t.base}/${id}`)).json().data;
      expect(detail.events).toHaveLength(3);
    }
    const after = await ctx.testDb.db.kysely
      .selectFrom('pdf_histories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Rounds 1 and 3 raced completed against completed: one letter each. Rounds 0 and 2 raced
    // completed against rejected: one letter only if completed won.
    expect(Number(after.n) - Number(before.n)).toBeGreaterThanOrEqual(2);
    const numbers = await ctx.testDb.db.kysely
      .selectFrom('letter_requests')
      .select('number')
      .where('type', '=', 'ku')
      .where('number', 'is not', null)
      .execute();
    const seqs = numbers.map((r) => Number(r.number!.split('/')[1])).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('answers a retried submission with the request it created the first time', async () => {
    const t = type('pskck');
    const key = 'ajukan-pskck-7f3a';
    const first = await asResident('POST', t.base, example('pskck'), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await asResident('POST', t.base, example('pskck'), { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);

    // Sent ten times at once: one request.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        asResident('POST', t.base, example('pskck'), { 'idempotency-key': 'burst-91c2' }),
      ),
    );
    for (const r of burst) expect(r.statusCode, r.body).toBe(201);
    expect(new Set(burst.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await ctx.testDb.db.kysely
      .selectFrom('letter_requests')
      .select('id')
      .where('idempotency_key', '=', 'burst-91c2')
      .execute();
    expect(rows).toHaveLength(1);

    // The key belongs to its sender: another resident's same key is another request.
    const other = await asOther('POST', t.base, example('pskck'), { 'idempotency-key': key });
    expect(other.statusCode).toBe(201);
    expect(other.json().data.id).not.toBe(first.json().data.id);

    // Reusing a key for another type is refused, not silently answered with the wrong letter.
    const wrongType = await asResident('POST', type('k').base, example('k'), {
      'idempotency-key': key,
    });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().message).toMatch(/Idempotency-Key/);

    const bad = await asResident('POST', t.base, example('pskck'), {
      'idempotency-key': 'ada spasi',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['idempotency-key']).toBeDefined();
  });
});
