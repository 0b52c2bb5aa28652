import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;

/**
 * Issuing writes, in its one transaction, the PDF, its archive row, the `completed` event, the
 * resident's notice and the audit row (one statement on PostgreSQL, five on SQLite): each is
 * read back here as stored.
 */
describe('issuing a letter', () => {
  let ctx: TestContext;
  let adminId: number;
  let residentId: number;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Sekretaris Desa' });
    adminId = admin.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const resident = await makeResident(db, { name: 'Dewi Anggraini' });
    residentId = resident.id;
    asResident = client(ctx.app, await login(ctx.app, resident.email));
  });
  afterAll(async () => ctx.close());

  async function issue(body: Record<string, unknown>, as = asResident) {
    const created = (await as('POST', ku.base, body)).json().data as { id: number };
    expect(
      (await asAdmin('PUT', `${ku.base}/${created.id}`, { status: 'processing' })).statusCode,
    ).toBe(200);
    const done = await asAdmin('PUT', `${ku.base}/${created.id}`, {
      status: 'completed',
      note: 'Silakan diunduh.',
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().data as { id: number; number: string; pdf: { sha256: string } };
  }

  it('stores the PDF, its archive row, the event, the resident’s notice and the audit row', async () => {
    const letter = await issue(example('ku'));
    const db = ctx.testDb.db.kysely;

    const history = await db
      .selectFrom('pdf_histories')
      .selectAll()
      .where('letter_request_id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({
      type: 'ku',
      number: letter.number,
      sha256: letter.pdf.sha256,
      issued_by: adminId,
    });
    expect(history.processing_seconds).toBeGreaterThanOrEqual(0);
    expect(history.processing_seconds).toBeLessThan(60);

    const file = await db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', history.file_id)
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from(file.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file).toMatchObject({ kind: 'pdf', mime: 'application/pdf', size: bytes.length });
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    expect(file.sha256).toBe(letter.pdf.sha256);
    // The download is those bytes.
    const pdf = await asResident('GET', `${ku.base}/${letter.id}/pdf`);
    expect(Buffer.compare(pdf.rawPayload, bytes)).toBe(0);

    const events = await db
      .selectFrom('letter_events')
      .selectAll()
      .where('letter_request_id', '=', letter.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toMatchObject({
      actor_id: adminId,
      from_status: 'processing',
      to_status: 'completed',
      note: 'Silakan diunduh.',
      created_at: history.issued_at,
    });

    const notices = await db
      .selectFrom('notifications')
      .selectAll()
      .where('letter_request_id', '=', letter.id)
      .where('user_id', '=', residentId)
      .orderBy('id')
      .execute();
    const last = notices.at(-1)!;
    expect(last.link).toBe(`/service/ku/${letter.id}`);
    expect(last.read_at).toBeNull();
    expect(`${last.title} ${last.body}`).toContain(letter.number);
    expect(last.body).toContain('Silakan diunduh.');

    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'letter.status')
      .where('subject_id', '=', letter.id)
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toMatchObject({ user_id: adminId, subject_type: 'letter_request' });
    expect(JSON.parse(audit.at(-1)!.detail!)).toEqual({
      type: 'ku',
      from: 'processing',
      to: 'completed',
      number: letter.number,
    });
  });

  it('tells nobody when the applicant has no account, and still stores the rest', async () => {
    const applicant = {
      name: 'Tanpa Akun',
      nik: '3201019999000017',
      kk_number: '3201019999000001',
      birth_place: 'Bogor',
      birth_date: '1970-01-02',
      gender: 'Laki-laki',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: 'Petani',
      nationality: 'WNI',
      address: 'Kp. Babakan',
      rt: '001',
      rw: '002',
    };
    const letter = await issue({ ...example('ku'), applicant }, asAdmin);
    const db = ctx.testDb.db.kysely;
    // No resident-facing notice (the office is the only one who knows of this letter).
    const notices = await db
      .selectFrom('notifications')
      .select('link')
      .where('letter_request_id', '=', letter.id)
      .execute();
    expect(notices.filter((n) => n.link?.startsWith('/service/'))).toEqual([]);
    const history = await db
      .selectFrom('pdf_histories')
      .select(['number', 'sha256'])
      .where('letter_request_id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ number: letter.number, sha256: letter.pdf.sha256 });
  });
});
