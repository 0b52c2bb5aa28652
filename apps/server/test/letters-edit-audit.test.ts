import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { FULL_PROFILE, client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const purposeLabel = ku.fields.find((f) => f.name === 'purpose')!.label;

interface Event {
  from_status: string | null;
  to_status: string;
  changes: { field: string; label: string; old: string | null; new: string | null }[] | null;
  actor_name: string | null;
}

/**
 * An edit of a request is audited with its old and new values and is a line of the timeline
 * (issue 12.4): the office's edits, a resident's resubmission and a retyped applicant block.
 */
describe('edits of a request: old and new values in the timeline and the audit log', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asSiti: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Petugas Rina' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const siti = await makeResident(db, { name: 'Siti Rahmawati', nik: '3201014506880002' });
    asSiti = client(ctx.app, await login(ctx.app, siti.email));
  });
  afterAll(async () => ctx.close());

  const events = async (id: number, as = asAdmin): Promise<Event[]> => {
    const res = await as('GET', `${ku.base}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.events;
  };
  const auditOf = (id: number) =>
    ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject_type', '=', 'letter_request')
      .where('subject_id', '=', id)
      // An administrator's reading is audited too (letter.view); only the changes count here.
      .where('action', '!=', 'letter.view')
      .orderBy('id')
      .execute();

  it("records the office's edit as an event with each old and new value, by name, and audits it", async () => {
    const id = (await asSiti('POST', ku.base, example('ku'))).json().data.id;
    await asAdmin('PUT', `${ku.base}/${id}`, { status: 'processing' });
    const before = example('ku').purpose;
    const res = await asAdmin('PUT', `${ku.base}/${id}`, { purpose: 'Membuka rekening bank' });
    expect(res.statusCode, res.body).toBe(200);
    const timeline = await events(id);
    expect(timeline).toHaveLength(3);
    expect(timeline[2]).toEqual(
      expect.objectContaining({
        from_status: 'processing',
        to_status: 'processing',
        actor_name: 'Petugas Rina',
        changes: [
          { field: 'purpose', label: purposeLabel, old: before, new: 'Membuka rekening bank' },
        ],
      }),
    );
    // The resident sees what the office changed in their request (not who).
    const theirs = await events(id, asSiti);
    expect(theirs[2]).toMatchObject({ changes: timeline[2]!.changes, actor_name: null });
    const audit = (await auditOf(id)).at(-1)!;
    expect(audit.action).toBe('letter.update');
    expect(JSON.parse(audit.detail!).changes).toEqual(timeline[2]!.changes);

    // Saving the same values again changes nothing: no new line in the timeline.
    await asAdmin('PUT', `${ku.base}/${id}`, { purpose: 'Membuka rekening bank' });
    expect(await events(id)).toHaveLength(3);
  });

  it("puts a resident's corrections on the resubmission's line", async () => {
    const id = (await asSiti('POST', ku.base, example('ku'))).json().data.id;
    await asAdmin('PUT', `${ku.base}/${id}`, {
      status: 'needs_revision',
      note: 'Keperluan kurang jelas.',
    });
    const res = await asSiti('PUT', `${ku.base}/${id}`, { purpose: 'Pengajuan kredit usaha' });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await events(id, asSiti)).at(-1)!;
    expect(last).toMatchObject({
      from_status: 'needs_revision',
      to_status: 'submitted',
      changes: [expect.objectContaining({ field: 'purpose', new: 'Pengajuan kredit usaha' })],
    });
  });

  it('shows a retyped applicant block with NIK and No. KK by their last four digits only', async () => {
    const applicant = {
      ...FULL_PROFILE,
      name: 'Pak Darto',
      nik: '3201010101700011',
      kk_number: '3201010101700099',
    };
    const { phone: _phone, ...block } = applicant;
    const created = await asAdmin('POST', ku.base, { ...example('ku'), applicant: block });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const res = await asAdmin('PUT', `${ku.base}/${id}`, {
      applicant: { ...block, nik: '3201010101700012', birth_place: 'Cianjur' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await events(id)).at(-1)!;
    expect(last.changes).toEqual([
      { field: 'applicant.nik', label: 'NIK', old: '…0011', new: '…0012' },
      { field: 'applicant.birth_place', label: expect.any(String), old: 'Bogor', new: 'Cianjur' },
    ]);
    const audit = JSON.stringify(await auditOf(id));
    expect(audit).not.toContain('3201010101700011');
    expect(audit).not.toContain('3201010101700012');
  });

  it('refuses an edit of a final request and writes nothing', async () => {
    const id = (await asSiti('POST', ku.base, example('ku'))).json().data.id;
    await asAdmin('PUT', `${ku.base}/${id}`, { status: 'rejected', note: 'Bukan warga desa.' });
    const timeline = await events(id);
    const audit = await auditOf(id);
    const res = await asAdmin('PUT', `${ku.base}/${id}`, { purpose: 'Apa saja' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/tidak dapat diubah/);
    expect(await events(id)).toEqual(timeline);
    expect(await auditOf(id)).toEqual(audit);
  });
});
