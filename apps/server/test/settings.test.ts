import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '../src/repositories/settings.ts';
import { storeImage } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

const VALID = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeureum',
  kabupaten: 'Bogor',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya Sukamaju No. 1',
  postal_code: '16720',
  phone: '(0251) 8612-345',
  email: 'PemDes@Sukamaju.desa.id',
  head_name: 'H. Dedi Supriadi, S.Sos.',
  head_nip: '19720415 199803 1 006',
  village_code: '3201012001',
  letter_number_format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
  social: {
    whatsapp: 'https://wa.me/6281110002001',
    youtube: 'https://www.youtube.com/@desasukamaju',
    instagram: 'https://www.instagram.com/desasukamaju',
    twitter: 'https://x.com/desasukamaju',
  },
};

describe('village settings', () => {
  let ctx: TestContext;
  let adminToken: string;
  let residentToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    adminToken = await login(ctx.app, admin.email);
    const resident = await makeUser(ctx.testDb.db);
    residentToken = await login(ctx.app, resident.email);
  });
  afterAll(async () => ctx.close());

  const put = (payload: object, token = adminToken) =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload });

  it('shows placeholders until the office fills the identity in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ village_name: 'Desa', logo_url: null });
  });

  it('saves the identity; the public part leaves out the head of village, code and format', async () => {
    const logo = await storeImage(ctx.testDb.db, 512, 512);
    const res = await put({ ...VALID, logo_file_id: logo });
    expect(res.statusCode, res.body).toBe(200);
    const admin = res.json().data;
    expect(admin).toMatchObject({
      ...VALID,
      email: 'pemdes@sukamaju.desa.id',
      logo_file_id: logo,
      logo_url: {
        original: `/files/${logo}`,
        thumb: `/files/${logo}/thumb`,
        width: 512,
        height: 512,
        thumb_width: 480,
        thumb_height: 480,
      },
    });

    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(pub.statusCode).toBe(200);
    const {
      head_name: _h,
      head_nip: _n,
      village_code: _c,
      letter_number_format: _f,
      qr_address: _q,
      allow_loopback_qr: _a,
      updated_at: _u,
      ...expected
    } = admin;
    expect(pub.json().data).toEqual(expected);
    expect(pub.body).not.toMatch(
      /head_name|head_nip|village_code|letter_number_format|19720415|qr_address|allow_loopback_qr/,
    );

    const full = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/admin',
      headers: bearer(adminToken),
    });
    expect(full.json().data).toEqual(admin);
    // The letter engine reads the same row.
    expect(await getSettings(ctx.testDb.db.kysely)).toMatchObject({
      village_code: '3201012001',
      head_name: VALID.head_name,
    });
  });

  it('is changed and fully seen only by administrators', async () => {
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: VALID })).statusCode,
    ).toBe(401);
    expect((await put(VALID, residentToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/admin' })).statusCode).toBe(
      401,
    );
    const resident = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/admin',
      headers: bearer(residentToken),
    });
    expect(resident.statusCode).toBe(403);
  });

  it('validates every field and changes nothing when one is wrong', async () => {
    const saved = await getSettings(ctx.testDb.db.kysely);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ village_name: '  ' }, 'village_name', /^Nama desa wajib diisi\.$/],
      [{ kecamatan: undefined }, 'kecamatan', /Kecamatan wajib diisi/],
      [{ postal_code: '1672' }, 'postal_code', /Kode pos harus 5 digit angka/],
      [{ postal_code: '1672O' }, 'postal_code', /Kode pos harus 5 digit angka/],
      [{ phone: '0251-ABC' }, 'phone', /Telepon hanya boleh berisi angka/],
      [{ email: 'pemdes@' }, 'email', /alamat e-mail yang valid/],
      [
        { head_nip: '1972-04-15' },
        'head_nip',
        /NIP kepala desa \(bila ada\) hanya boleh berisi angka/,
      ],
      [{ village_code: '32010120' }, 'village_code', /Kode desa harus 10 digit/],
      [
        { village_code: null },
        'village_code',
        /Kode desa wajib diisi karena format nomor surat memakai \{village_code\}/,
      ],
      [
        { letter_number_format: '{code}/{nomor}/{year}' },
        'letter_number_format',
        /penanda yang tidak dikenal: \{nomor\}/,
      ],
      [
        { letter_number_format: '{code}/{year}' },
        'letter_number_format',
        /harus memuat \{seq\} atau \{seq:N\}/,
      ],
      [
        { letter_number_format: '{code}/{seq:0}/{year}' },
        'letter_number_format',
        /N harus angka 1 sampai 10/,
      ],
      [{ letter_number_format: '{code}/{seq/{year}' }, 'letter_number_format', /tidak berpasangan/],
      [
        { letter_number_format: `{seq}${'/x'.repeat(60)}` },
        'letter_number_format',
        /maksimal 100 karakter/,
      ],
      [
        { social: { ...VALID.social, whatsapp: 'http://wa.me/628111' } },
        'social.whatsapp',
        /diawali https:\/\//,
      ],
      [
        { social: { ...VALID.social, youtube: 'javascript:alert(1)' } },
        'social.youtube',
        /diawali https:\/\//,
      ],
      [
        { social: { ...VALID.social, instagram: 'https://instagram com/x' } },
        'social.instagram',
        /diawali https:\/\//,
      ],
      [{ logo_file_id: 999999 }, 'logo_file_id', /^Logo harus gambar yang sudah diunggah\.$/],
      [{ logo_file_id: 'logo.png' }, 'logo_file_id', /^Logo harus gambar yang sudah diunggah\.$/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await put({ ...VALID, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().errors[field]?.[0], JSON.stringify(patch)).toMatch(message);
    }
    expect(await getSettings(ctx.testDb.db.kysely)).toEqual(saved);
  });

  it('accepts every known placeholder and an empty format (the default)', async () => {
    const all = '{code}/{seq}/{seq:5}/{village_code}/{month}/{month_roman}/{year}';
    const res = await put({ ...VALID, letter_number_format: all });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.letter_number_format).toBe(all);
    const blank = await put({ ...VALID, letter_number_format: '' });
    expect(blank.json().data.letter_number_format).toBe(
      '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
    );
    const noCode = await put({
      ...VALID,
      village_code: '',
      letter_number_format: '470/{seq:3}/{year}',
    });
    expect(noCode.statusCode, noCode.body).toBe(200);
    expect(noCode.json().data.village_code).toBeNull();
  });

  it('stores optional fields left empty as null, and plain text without control characters', async () => {
    const res = await put({
      village_name: 'Suka\u0000maju',
      kecamatan: 'Cibeureum',
      kabupaten: 'Bogor',
      provinsi: 'Jawa Barat',
      address: '',
      village_code: '32.01.01.2001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      village_name: 'Sukamaju',
      address: null,
      postal_code: null,
      email: null,
      logo_file_id: null,
      logo_url: null,
      village_code: '32.01.01.2001',
      social: { whatsapp: null, youtube: null, instagram: null, twitter: null },
    });
  });

  it('removes the old logo once it is replaced, if nothing else uses it', async () => {
    const first = await storeImage(ctx.testDb.db);
    const second = await storeImage(ctx.testDb.db);
    expect((await put({ ...VALID, logo_file_id: first })).statusCode).toBe(200);
    expect((await put({ ...VALID, logo_file_id: second })).statusCode).toBe(200);
    const exists = async (id: number) =>
      (await ctx.testDb.db.kysely
        .selectFrom('files')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()) !== undefined;
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
    expect((await put({ ...VALID, logo_file_id: null })).statusCode).toBe(200);
    expect(await exists(second)).toBe(false);
  });
});
