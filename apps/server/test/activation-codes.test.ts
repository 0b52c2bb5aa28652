import { createHash } from 'node:crypto';
import { ADMIN_ROLE } from '@balai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfReader } from '../src/letters/pdf/pdf-reading.ts';
import { ACTIVATION_PER_ADDRESS } from '../src/services/activation.ts';
import { WHATSAPP_OFF } from '../src/services/activation-codes.ts';
import { CODE_REFUSED } from '../src/services/code-activation.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { importFile, opensidXlsx, people, type Person } from './register-fixtures.ts';

// Issue 21.2 (ADR 0029): the office's activation codes and slips, on SQLite and PostgreSQL.
let ctx: TestContext;
let admin: string;
let persons: Person[];
const reader = pdfReader();
const PASSWORD_A = 'sawah-hijau-berbunga-41';
const PASSWORD_B = 'kolam-ikan-jernih-58';
const CODE_IN_TEXT = /\b([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})\b/g;

let ipSeq = 0;
const nextIp = () => `10.31.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const personId = async (nik: string) =>
  await ctx.app.db
    .selectFrom('register_persons')
    .select(['id', 'family_id', 'rt_id'])
    .where('nik', '=', nik)
    .executeTakeFirstOrThrow();

const slips = (path: string, token = admin) =>
  ctx.app.inject({ method: 'POST', url: path, headers: bearer(token) });

/** Slips made for a target: the PDF's codes, read from its text. */
async function codesFrom(path: string) {
  const res = await slips(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  // A PDF of the API is a document: it gets a document's headers (security-headers.ts).
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const pdf = res.rawPayload;
  const text = reader.text(pdf);
  const codes = [...text.matchAll(CODE_IN_TEXT)].map((m) => m[1]!);
  return { res, pdf, text, codes, count: Number(res.headers['x-slip-count']) };
}

const useCode = (code: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/activate-code',
    payload: {
      code,
      phone: '0813-1111-2222',
      password: PASSWORD_A,
      password_confirmation: PASSWORD_A,
      ...extra,
    },
    remoteAddress: ip,
  });

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' } });
  admin = await login(ctx.app, (await makeUser(ctx.testDb.db, { role: ADMIN_ROLE })).email);
  persons = people(12);
  const res = await importFile(ctx.app, admin, await opensidXlsx(persons));
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  reader.dispose();
  await ctx.close();
});

describe('activation codes from the office (issue 21.2)', () => {
  it('prints a slip for a person: letterhead, name, masked NIK, place, the code, expiry, and a QR that opens the activation page with it', async () => {
    const p = persons[0]!;
    const { id } = await personId(p.nik);
    const { pdf, text, codes, count } = await codesFrom(
      `/api/register/persons/${id}/activation-codes`,
    );
    expect(count).toBe(1);
    expect(reader.pages(pdf)).toBe(1);
    expect(codes).toHaveLength(1);
    expect(text).toContain('SLIP KODE AKTIVASI AKUN WARGA');
    expect(text).toMatch(/DESA /);
    expect(text).toContain(p.nama);
    expect(text).toContain(`************${p.nik.slice(-4)}`);
    expect(text).not.toContain(p.nik);
    expect(text).toContain(`Dusun ${p.dusun}`);
    expect(text).toMatch(/Berlaku sampai \d{1,2} \w+ \d{4}/);
    expect(await reader.qr(pdf, 1)).toBe(`http://balai.test/auth/activate?code=${codes[0]}`);
    // Stored as its SHA-256 only; the listing shows the state, never the code.
    const raw = codes[0]!.replace('-', '');
    const row = await ctx.app.db
      .selectFrom('activation_codes')
      .selectAll()
      .where('person_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(createHash('sha256').update(raw).digest('hex'));
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/register/persons/${id}/activation-codes`,
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ state: 'open', scope: 'person', created_by: expect.any(String) }),
    ]);
    expect(list.body).not.toContain(raw);
    expect(list.body).not.toContain(codes[0]);
  });

  it('opens the account with the code: linked, verified, signed in; the code is single-use', async () => {
    const p = persons[0]!;
    const { id } = await personId(p.nik);
    const { codes } = await codesFrom(`/api/register/persons/${id}/activation-codes`);
    // Typed leniently: lower case, spaces instead of the dash.
    const typed = codes[0]!.toLowerCase().replace('-', ' ');
    const res = await useCode(typed);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data.user;
    expect(user).toMatchObject({ nik: p.nik, name: p.nama, phone: '6281311112222' });
    expect(user.identity_verified_at).toEqual(expect.any(String));
    expect(user.register_person_id).toBe(id);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.nik, password: PASSWORD_A },
      remoteAddress: '10.32.0.1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const codeIds = (
      await ctx.app.db
        .selectFrom('activation_codes')
        .select('id')
        .where('person_id', '=', id)
        .execute()
    ).map((c) => c.id);
    const again = await useCode(codes[0]!, { phone: '0813-9999-0000' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(CODE_REFUSED);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'activation_code')
      .where('subject_id', 'in', codeIds)
      .execute();
    // Not among the person's register changes (the office's history of the record).
    const changes = await ctx.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'register_person')
      .where('action', 'like', 'activation_code.%')
      .execute();
    expect(changes).toEqual([]);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'activation_code.created',
        'activation_code.revoked',
        'activation_code.used',
      ]),
    );
  });

  it('gives one answer for an unknown, used, expired and revoked code, and a new code revokes the old one', async () => {
    const p = persons[1]!;
    const { id } = await personId(p.nik);
    const first = (await codesFrom(`/api/register/persons/${id}/activation-codes`)).codes[0]!;
    const second = (await codesFrom(`/api/register/persons/${id}/activation-codes`)).codes[0]!;
    expect(second).not.toBe(first);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/register/persons/${id}/activation-codes`,
      headers: bearer(admin),
    });
    expect(list.json().data.map((c: { state: string }) => c.state)).toEqual(['open', 'revoked']);
    // Expire the second in place; make a third and revoke it by id.
    await ctx.app.db
      .updateTable('activation_codes')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('person_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    const third = (await codesFrom(`/api/register/persons/${id}/activation-codes`)).codes[0]!;
    const open = await ctx.app.db
      .selectFrom('activation_codes')
      .select('id')
      .where('person_id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirstOrThrow();
    const revoke = await slips(`/api/register/activation-codes/${open.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const twice = await slips(`/api/register/activation-codes/${open.id}/revoke`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Kode aktivasi ini sudah dicabut, tidak perlu dicabut.');
    const bodies = new Set<string>();
    for (const code of [first, second, third, 'ZZZZZ-ZZZZZ']) {
      const res = await useCode(code);
      expect(res.statusCode, code).toBe(422);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: CODE_REFUSED })]);
    const reasons = await ctx.app.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'activation.failure')
      .execute();
    const kinds = reasons.map((r) => JSON.parse(r.detail ?? '{}').reason);
    expect(kinds).toEqual(
      expect.arrayContaining(['code_revoked', 'code_expired', 'unknown_code', 'code_used']),
    );
    const none = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('nik', '=', p.nik)
      .executeTakeFirst();
    expect(none).toBeUndefined();
  });

  it('gives a family one slip per living member of KTP age without an account, two slips a page', async () => {
    // Family 2 (persons 3, 4, 5): the child is made 9 years old and unmarried, the wife dead.
    const [head, wife, child] = [persons[3]!, persons[4]!, persons[5]!];
    await ctx.app.db
      .updateTable('register_persons')
      .set({ birth_date: '2017-03-01', marital_status: 1 })
      .where('nik', '=', child.nik)
      .execute();
    const family = (await personId(head.nik)).family_id!;
    const { pdf, text, count, codes } = await codesFrom(
      `/api/register/families/${family}/activation-codes`,
    );
    expect(count).toBe(2);
    expect(codes).toHaveLength(2);
    expect(reader.pages(pdf)).toBe(1);
    expect(text).toContain('gunting di sini');
    expect(text).toContain(head.nama);
    expect(text).toContain(wife.nama);
    expect(text).not.toContain(`${child.nama}\n`);
    await ctx.app.db
      .updateTable('register_persons')
      .set({ life_status: 'meninggal' })
      .where('nik', '=', wife.nik)
      .execute();
    const again = await codesFrom(`/api/register/families/${family}/activation-codes`);
    expect(again.count).toBe(1);
    // The dead wife alone is refused, with the reason.
    const dead = await slips(
      `/api/register/persons/${(await personId(wife.nik)).id}/activation-codes`,
    );
    expect(dead.statusCode).toBe(422);
    expect(dead.json().message).toBe(
      `${wife.nama} tercatat meninggal dunia: kode aktivasi hanya untuk warga yang masih tinggal di desa.`,
    );
    // The child alone too.
    const young = await slips(
      `/api/register/persons/${(await personId(child.nik)).id}/activation-codes`,
    );
    expect(young.statusCode).toBe(422);
    expect(young.json().message).toMatch(/belum berumur 17 tahun/);
  });

  it('prints the slips of an RT: everyone living there of KTP age without an account', async () => {
    const rt = (await personId(persons[6]!.nik)).rt_id!;
    const expected = await ctx.app.db
      .selectFrom('register_persons as p')
      .leftJoin('users as u', 'u.register_person_id', 'p.id')
      .select('p.id')
      .where('p.rt_id', '=', rt)
      .where('p.life_status', '=', 'hidup')
      .where('u.id', 'is', null)
      .execute();
    const { count, codes, pdf } = await codesFrom(`/api/register/areas/${rt}/activation-codes`);
    expect(count).toBe(expected.length);
    expect(codes).toHaveLength(expected.length);
    expect(reader.pages(pdf)).toBe(Math.ceil(expected.length / 2));
    const made = await ctx.app.db
      .selectFrom('activation_codes')
      .select('person_id')
      .where('scope', '=', 'area')
      .execute();
    expect(made.map((m) => m.person_id).sort()).toEqual(expected.map((e) => e.id).sort());
  });

  it('resets the password of an existing account with a new code: old password and sessions end', async () => {
    const p = persons[0]!;
    const { id } = await personId(p.nik);
    const token = await login(ctx.app, p.nik, PASSWORD_A);
    const { codes } = await codesFrom(`/api/register/persons/${id}/activation-codes`);
    const res = await useCode(codes[0]!, {
      phone: '',
      email: 'warga0@contoh.id',
      password: PASSWORD_B,
      password_confirmation: PASSWORD_B,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ nik: p.nik, email: 'warga0@contoh.id' });
    const accounts = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('register_person_id', '=', id)
      .execute();
    expect(accounts).toHaveLength(1);
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(token),
    });
    expect(old.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.nik, password: PASSWORD_A },
      remoteAddress: '10.32.0.2',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await login(ctx.app, p.nik, PASSWORD_B)).length).toBeGreaterThan(10);
  });

  it('revokes all open codes of a person', async () => {
    const { id } = await personId(persons[9]!.nik);
    await codesFrom(`/api/register/persons/${id}/activation-codes`);
    const res = await slips(`/api/register/persons/${id}/activation-codes/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.revoked).toBe(1);
    const again = await slips(`/api/register/persons/${id}/activation-codes/revoke`);
    expect(again.json().data.revoked).toBe(0);
  });

  it('refuses residents and guests, unknown targets and bad input, in Indonesian, writing nothing', async () => {
    const resident = await login(ctx.app, (await makeUser(ctx.testDb.db)).email);
    const { id } = await personId(persons[10]!.nik);
    const before = await ctx.app.db
      .selectFrom('activation_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const denied = await slips(`/api/register/persons/${id}/activation-codes`, resident);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Hanya administrator yang dapat membuka data kependudukan.');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/register/persons/${id}/activation-codes`,
      headers: bearer(resident),
    });
    expect(list.statusCode).toBe(403);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/register/persons/${id}/activation-codes`,
    });
    expect(guest.statusCode).toBe(401);
    const missing = await slips('/api/register/persons/999999/activation-codes');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Penduduk tidak ditemukan.');
    const area = await slips('/api/register/areas/999999/activation-codes');
    expect(area.json().message).toBe('Wilayah tidak ditemukan.');
    const bad = await useCode('abc', { phone: '', password_confirmation: 'lain' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      code: [
        'Kode aktivasi terdiri dari 10 huruf dan angka, seperti tertulis pada slip dari kantor desa.',
      ],
      phone: ['Isi nomor HP atau alamat e-mail (salah satu).'],
      password_confirmation: ['Ulangi kata sandi tidak sama dengan kata sandi.'],
    });
    // No WhatsApp channel configured here: sending a code there is refused, nothing written.
    const wa = await ctx.app.inject({
      method: 'POST',
      url: `/api/register/persons/${id}/activation-codes/whatsapp`,
      headers: bearer(admin),
      payload: { phone: '081234567890' },
    });
    expect(wa.statusCode).toBe(422);
    expect(wa.json().message).toBe(WHATSAPP_OFF);
    const after = await ctx.app.db
      .selectFrom('activation_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 429 with Retry-After past the failures per address', async () => {
    const ip = '10.33.0.1';
    for (let i = 0; i < ACTIVATION_PER_ADDRESS; i++) {
      // A different code each time (a code counts up to 5 failures of its own).
      expect((await useCode(`ZZZZZ-ZZZ${'23456789AB'[i]}2`, {}, ip)).statusCode).toBe(422);
    }
    const blocked = await useCode('ZZZZZ-ZZZZ3', {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.json().message).toMatch(/^Terlalu banyak percobaan aktivasi/);
  });
});
