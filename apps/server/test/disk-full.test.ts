import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { letterTypeByCode } from '@balai/domain';
import { buildApp, loggerOptions } from '../src/app.ts';
import { groupCommit } from '../src/db/group-commit.ts';
import { DISK_FULL } from '../src/plugins/errors.ts';
import { DISK_FULL_REASON } from '../src/services/disk-space.ts';
import {
  bearer,
  createTestDb,
  login,
  makeUser,
  onPostgres,
  testConfig,
  type TestDb,
} from './helpers.ts';
import { LETTER_EXAMPLES } from './letter-helpers.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

/**
 * A full disk (issue 19.4, docs/reliability.md). The database is made to refuse writes for lack of
 * space with its own error: on SQLite the database may not grow (`max_page_count` at its size,
 * its pages filled), so SQLite itself answers SQLITE_FULL — and rolls the transaction back by
 * itself, as on a full disk; on PostgreSQL every table gets a trigger that raises SQLSTATE 53100
 * disk_full. Freeing space lifts that. The real full disk is in `npm run proof -- disk-full`.
 */
const kp = letterTypeByCode('kp')!;
/** Opened while full: more audit rows than fit in the pages SQLite has left. */
const READS = 120;

let testDb: TestDb;
let app: FastifyInstance;
let logs: { msg: string; err?: { code?: string; message?: string } }[];
let outbox: string;

async function fillTheDisk(): Promise<void> {
  const db = testDb.db.kysely;
  if (onPostgres) {
    await sql`create function fill_disk() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`.execute(db);
    const { rows } = await sql<{ t: string }>`
      select table_name as t from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    for (const { t } of rows) {
      await sql`create trigger disk_full before insert or update or delete on ${sql.table(t)}
        for each statement execute function fill_disk()`.execute(db);
    }
    return;
  }
  await sql`create table filler (b blob)`.execute(db);
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 2}`).execute(db);
  for (const size of [3000, 500, 50, 5]) {
    try {
      for (;;) await sql`insert into filler values (randomblob(${size}))`.execute(db);
    } catch (err) {
      expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    }
  }
}

async function freeSpace(): Promise<void> {
  const db = testDb.db.kysely;
  if (onPostgres) {
    await sql`drop function fill_disk() cascade`.execute(db);
    return;
  }
  await sql`pragma max_page_count = 1073741823`.execute(db);
  await sql`drop table filler`.execute(db);
}

/** A request the office files for someone at the counter (typed applicant). */
const filing = (n: number) => ({
  ...LETTER_EXAMPLES.kp,
  applicant: {
    name: `Pemohon Penuh ${n}`,
    nik: `3201${String(n).padStart(12, '0')}`,
    birth_place: 'Bogor',
    birth_date: '1980-01-01',
    gender: 'Laki-laki',
    religion: 'Islam',
    marital_status: 'Kawin',
    occupation: 'Petani',
    education: 'SMA/Sederajat',
    nationality: 'WNI',
    address: 'Kampung Babakan No. 8',
  },
});

