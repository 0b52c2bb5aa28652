import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

/** GET /api/users/list's filters for the admin screen: role, active, verified (with search). */
describe('users list filters', () => {
  let ctx: TestContext;
  let token: string;
  const names = new Map<number, string>();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Filter Admin Aktif' });
    token = await login(ctx.app, admin.email);
    const now = new Date().toISOString();
    const made = [
      admin,
      await makeUser(db, { role: 'ADMINISTRATOR', name: 'Filter Admin Nonaktif', active: false }),
      await makeUser(db, { name: 'Filter Warga Terverifikasi', identity_verified_at: now }),
      await makeUser(db, {
        name: 'Filter Warga Nonaktif Terverifikasi',
        active: false,
        identity_verified_at: now,
      }),
      await makeUser(db, { name: 'Filter Warga Belum' }),
      await makeUser(db, { name: 'Filter Warga Nonaktif Belum', active: false }),
    ];
    for (const u of made) names.set(u.id, u.name);
  });
  afterAll(async () => ctx.close());

  const list = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/list?search=filter&per_page=100&${query}`,
      headers: bearer(token),
    });
    return res;
  };
  const namesOf = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, query).toBe(200);
    return (res.json().data as { name: string }[]).map((u) => u.name).sort();
  };

  it.each([
    ['', 6],
    ['role=ADMINISTRATOR', ['Filter Admin Aktif', 'Filter Admin Nonaktif']],
    [
      'role=WARGA',
      [
        'Filter Warga Belum',
        'Filter Warga Nonaktif Belum',
        'Filter Warga Nonaktif Terverifikasi',
        'Filter Warga Terverifikasi',
      ],
    ],
    ['active=true', ['Filter Admin Aktif', 'Filter Warga Belum', 'Filter Warga Terverifikasi']],
    [
      'active=false',
      [
        'Filter Admin Nonaktif',
        'Filter Warga Nonaktif Belum',
        'Filter Warga Nonaktif Terverifikasi',
      ],
    ],
    ['verified=true', ['Filter Warga Nonaktif Terverifikasi', 'Filter Warga Terverifikasi']],
    [
      'verified=false',
      [
        'Filter Admin Aktif',
        'Filter Admin Nonaktif',
        'Filter Warga Belum',
        'Filter Warga Nonaktif Belum',
      ],
    ],
    ['role=WARGA&active=true&verified=true', ['Filter Warga Terverifikasi']],
    ['role=WARGA&active=false&verified=false', ['Filter Warga Nonaktif Belum']],
    ['role=ADMINISTRATOR&verified=true', []],
  ] as const)('?%s', async (query, expected) => {
    const got = await namesOf(query);
    if (typeof expected === 'number') expect(got).toHaveLength(expected);
    else expect(got).toEqual(expected);
  });

  it('combines filters with search and pagination: the total counts the filtered rows', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/list?search=filter%20warga&active=false&per_page=1&page=2',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(res.json().data).toHaveLength(1);
  });

  it.each([
    ['role=SUPERADMIN', 'role', 'Peran harus ADMINISTRATOR atau WARGA.'],
    ['role=administrator', 'role', 'Peran harus ADMINISTRATOR atau WARGA.'],
    ['active=ya', 'active', 'Filter status aktif harus true atau false.'],
    ['verified=1', 'verified', 'Filter identitas terverifikasi harus true atau false.'],
  ])('refuses ?%s with a 422 on %s', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('treats an empty filter as none (a form that sends "Semua" as an empty value)', async () => {
    expect(await namesOf('role=&active=&verified=')).toHaveLength(6);
  });
});
