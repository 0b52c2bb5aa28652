import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskIdNumber } from '@balai/domain';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

describe('users API', () => {
  let ctx: TestContext;
  let adminToken: string;
  let adminId: number;
  let residentToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR', name: 'Admin Desa' });
    adminId = admin.id;
    adminToken = await login(ctx.app, admin.email);
    const resident = await makeUser(ctx.testDb.db);
    residentToken = await login(ctx.app, resident.email);
  });
  afterAll(async () => ctx.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

  const valid = {
    name: 'Rudi Hartono',
    email: 'rudi.hartono@sukamaju.desa.id',
    password: 'rahasia-rudi-1',
    nik: '3201012505800007',
    phone: '081298765432',
    birth_date: '1980-05-25',
    gender: 'Laki-laki',
    religion: 'Islam',
  };

  it('is closed to anonymous visitors (401) and residents (403) on every route', async () => {
    const routes = [
      ['GET', '/api/users/list'],
      ['POST', '/api/users/create'],
      ['GET', `/api/users/detail/${adminId}`],
      ['PUT', `/api/users/update/${adminId}`],
      ['DELETE', `/api/users/delete/${adminId}`],
    ] as const;
    for (const [method, url] of routes) {
      const anon = await ctx.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : valid,
      });
      expect(anon.statusCode, `anon ${method} ${url}`).toBe(401);
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(residentToken),
        payload: method === 'GET' || method === 'DELETE' ? undefined : valid,
      });
      expect(res.statusCode, `resident ${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Hanya administrator yang dapat melakukan tindakan ini.');
    }
    const list = await asAdmin('GET', '/api/users/list?search=rudi');
    expect(list.json().data).toEqual([]);
  });

  it('creates a user, shows it in detail and never returns the password', async () => {
    const res = await asAdmin('POST', '/api/users/create', valid);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Rudi Hartono',
      email: valid.email,
      role: 'WARGA',
      roles: [{ name: 'WARGA' }],
      active: true,
      nik: valid.nik,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/);
    const detail = await asAdmin('GET', `/api/users/detail/${created.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(created);
    await login(ctx.app, valid.email, valid.password);
  });

  it('rejects each kind of bad input with a 422 per field and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'rudi' }, 'email', /e-mail yang valid/],
      [{ email: valid.email }, 'email', /sudah dipakai/],
      [{ password: 'pendek' }, 'password', /minimal 8 karakter/],
      [{ password: undefined }, 'password', /wajib diisi/],
      [{ name: '   ' }, 'name', /Nama lengkap wajib diisi/],
      [{ nik: '320101250580000' }, 'nik', /16 digit/],
      [{ nik: valid.nik }, 'nik', /sudah terdaftar/],
      [{ phone: '+62 812 abc' }, 'phone', /angka/],
      [{ birth_date: '1980-13-01' }, 'birth_date', /tanggal yang valid/],
      [{ birth_date: '2099-01-01' }, 'birth_date', /masa depan/],
      [{ role: 'SUPERADMIN' }, 'role', /ADMINISTRATOR atau WARGA/],
      [{ active: 'ya' }, 'active', /ya atau tidak/],
      [{ education: 'Kuliah' }, 'education', /Pilih pendidikan/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await asAdmin('POST', '/api/users/create', {
        ...valid,
        email: 'lain@sukamaju.desa.id',
        nik: '3201019999990001',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().errors[field]?.[0], field).toMatch(message);
      expect(res.json().message).toBeTruthy();
    }
    const list = await asAdmin('GET', '/api/users/list?search=lain@sukamaju');
    expect(list.json().meta.total).toBe(0);
  });

  it('lists users with search by name, e-mail and NIK, paginated and capped at 100 per page', async () => {
    for (let i = 0; i < 3; i++) await makeUser(ctx.testDb.db, { name: `Supriyadi Cari ${i}` });
    const byName = await asAdmin(
      'GET',
      '/api/users/list?search=supriyadi%20cari&per_page=2&page=1',
    );
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toHaveLength(2);
    expect(byName.json().meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    const page2 = await asAdmin('GET', '/api/users/list?search=SUPRIYADI&per_page=2&page=2');
    expect(page2.json().data).toHaveLength(1);

    const byEmail = await asAdmin(
      'GET',
      `/api/users/list?search=${encodeURIComponent(valid.email)}`,
    );
    expect(byEmail.json().data.map((u: { name: string }) => u.name)).toEqual(['Rudi Hartono']);
    const byNik = await asAdmin('GET', `/api/users/list?search=${valid.nik.slice(0, 12)}`);
    // Found by the NIK's first digits; the list shows its last four only (issue 18.8).
    expect(byNik.json().data.map((u: { nik: string }) => u.nik)).toEqual([maskIdNumber(valid.nik)]);

    const capped = await asAdmin('GET', '/api/users/list?per_page=500');
    expect(capped.json().meta.per_page).toBe(100);
    const wildcard = await asAdmin('GET', '/api/users/list?search=%25');
    expect(wildcard.json().data).toEqual([]);
    const bad = await asAdmin('GET', '/api/users/list?page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.page).toEqual(['Halaman minimal 1.']);
  });

  it('treats search text as data, never as SQL', async () => {
    const res = await asAdmin('GET', `/api/users/list?search=${encodeURIComponent("' OR 1=1 --")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('updates a user; deactivation ends their sessions', async () => {
    const user = await makeUser(ctx.testDb.db);
    const session = await login(ctx.app, user.email);
    const res = await asAdmin('PUT', `/api/users/update/${user.id}`, {
      name: 'Nama Baru',
      occupation: 'Nelayan',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Nama Baru',
      occupation: 'Nelayan',
      active: false,
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    const clash = await asAdmin('PUT', `/api/users/update/${user.id}`, { email: valid.email });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.email).toBeDefined();
  });

  it('answers 404 for users that do not exist and for ids that are not numbers', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/detail/999999'],
      ['PUT', '/api/users/update/999999'],
      ['DELETE', '/api/users/delete/999999'],
      ['GET', '/api/users/detail/abc'],
    ] as const) {
      const res = await asAdmin(method, url, method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/tidak ditemukan/);
    }
  });

  it('deletes a user', async () => {
    const user = await makeUser(ctx.testDb.db);
    const res = await asAdmin('DELETE', `/api/users/delete/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/users/detail/${user.id}`)).statusCode).toBe(404);
  });

  it('never lets an administrator remove, deactivate or demote themselves or the last administrator', async () => {
    const self = await asAdmin('DELETE', `/api/users/delete/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/akun Anda sendiri/);
    expect(
      (await asAdmin('PUT', `/api/users/update/${adminId}`, { active: false })).statusCode,
    ).toBe(409);
    expect(
      (await asAdmin('PUT', `/api/users/update/${adminId}`, { role: 'WARGA' })).statusCode,
    ).toBe(409);

    // A second administrator can be demoted while another remains …
    const second = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    const secondToken = await login(ctx.app, second.email);
    expect(
      (await asAdmin('PUT', `/api/users/update/${second.id}`, { role: 'WARGA' })).statusCode,
    ).toBe(200);
    // … but once the first is the last active one, nobody can take them away.
    const third = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    const thirdToken = await login(ctx.app, third.email);
    await ctx.testDb.db.kysely
      .updateTable('users')
      .set({ active: 0 })
      .where('id', '=', adminId)
      .execute();
    const lastDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/delete/${adminId}`,
      headers: bearer(thirdToken),
    });
    expect(lastDelete.statusCode).toBe(200);
    const lone = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${third.id}`,
      headers: bearer(thirdToken),
      payload: { active: false },
    });
    expect(lone.statusCode).toBe(409);
    expect(secondToken).toBeTruthy();
  });
});
