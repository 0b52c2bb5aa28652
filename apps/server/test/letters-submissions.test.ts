import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { groupCommit } from '../src/db/group-commit.ts';
import { requestTerms } from '../src/repositories/letter-filters.ts';
import { createTestApp, login, makeUser, onPostgres, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const kp = letterTypeByCode('kp')!;

/**
 * Filing under load (ADR 0010): on SQLite submissions arriving together share one commit,
 * each in its own savepoint; on PostgreSQL each is one statement. Either way every submission
 * is whole — request, terms, event, notices, audit — and stands or falls alone.
 */
describe('submissions at once', () => {
  let ctx: TestContext;
  let adminIds: number[];
  let firstAdminEmail: string;
  let residents: { id: number; as: ReturnType<typeof client> }[];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    const admins = [
      await makeUser(db, { role: 'ADMINISTRATOR', name: 'Admin Satu' }),
      await makeUser(db, { role: 'ADMINISTRATOR', name: 'Admin Dua' }),
    ];
    adminIds = admins.map((a) => a.id);
    firstAdminEmail = admins[0]!.email;
    // An administrator who has left is told nothing.
    await makeUser(db, { role: 'ADMINISTRATOR', name: 'Admin Lama', active: false });
    residents = [];
    for (let i = 0; i < 24; i++) {
      const r = await makeResident(db, { name: `Sitompul Warga${i}` });
      residents.push({ id: r.id, as: client(ctx.app, await login(ctx.app, r.email)) });
    }
  });
  afterAll(async () => ctx.close());

  it('writes every submission of a burst whole: terms, event, a notice to each active administrator, audit', async () => {
    const answers = await Promise.all(residents.map((r) => r.as('POST', kp.base, example('kp'))));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const ids = answers.map((a) => a.json().data.id as number);
    expect(new Set(ids).size).toBe(residents.length);

    const db = ctx.testDb.db.kysely;
    for (const [i, answer] of answers.entries()) {
      const id = ids[i]!;
      const row = await db
        .selectFrom('letter_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.applicant_user_id).toBe(residents[i]!.id);
      expect(row.filed_by).toBe(residents[i]!.id);
      expect(row.status).toBe('submitted');

      const terms = await db
        .selectFrom('letter_search_terms')
        .selectAll()
        .where('letter_request_id', '=', id)
        .execute();
      expect(terms.map((t) => t.term).sort()).toEqual(requestTerms(row).sort());
      for (const t of terms) {
        expect([t.type, t.status, t.created_at]).toEqual([row.type, row.status, row.created_at]);
      }

      const events = await db
        .selectFrom('letter_events')
        .selectAll()
        .where('letter_request_id', '=', id)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actor_id: residents[i]!.id,
        from_status: null,
        to_status: 'submitted',
      });
      // The answer carries that event: the web app shows the history without a second read.
      expect(answer.json().data.events.map((e: { id: number }) => e.id)).toEqual([events[0]!.id]);

      const notices = await db
        .selectFrom('notifications')
        .select(['user_id', 'link', 'title', 'body'])
        .where('letter_request_id', '=', id)
        .orderBy('user_id')
        .execute();
      expect(notices.map((n) => n.user_id)).toEqual(adminIds);
      for (const n of notices) {
        expect(n.link).toBe(`/admin/service-kp/${id}`);
        expect(n.title).toBe('Permohonan baru: Surat Keterangan Penghasilan');
        expect(n.body).toContain(`Sitompul Warga${i}`);
      }

      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'letter.create')
        .where('subject_id', '=', id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.user_id).toBe(residents[i]!.id);
      expect(JSON.parse(audit[0]!.detail!)).toEqual({ type: 'kp', on_behalf: false });
    }
  });

  it('keeps idempotency inside a burst: one request per key, the others unaffected', async () => {
    const [repeater, ...others] = residents;
    const key = 'burst-kp-4411';
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        repeater!.as('POST', kp.base, example('kp'), { 'idempotency-key': key }),
      ),
      ...others.map((r) => r.as('POST', kp.base, example('kp'), { 'idempotency-key': key })),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const repeated = answers.slice(0, 6);
    expect(new Set(repeated.map((a) => a.json().data.id)).size).toBe(1);
    expect(repeated.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    // The same key from other residents is theirs: each got a request of their own.
    const otherIds = answers.slice(6).map((a) => a.json().data.id as number);
    expect(new Set([...otherIds, repeated[0]!.json().data.id]).size).toBe(others.length + 1);

    const rows = await ctx.testDb.db.kysely
      .selectFrom('letter_requests')
      .select(['id', 'filed_by'])
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(residents.length);
    const events = await ctx.testDb.db.kysely
      .selectFrom('letter_events')
      .select('id')
      .where('letter_request_id', '=', repeated[0]!.json().data.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('tells the resident, and the other administrators, when the office files for them', async () => {
    const db = ctx.testDb.db;
    const filer = client(ctx.app, await login(ctx.app, firstAdminEmail));
    const resident = residents[3]!;
    const res = await filer('POST', kp.base, { ...example('kp'), applicant_id: resident.id });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const notices = await db.kysely
      .selectFrom('notifications')
      .select(['user_id', 'link'])
      .where('letter_request_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(notices).toEqual(
      [
        { user_id: adminIds[1]!, link: `/admin/service-kp/${id}` },
        { user_id: resident.id, link: `/service/kp/${id}` },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const audit = await db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'letter.create')
      .where('subject_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ type: 'kp', on_behalf: true });
  });
});

describe('group commit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const actions = async (prefix: string) =>
    (
      await ctx.testDb.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', `${prefix}%`)
        .orderBy('action')
        .execute()
    ).map((r) => r.action);

  it('rolls back a failing write alone; the writes beside it commit and get their results', async () => {
    const db = ctx.testDb.db.kysely;
    const taken = await makeUser(ctx.testDb.db, { role: 'WARGA' });
    const audit = (action: string) =>
      ({ action, created_at: new Date().toISOString() }) satisfies {
        action: string;
        created_at: string;
      };
    // Enqueued in one turn of the event loop: on SQLite one batch, one commit.
    const results = await Promise.allSettled([
      groupCommit(db, async (trx) => {
        await trx.insertInto('audit_log').values(audit('gc.1')).execute();
        return 'one';
      }),
      groupCommit(db, async (trx) => {
        await trx.insertInto('audit_log').values(audit('gc.2')).execute();
        throw new Error('boom');
      }),
      groupCommit(db, async (trx) => {
        await trx.insertInto('audit_log').values(audit('gc.3')).execute();
        // A database error half-way: the write's first statement is undone with it.
        await trx
          .insertInto('users')
          .values({
            name: 'Dobel',
            email: taken.email,
            password_hash: 'x',
            role: 'WARGA',
            active: 1,
            created_at: '2026-11-22T00:00:00.000Z',
            updated_at: '2026-11-22T00:00:00.000Z',
          })
          .execute();
        return 'three';
      }),
      groupCommit(db, async (trx) => {
        await trx.insertInto('audit_log').values(audit('gc.4')).execute();
        return 'four';
      }),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'one' });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'boom' } });
    expect(results[2]!.status).toBe('rejected');
    expect(results[3]).toEqual({ status: 'fulfilled', value: 'four' });
    expect(await actions('gc.')).toEqual(['gc.1', 'gc.4']);
  });

  it('shows a write to other connections only once committed; on SQLite the writes arriving together commit once, after the last', async () => {
    const db = ctx.testDb.db.kysely;
    const outsider = ctx.testDb.connectAgain();
    /** What another connection sees of the batch while each write runs. */
    const seen: string[][] = [];
    try {
      const write = (action: string) =>
        groupCommit(db, async (trx) => {
          await trx
            .insertInto('audit_log')
            .values({ action, created_at: new Date().toISOString() })
            .execute();
          const rows = await outsider.kysely
            .selectFrom('audit_log')
            .select('action')
            .where('action', 'like', 'batch.%')
            .execute();
          seen.push(rows.map((r) => r.action));
        });
      await Promise.all([write('batch.1'), write('batch.2'), write('batch.3')]);
      expect(seen).toHaveLength(3);
      // Nobody sees a write before its commit.
      seen.forEach((visible, i) => expect(visible).not.toContain(`batch.${i + 1}`));
      // SQLite: one shared commit after the third write, so none was visible during the batch.
      // PostgreSQL: each write is a transaction of its own (concurrent backends share WAL flushes).
      if (!onPostgres) expect(seen).toEqual([[], [], []]);
      expect(await actions('batch.')).toEqual(['batch.1', 'batch.2', 'batch.3']);
    } finally {
      await outsider.close();
    }
  });

  it('runs inside the caller’s transaction when given one', async () => {
    const db = ctx.testDb.db.kysely;
    await expect(
      db.transaction().execute(async (trx) => {
        await groupCommit(trx, async (inner) => {
          await inner
            .insertInto('audit_log')
            .values({ action: 'nested.1', created_at: new Date().toISOString() })
            .execute();
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await actions('nested.')).toEqual([]);
  });
});
