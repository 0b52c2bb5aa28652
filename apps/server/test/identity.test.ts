import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityLockedMessage, letterTypeByCode } from '@balai/domain';
import { listAudit } from '../src/repositories/audit-log.ts';
import { auditValue } from '../src/services/identity.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;

/** Verified identities (issue 11.6), on the database TEST_DB names. */
describe('verified identities', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let adminId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR', name: 'Admin Desa' });
    adminId = admin.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
  });
  afterAll(async () => ctx.close());

  async function resident(values: Parameters<typeof makeResident>[1] = {}) {
    const user = await makeResident(ctx.testDb.db, values);
    return { user, as: client(ctx.app, await login(ctx.app, user.email)) };
  }

  async function verify(id: number, verified = true) {
    const res = await asAdmin('PUT', `/api/users/update/${id}`, { identity_verified: verified });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('the office marks a resident verified and unverified, recorded with who and when', async () => {
    const { user, as } = await resident();
    const before = (await as('GET', '/api/profile')).json().data;
    expect(before.identity_verified_at).toBeNull();
    expect(before.identity_verified_by).toBeNull();

    const started = new Date().toISOString();
    const verified = await verify(user.id);
    expect(verified.identity_verified_by).toBe(adminId);
    expect(verified.identity_verified_at >= started).toBe(true);
    // The resident sees it; the list and the detail show it too.
    expect((await as('GET', '/api/profile')).json().data.identity_verified_at).toBe(
      verified.identity_verified_at,
    );
    const detail = (await asAdmin('GET', `/api/users/detail/${user.id}`)).json().data;
    expect(detail.identity_verified_at).toBe(verified.identity_verified_at);
    const list = (await asAdmin('GET', `/api/users/list?search=${user.nik}`)).json().data;
    expect(list[0].identity_verified_at).toBe(verified.identity_verified_at);

    // Verifying again keeps the first verification.
    expect((await verify(user.id)).identity_verified_at).toBe(verified.identity_verified_at);

    const cleared = await verify(user.id, false);
    expect(cleared.identity_verified_at).toBeNull();
    expect(cleared.identity_verified_by).toBeNull();
    const actions = (await listAudit(ctx.testDb.db.kysely, { limit: 50 }))
      .filter((a) => a.subject_id === user.id && a.action.startsWith('user.identity.'))
      .map((a) => [a.action, a.user_id]);
    expect(actions).toEqual([
      ['user.identity.unverify', adminId],
      ['user.identity.verify', adminId],
    ]);
  });

  it('an administrator may create a resident already verified', async () => {
    const res = await asAdmin('POST', '/api/users/create', {
      name: 'Dewi Lestari',
      email: 'dewi.verified@uji.desa.id',
      password: 'rahasia-desa-123',
      nik: '3201014506900077',
      identity_verified: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.identity_verified_by).toBe(adminId);
    expect(res.json().data.identity_verified_at).not.toBeNull();
  });

  it('a verified resident cannot change name, NIK, No. KK or birth data: 422, one message per field', async () => {
    const { user, as } = await resident({ name: 'Siti Aminah' });
    await verify(user.id);
    const res = await as('PUT', '/api/profile', {
      name: 'Siti Aminah Putri',
      nik: '3201019999990001',
      kk_number: '3201019999990002',
      birth_place: 'Jakarta',
      birth_date: '1990-01-01',
      phone: '081299990000',
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.errors).toEqual({
      name: [identityLockedMessage('Nama lengkap')],
      nik: [identityLockedMessage('NIK')],
      kk_number: [identityLockedMessage('No. KK')],
      birth_place: [identityLockedMessage('Tempat lahir')],
      birth_date: [identityLockedMessage('Tanggal lahir')],
    });
    expect(body.message).toBe(
      'Nama lengkap sudah diverifikasi kantor desa dan tidak dapat diubah sendiri. Untuk perbaikan, hubungi kantor desa.',
    );
    // Nothing was written, not even the phone sent alongside.
    const after = (await as('GET', '/api/profile')).json().data;
    expect(after).toMatchObject({ name: 'Siti Aminah', nik: user.nik, phone: user.phone });
  });

  it('sending the identity unchanged (a form sending everything back) is fine', async () => {
    const { user, as } = await resident();
    await verify(user.id);
    const res = await as('PUT', '/api/profile', {
      name: `  ${user.name} `,
      nik: user.nik,
      kk_number: user.kk_number,
      birth_place: user.birth_place,
      birth_date: user.birth_date,
      occupation: 'Petani',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.occupation).toBe('Petani');
    const identityRows = (await listAudit(ctx.testDb.db.kysely, { limit: 50 })).filter(
      (a) => a.subject_id === user.id && a.action === 'user.identity.change',
    );
    expect(identityRows).toEqual([]);
  });

  it('an unverified resident may still change them; the change is audited with NIK masked', async () => {
    const { user, as } = await resident();
    // (A new NIK goes to the office first: nik-requests.test.ts, issue 18.9.)
    const res = await as('PUT', '/api/profile', { kk_number: '3201015506900042' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await listAudit(ctx.testDb.db.kysely, { action: 'user.identity.change' })).find(
      (a) => a.subject_id === user.id,
    );
    expect(row?.user_id).toBe(user.id);
    expect(JSON.parse(row!.detail!)).toEqual({
      changes: {
        kk_number: { old: auditValue('kk_number', user.kk_number), new: '************0042' },
      },
    });
  });

  it('an administrator changes a verified identity; old and new values audited, NIK and No. KK masked', async () => {
    const { user, as } = await resident({ name: 'Budi Hartono', birth_place: 'Bogor' });
    await verify(user.id);
    const res = await asAdmin('PUT', `/api/users/update/${user.id}`, {
      name: 'Budi Hartono Saputra',
      nik: '3201011203880011',
      kk_number: '3201011203100099',
      birth_place: 'Cianjur',
      phone: '081211112222',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Budi Hartono Saputra',
      nik: '3201011203880011',
      identity_verified_by: adminId,
    });
    const rows = (await listAudit(ctx.testDb.db.kysely, { action: 'user.identity.change' })).filter(
      (a) => a.subject_id === user.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(adminId);
    expect(JSON.parse(rows[0]!.detail!)).toEqual({
      changes: {
        name: { old: 'Budi Hartono', new: 'Budi Hartono Saputra' },
        nik: { old: `************${user.nik!.slice(-4)}`, new: '************0011' },
        kk_number: { old: '************0045', new: '************0099' },
        birth_place: { old: 'Bogor', new: 'Cianjur' },
      },
    });
    // No full NIK or No. KK anywhere in the audit log.
    const all = JSON.stringify(await listAudit(ctx.testDb.db.kysely, { limit: 1000 }));
    for (const secret of [user.nik!, '3201011203880011', '3201011203100045', '3201011203100099']) {
      expect(all).not.toContain(secret);
    }
    // The resident is still verified and still locked out of the corrected values.
    const again = await as('PUT', '/api/profile', { birth_place: 'Bogor' });
    expect(again.statusCode).toBe(422);
  });

  it('only the office verifies: a resident is refused on the users API and ignored on the profile', async () => {
    const { user, as } = await resident();
    const viaUsers = await as('PUT', `/api/users/update/${user.id}`, { identity_verified: true });
    expect(viaUsers.statusCode).toBe(403);
    const viaProfile = await as('PUT', '/api/profile', { identity_verified: true });
    expect(viaProfile.statusCode, viaProfile.body).toBe(200);
    expect(viaProfile.json().data.identity_verified_at).toBeNull();
  });

  it('a filed request keeps whether its applicant was verified then, for resident and admin', async () => {
    const { user, as } = await resident();
    const unverified = await as('POST', ku.base, example('ku'));
    expect(unverified.statusCode, unverified.body).toBe(201);
    expect(unverified.json().data.applicant_verified).toBe(false);

    await verify(user.id);
    const verified = await as('POST', ku.base, example('ku'));
    expect(verified.json().data.applicant_verified).toBe(true);
    const id = verified.json().data.id as number;

    // Later changes to the account do not rewrite what was true when it was filed.
    await verify(user.id, false);
    for (const who of [as, asAdmin]) {
      const detail = await who('GET', `${ku.base}/${id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.applicant_verified).toBe(true);
      const list = (await who('GET', `${ku.base}?per_page=100`)).json().data as {
        id: number;
        applicant_verified: boolean;
      }[];
      expect(list.find((r) => r.id === id)?.applicant_verified).toBe(true);
      expect(list.find((r) => r.id === unverified.json().data.id)?.applicant_verified).toBe(false);
    }

    // Filed by the office on the resident's behalf, from a verified profile.
    await verify(user.id);
    const onBehalf = await asAdmin('POST', ku.base, { ...example('ku'), applicant_id: user.id });
    expect(onBehalf.statusCode, onBehalf.body).toBe(201);
    expect(onBehalf.json().data.applicant_verified).toBe(true);
    // An applicant the office typed is not a verified identity.
    const typed = await asAdmin('POST', ku.base, {
      ...example('ku'),
      applicant: {
        name: 'Orang Luar',
        nik: '3201010101010001',
        birth_place: 'Bogor',
        birth_date: '1980-01-01',
        gender: 'Laki-laki',
        religion: 'Islam',
        marital_status: 'Kawin',
        occupation: 'Petani',
        education: 'SMA/Sederajat',
        nationality: 'WNI',
        address: 'Jl. Desa No. 1',
      },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().data.applicant_verified).toBe(false);
  });

  it('auditValue masks all but the last 4 digits of NIK and No. KK only', () => {
    expect(auditValue('nik', '3201014506900002')).toBe('************0002');
    expect(auditValue('kk_number', '3201010101090015')).toBe('************0015');
    expect(auditValue('nik', null)).toBeNull();
    expect(auditValue('name', 'Siti')).toBe('Siti');
  });
});
