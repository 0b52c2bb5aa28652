import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_ONLY, NOT_LIVING_MESSAGES, ADMIN_ROLE } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, NO_SUBMISSION_CAPS } from './letter-helpers.ts';
import { importFile, opensidXlsx, people, type Person } from './register-fixtures.ts';

// Issue 21: letters for family members, letters that record a birth or a death in the register,
// accounts' identity following the register, and older accounts matched by NIK on import.
// Family 0: persons[0] head (the parent who files), [1] wife, [2] child, [6] a member who died.
// Family 1: persons[3..5]. One app and one import for the whole file.
let ctx: TestContext;
let persons: Person[];
let admin: ReturnType<typeof client>;
let adminToken: string;
let parent: ReturnType<typeof client>;
let parentId: number;
/** A Surat Keterangan filed at the desk (a type that records nothing in the register). */
let statementId: number;
const ids = new Map<string, number>();
const idOf = (p: Person) => ids.get(p.nik)!;

const count = async (table: 'letter_requests' | 'register_persons' | 'register_events') =>
  Number(
    (
      await ctx.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const audits = (action: string) =>
  ctx.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

/** The desk files `code` for a register person and issues it; the request's id. */
async function issuedFor(code: 'kkel' | 'kkem', personId: number, data: Record<string, unknown>) {
  const base = code === 'kkel' ? '/api/birth-certificates' : '/api/death-certificates';
  const filed = await admin('POST', base, {
    ...example(code),
    ...data,
    subject_person_id: personId,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = filed.json().data.id as number;
  for (const status of ['processing', 'completed']) {
    const res = await admin('POST', `${base}/${id}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: NO_SUBMISSION_CAPS });
  const adminUser = await makeUser(ctx.testDb.db, { role: ADMIN_ROLE });
  adminToken = await login(ctx.app, adminUser.email);
  admin = client(ctx.app, adminToken);
  persons = people(6);
  const dead = { ...people(1, 6)[0]!, no_kk: persons[0]!.no_kk, kk_level: 4, status_dasar: 2 };
  persons.push(dead);
  const res = await importFile(ctx.app, adminToken, await opensidXlsx(persons));
  expect(res.statusCode, res.body).toBe(200);
  for (const r of await ctx.app.db.selectFrom('register_persons').select(['id', 'nik']).execute())
    ids.set(r.nik, r.id);
  // The parent's account, linked to their register person as activation leaves it.
  const p = persons[0]!;
  const account = await makeUser(ctx.testDb.db, {
    name: p.nama,
    nik: p.nik,
    kk_number: p.no_kk,
    birth_date: p.tanggallahir,
    birth_place: p.tempatlahir,
    gender: 'Laki-laki',
    religion: 'Islam',
    marital_status: 'Kawin',
    occupation: 'Petani/Pekebun',
    education: 'SD/Sederajat',
    nationality: 'WNI',
    address: p.alamat,
    register_person_id: idOf(p),
    register_matched_at: new Date().toISOString(),
  });
  parentId = account.id;
  parent = client(ctx.app, await login(ctx.app, account.email));
}, 60_000);
afterAll(async () => ctx.close());

describe('letters for family members (issue 21)', () => {
  it('lists the family the resident may file for, masked, with the dead member refused', async () => {
    const res = await parent('GET', '/api/letter-subjects');
    expect(res.statusCode, res.body).toBe(200);
    const { linked, data } = res.json();
    expect(linked).toBe(true);
    expect(data.map((m: { person_id: number }) => m.person_id).sort()).toEqual(
      [persons[0]!, persons[1]!, persons[2]!, persons[6]!].map(idOf).sort(),
    );
    expect(res.body).not.toContain(persons[2]!.nik);
    const child = data.find((m: { person_id: number }) => m.person_id === idOf(persons[2]!));
    expect(child).toMatchObject({ self: false, allowed: true, relationship: 'Anak' });
    expect(child.nik_masked).toBe(`************${persons[2]!.nik.slice(-4)}`);
    const dead = data.find((m: { person_id: number }) => m.person_id === idOf(persons[6]!));
    expect(dead).toMatchObject({ allowed: false, refusal: NOT_LIVING_MESSAGES.meninggal });
    expect(data.find((m: { self: boolean }) => m.self).person_id).toBe(idOf(persons[0]!));
  });

  it("files for a child of the same KK: the child's block from the register, filed by the parent", async () => {
    const child = persons[2]!;
    const res = await parent('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(child),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.applicant).toMatchObject({
      name: child.nama,
      nik: child.nik,
      kk_number: child.no_kk,
      birth_date: child.tanggallahir,
    });
    expect(data.applicant_user_id).toBe(parentId);
    expect(data.filing).toEqual({
      filed_by_name: persons[0]!.nama,
      on_behalf: true,
      subject_person_id: idOf(child),
      register_event_id: null,
    });
    // The desk sees "diajukan oleh … untuk …".
    const desk = await admin('GET', `/api/statement/${data.id}`);
    expect(desk.json().data.filing).toMatchObject({
      filed_by_name: persons[0]!.nama,
      on_behalf: true,
    });
    // The parent's edit keeps the child's block (taken again from the register, not the profile).
    const edit = await parent('PUT', `/api/statement/${data.id}`, { purpose: 'Beasiswa sekolah' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.applicant.name).toBe(child.nama);
  });

  it('refuses another family (403) and a dead member (422), writing nothing', async () => {
    const before = await count('letter_requests');
    const other = await parent('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(persons[3]!),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(FAMILY_ONLY);
    const dead = await parent('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(persons[6]!),
    });
    expect(dead.statusCode).toBe(422);
    expect(dead.json()).toMatchObject({
      message: NOT_LIVING_MESSAGES.meninggal,
      errors: { subject_person_id: [NOT_LIVING_MESSAGES.meninggal] },
    });
    const bad = await parent('POST', '/api/statement', { ...example('k'), subject_person_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subject_person_id[0]).toBe('Pilih untuk siapa surat ini.');
    expect(await count('letter_requests')).toBe(before);
  });

  it('the desk files for anyone living in the register found by name, and refuses the dead', async () => {
    const target = persons[4]!;
    const found = await admin(
      'GET',
      `/api/register/persons?search=${encodeURIComponent(target.nama)}`,
    );
    expect(found.json().data[0].id).toBe(idOf(target));
    const res = await admin('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(target),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.applicant).toMatchObject({
      name: target.nama,
      nik: target.nik,
      hamlet: target.dusun,
    });
    expect(data.applicant_user_id).toBeNull();
    statementId = data.id;
    expect(data.filing).toMatchObject({ on_behalf: true, subject_person_id: idOf(target) });
    const dead = await admin('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(persons[6]!),
    });
    expect(dead.statusCode).toBe(422);
    expect(dead.json().message).toBe(NOT_LIVING_MESSAGES.meninggal);
  });
});

describe('letters that update the register (issue 21)', () => {
  it('records a birth from an issued Kelahiran letter once: a new child of the family, audited', async () => {
    const father = persons[0]!;
    const id = await issuedFor('kkel', idOf(father), { father_nik: father.nik, mother_nik: '' });
    const proposal = await admin('GET', `/api/letter-requests/${id}/register-event`);
    expect(proposal.statusCode, proposal.body).toBe(200);
    const family = await ctx.app.db
      .selectFrom('register_families')
      .select('id')
      .where('kk_number', '=', father.no_kk)
      .executeTakeFirstOrThrow();
    expect(proposal.json().data).toMatchObject({
      kind: 'birth',
      action_label: 'Catat kelahiran di buku induk',
      blocked: null,
      recorded_event_id: null,
      person: { name: example('kkel').baby_name, relationship: 'Anak' },
      family: { id: family.id },
    });
    const people = await count('register_persons');
    const noNik = await admin('POST', `/api/letter-requests/${id}/register-event`, {});
    expect(noNik.statusCode).toBe(422);
    expect(noNik.json().errors.nik[0]).toMatch(/NIK bayi/);
    const wrongNik = await admin('POST', `/api/letter-requests/${id}/register-event`, {
      nik: '12',
    });
    expect(wrongNik.statusCode).toBe(422);
    expect(await count('register_persons')).toBe(people);

    const babyNik = '3201016001260001';
    const res = await admin('POST', `/api/letter-requests/${id}/register-event`, { nik: babyNik });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(example('kkel').baby_name);
    const baby = await ctx.app.db
      .selectFrom('register_persons')
      .selectAll()
      .where('nik', '=', babyNik)
      .executeTakeFirstOrThrow();
    expect(baby).toMatchObject({
      name: example('kkel').baby_name,
      family_id: family.id,
      relationship: 4,
      life_status: 'hidup',
      birth_date: example('kkel').baby_birth_date,
    });
    const row = await ctx.app.db
      .selectFrom('letter_requests')
      .select('register_event_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(res.json().data.recorded_event_id).toBe(row.register_event_id);
    expect((await audits('letter.register_event')).some((a) => a.subject_id === id)).toBe(true);

    const again = await admin('POST', `/api/letter-requests/${id}/register-event`, {
      nik: '3201016001260002',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Kelahiran dari surat ini sudah dicatat di buku induk.');
    expect(await count('register_persons')).toBe(people + 1);
  });

  it('records a death once: life status meninggal, the account closed and its session ended', async () => {
    const wife = persons[1]!;
    const account = await makeUser(ctx.testDb.db, {
      nik: wife.nik,
      register_person_id: idOf(wife),
    });
    const wifeToken = await login(ctx.app, account.email);
    const id = await issuedFor('kkem', idOf(persons[0]!), {
      deceased_name: wife.nama,
      deceased_nik: wife.nik,
      deceased_gender: 'Perempuan',
    });
    const proposal = (await admin('GET', `/api/letter-requests/${id}/register-event`)).json().data;
    expect(proposal).toMatchObject({ kind: 'death', accounts_to_close: 1, blocked: null });
    const events = await count('register_events');
    const res = await admin('POST', `/api/letter-requests/${id}/register-event`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/akunnya ditutup/);
    const p = await ctx.app.db
      .selectFrom('register_persons')
      .select('life_status')
      .where('id', '=', idOf(wife))
      .executeTakeFirstOrThrow();
    expect(p.life_status).toBe('meninggal');
    const u = await ctx.app.db
      .selectFrom('users')
      .select('active')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(u.active).toBe(0);
    expect((await client(ctx.app, wifeToken)('GET', '/api/profile')).statusCode).toBe(401);
    expect((await audits('account.closed')).map((a) => a.subject_id)).toContain(account.id);

    const again = await admin('POST', `/api/letter-requests/${id}/register-event`, {});
    expect(again.statusCode).toBe(409);
    expect(await count('register_events')).toBe(events + 1);
    // From now on no letter is made for her, by her family or at the desk.
    const letter = await parent('POST', '/api/statement', {
      ...example('k'),
      subject_person_id: idOf(wife),
    });
    expect(letter.statusCode).toBe(422);
  });

  it('refuses the action on a letter that is not issued or of another type', async () => {
    const filed = await admin('POST', '/api/death-certificates', {
      ...example('kkem'),
      subject_person_id: idOf(persons[3]!),
    });
    const id = filed.json().data.id as number;
    const res = await admin('POST', `/api/letter-requests/${id}/register-event`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Terbitkan suratnya lebih dulu/);
    const other = await admin('GET', `/api/letter-requests/${statementId}/register-event`);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Hanya surat Kelahiran atau Kematian/);
    expect((await parent('GET', `/api/letter-requests/${id}/register-event`)).statusCode).toBe(403);
  });
});

describe('identity from the register, matching on import (issue 21)', () => {
  it("the office's correction in the register reaches the linked account in the same write", async () => {
    const res = await admin('PUT', `/api/register/persons/${idOf(persons[0]!)}`, {
      name: 'Bapak Dikoreksi',
      birth_place: 'Cianjur',
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = await ctx.app.db
      .selectFrom('users')
      .select(['name', 'birth_place'])
      .where('id', '=', parentId)
      .executeTakeFirstOrThrow();
    expect(u).toEqual({ name: 'Bapak Dikoreksi', birth_place: 'Cianjur' });
    const audit = (await audits('user.identity.change')).find((a) => a.subject_id === parentId);
    expect(JSON.parse(audit!.detail!)).toMatchObject({
      from_register: true,
      changes: { name: { old: persons[0]!.nama, new: 'Bapak Dikoreksi' } },
    });
    const list = await admin('GET', `/api/users/list?search=${encodeURIComponent('Dikoreksi')}`);
    expect(list.json().data[0]).toMatchObject({
      register_person_id: idOf(persons[0]!),
      identity_verified_at: null,
    });
  });

  it('matches older accounts by NIK when the register is imported; lists the unmatched', async () => {
    const p5 = persons[5]!;
    const older = await makeUser(ctx.testDb.db, {
      name: 'Nama Lama',
      nik: p5.nik,
      birth_date: p5.tanggallahir,
    });
    const stranger = await makeUser(ctx.testDb.db, { nik: '3201019999990001' });
    const differs = await makeUser(ctx.testDb.db, {
      nik: persons[4]!.nik,
      birth_date: '1999-09-09',
    });
    const before = await admin('GET', '/api/users/unmatched');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.find((a: { id: number }) => a.id === older.id).reason).toBe(
      'matchable',
    );

    const res = await importFile(ctx.app, adminToken, await opensidXlsx(persons.slice(0, 6)));
    expect(res.statusCode, res.body).toBe(200);
    const linked = await ctx.app.db
      .selectFrom('users')
      .select(['register_person_id', 'register_matched_at', 'name', 'kk_number'])
      .where('id', '=', older.id)
      .executeTakeFirstOrThrow();
    expect(linked).toMatchObject({
      register_person_id: idOf(p5),
      name: p5.nama,
      kk_number: p5.no_kk,
    });
    expect(linked.register_matched_at).toEqual(expect.any(String));

    const after = await admin('GET', '/api/users/unmatched');
    const rows = after.json().data as { id: number; reason: string; nik_masked: string }[];
    expect(rows.find((a) => a.id === older.id)).toBeUndefined();
    expect(rows.find((a) => a.id === stranger.id)?.reason).toBe('not_in_register');
    expect(rows.find((a) => a.id === differs.id)?.reason).toBe('birth_date_differs');
    expect(after.body).not.toContain(persons[4]!.nik);
    // Matching again changes nothing; residents may not see the list.
    const again = await admin('POST', '/api/users/register-match');
    expect(again.json().matched).toBe(0);
    expect((await parent('GET', '/api/users/unmatched')).statusCode).toBe(403);
  });
});