beforeEach(async () => {
  testDb = await createTestDb();
  outbox = tempOutbox();
  logs = [];
  app = await buildApp({
    config: testConfig({ OUTBOX_DIR: outbox, RATE_LIMIT_MAX: '0' }),
    db: testDb.db,
    logger: loggerOptions('info', { write: (line) => void logs.push(JSON.parse(line)) }),
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await testDb.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe(`a full disk (${onPostgres ? 'PostgreSQL 53100' : 'SQLITE_FULL'}, issue 19.4)`, () => {
  it('refuses writes with a 503 in Indonesian, logs the real error, and resumes when space is freed', async () => {
    const admin = await makeUser(testDb.db, { role: 'ADMINISTRATOR' });
    const token = await login(app, admin.email);
    const file = (n: number) =>
      app.inject({ method: 'POST', url: kp.base, headers: bearer(token), payload: filing(n) });
    expect((await file(1)).statusCode).toBe(201);
    await fillTheDisk();

    // Filings until one is refused (on SQLite a small write may still fit in a page).
    const answered: number[] = [];
    let refused;
    for (let n = 2; n < 40 && !refused; n++) {
      const res = await file(n);
      if (res.statusCode === 503) refused = res;
      else answered.push(res.statusCode);
    }
    expect(answered.every((s) => s === 201)).toBe(true);
    expect(refused?.json()).toEqual({ message: DISK_FULL });
    expect(refused?.headers['retry-after']).toBe('60');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ status: 'degraded', disk: 'full' });
    expect(health.json().data.reasons).toContain(DISK_FULL_REASON);
    // A sign-in writes a session: refused the same way, not a 500.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: admin.email, password: 'rahasia-desa-123' },
    });
    expect([200, 503]).toContain(signIn.statusCode);
    if (signIn.statusCode === 503) expect(signIn.json().message).toBe(DISK_FULL);

    const logged = logs.filter((l) => l.msg === 'disk full: write refused');
    expect(logged.length).toBeGreaterThan(0);
    for (const l of logged) expect(l.err?.code).toBe(onPostgres ? '53100' : 'SQLITE_FULL');
    expect(JSON.stringify(logs)).not.toContain('no transaction is active');
    expect(logs.filter((l) => l.msg === 'unhandled error')).toEqual([]);

    await freeSpace();
    const again = await file(99);
    expect(again.statusCode).toBe(201);
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.json().data).toMatchObject({ status: 'ok', disk: 'ok', reasons: [] });
    // Everything acknowledged is there, and the refused one was not half-written.
    const names = await testDb.db.kysely
      .selectFrom('letter_requests')
      .select('applicant_name')
      .orderBy('id')
      .execute();
    expect(names.map((r) => r.applicant_name)).toEqual([
      'Pemohon Penuh 1',
      ...answered.map((_, i) => `Pemohon Penuh ${i + 2}`),
      'Pemohon Penuh 99',
    ]);
  });

  it('answers reads while audit rows wait for space, then writes them in order with their time', async () => {
    const admin = await makeUser(testDb.db, { role: 'ADMINISTRATOR' });
    const token = await login(app, admin.email);
    const created = await app.inject({
      method: 'POST',
      url: kp.base,
      headers: bearer(token),
      payload: filing(1),
    });
    const id = created.json().data.id as number;
    const views = () =>
      testDb.db.kysely
        .selectFrom('audit_log')
        .select(['subject_id', 'created_at'])
        .where('action', '=', 'letter.view')
        .orderBy('id')
        .execute();
    await fillTheDisk();

    const openedAt: string[] = [];
    for (let i = 0; i < READS; i++) {
      openedAt.push(new Date().toISOString());
      const res = await app.inject({
        method: 'GET',
        url: `${kp.base}/${id}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(id);
    }
    const held = app.readAudit.held();
    expect(held).toBeGreaterThan(0);
    expect(logs.filter((l) => l.msg === 'disk full: audit row of a read held')).toHaveLength(held);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data.disk).toBe('full');

    const freedAt = new Date().toISOString();
    await freeSpace();
    await app.readAudit.flush();
    expect(app.readAudit.held()).toBe(0);
    const rows = await views();
    expect(rows).toHaveLength(READS);
    expect(rows.every((r) => r.subject_id === id)).toBe(true);
    // Held rows keep the moment of the read, not of the write.
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort());
    expect(times.at(-1)! < freedAt).toBe(true);
    expect(times[0]! >= openedAt[0]!.slice(0, 19)).toBe(true);
  });

  it('keeps the rollback from hiding the error that caused it', async () => {
    const db = testDb.db.kysely;
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    // As SQLite does after SQLITE_FULL: the transaction is already rolled back when the error
    // reaches Kysely, whose own ROLLBACK then fails ("no transaction is active").
    const failing = async (trx: typeof db) => {
      await sql`rollback`.execute(trx);
      throw full;
    };
    await expect(db.transaction().execute(failing)).rejects.toBe(full);
    await expect(groupCommit(db, failing)).rejects.toBe(full);
    // The connection is usable afterwards.
    await expect(groupCommit(db, async (trx) => sql`select 1`.execute(trx))).resolves.toBeTruthy();
  });

  it('keeps an e-mail that cannot be written and delivers it when it can', async () => {
    const user = await makeUser(testDb.db);
    // The outbox cannot be written: a file where its folder should be (ENOTDIR; a full disk is
    // ENOSPC, retried the same way). The mail is a row of the notice outbox (issue 22).
    fs.rmSync(outbox, { recursive: true });
    fs.writeFileSync(outbox, 'bukan folder');
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const row = () =>
      app.db
        .selectFrom('notice_outbox')
        .select(['id', 'state', 'tries', 'last_error'])
        .where('kind', '=', 'reset')
        .executeTakeFirst();
    for (let i = 0; i < 300 && !(await row())?.last_error; i++)
      await new Promise((r) => setTimeout(r, 10));
    const waiting = await row();
    expect(waiting).toMatchObject({ state: 'queued', tries: 1 });
    expect(waiting?.last_error).toContain('e-mail');

    fs.rmSync(outbox);
    await app.db
      .updateTable('notice_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('id', '=', waiting!.id)
      .execute();
    await app.notices.worker.runOnce();
    expect((await row())?.state).toBe('sent');
    const [mail] = await outboxMails(outbox, 1);
    expect(mail).toContain(user.email);
    expect(mail).toContain('Atur ulang kata sandi');
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
