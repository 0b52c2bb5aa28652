import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/passwords.ts';
import {
  ACTIVATION_PER_ADDRESS,
  ACTIVATION_PER_NIK,
  ACTIVATION_REFUSED,
} from '../src/services/activation.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { importFile, opensidXlsx, people, type Person } from './register-fixtures.ts';

// Issue 21: a resident activates their own account from the register, then signs in by NIK or
// phone. The register is imported the office's way (an OpenSID workbook).
let ctx: TestContext;
let persons: Person[];
let hashMs: number;
const NEW_PASSWORD = 'kebun-kopi-subur-77';

let ipSeq = 0;
/** A fresh address per test, so the per-address limit of one test never touches another. */
const nextIp = () => `10.21.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const activate = (payload: Record<string, unknown>, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/account/activate', payload, remoteAddress: ip });

const body = (p: Person, extra: Record<string, unknown> = {}) => ({
  nik: p.nik,
  kk_number: p.no_kk,
  birth_date: p.tanggallahir,
  phone: '0812-3456-7890',
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...extra,
});

async function timed(payload: Record<string, unknown>, ip: string) {
  const started = performance.now();
  const res = await activate(payload, ip);
  return { res, ms: performance.now() - started };
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' } });
  const admin = await login(
    ctx.app,
    (await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' })).email,
  );
  persons = people(12);
  const res = await importFile(ctx.app, admin, await opensidXlsx(persons));
  expect(res.statusCode, res.body).toBe(200);
  // The quickest of three hashes (the first one warms up).
  hashMs = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await hashPassword(NEW_PASSWORD);
    hashMs = Math.min(hashMs, performance.now() - started);
  }
}, 60_000);
afterAll(async () => ctx.close());

describe('account activation from the register (issue 21)', () => {
  it('activates with the right data: linked to the person, biodata from the register, matched but not verified, signed in', async () => {
    const p = persons[0]!;
    const res = await activate(body(p), nextIp());
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      name: p.nama,
      nik: p.nik,
      kk_number: p.no_kk,
      birth_date: p.tanggallahir,
      birth_place: 'Bogor',
      phone: '6281234567890',
      identity_verified_at: null,
      roles: [{ name: 'WARGA' }],
    });
    expect(data.user.register_matched_at).toEqual(expect.any(String));
    const person = await ctx.app.db
      .selectFrom('register_persons')
      .select('id')
      .where('nik', '=', p.nik)
      .executeTakeFirstOrThrow();
    const row = await ctx.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.register_person_id).toBe(person.id);
    expect(row.register_matched_at).not.toBeNull();
    expect(row.identity_verified_at).toBeNull();
    expect(row.email).toBe(`warga-${person.id}@tanpa-email.invalid`);
    expect(row.hamlet).toBe(p.dusun);
    // The token works.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('signs in by NIK and by phone number in any written form', async () => {
    const p = persons[0]!;
    for (const id of [p.nik, '081234567890', '+62 812-3456-7890', '6281234567890']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: id, password: NEW_PASSWORD },
        remoteAddress: '10.22.0.1',
      });
      expect(res.statusCode, `${id} ${res.body}`).toBe(200);
      expect(res.json().data.user.nik).toBe(p.nik);
    }
  });

  it('activates with an e-mail instead of a phone', async () => {
    const p = persons[1]!;
    const res = await activate(body(p, { phone: '', email: 'Ratna@Contoh.ID' }), nextIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'ratna@contoh.id', phone: null });
  });

  it('gives one answer, after the same work, for an unknown NIK, a wrong No. KK, a wrong birth date, a dead person and a person with an account', async () => {
    const p = persons[3]!;
    const dead = persons[4]!;
    await ctx.app.db
      .updateTable('register_persons')
      .set({ life_status: 'meninggal' })
      .where('nik', '=', dead.nik)
      .execute();
    const cases = {
      unknown: body(p, { nik: `${p.nik.slice(0, 12)}9999` }),
      wrongKk: body(p, { kk_number: persons[6]!.no_kk }),
      wrongBirth: body(p, { birth_date: '1999-12-31' }),
      dead: body(dead),
      hasAccount: body(persons[0]!),
    };
    const answers = [];
    const times: string[] = [];
    for (const [name, payload] of Object.entries(cases)) {
      const { res, ms } = await timed(payload, nextIp());
      expect(res.statusCode, `${name} ${res.body}`).toBe(422);
      // Each path hashes the password: none answers faster than a good part of one hash.
      expect(ms, name).toBeGreaterThanOrEqual(hashMs * 0.5);
      answers.push(res.body);
      times.push(`${name} ${Math.round(ms)} ms`);
    }
    console.log(`activation refusals (one hash ${Math.round(hashMs)} ms): ${times.join(', ')}`);
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual({ message: ACTIVATION_REFUSED });
    // Nothing written, and the right data still activates afterwards.
    const count = await ctx.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('nik', 'in', [p.nik, dead.nik])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect((await activate(body(p), nextIp())).statusCode).toBe(200);
    // The dead person's failures are audited with the reason; the answer never said it.
    const reasons = await ctx.app.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'activation.failure')
      .execute();
    const text = reasons.map((r) => r.detail).join(' ');
    for (const r of ['unknown_nik', 'wrong_kk', 'wrong_birth_date', 'not_living', 'has_account'])
      expect(text).toContain(r);
  });

  it('refuses bad input with Indonesian messages and writes nothing', async () => {
    const p = persons[5]!;
    const ip = nextIp();
    const noContact = await activate(body(p, { phone: '' }), ip);
    expect(noContact.statusCode).toBe(422);
    expect(noContact.json().errors.phone).toEqual([
      'Isi nomor HP atau alamat e-mail (salah satu).',
    ]);
    const badPhone = await activate(body(p, { phone: '12345' }), ip);
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.phone[0]).toMatch(/^Nomor HP tidak valid/);
    const badNik = await activate(body(p, { nik: '12' }), ip);
    expect(badNik.json().errors.nik).toEqual(['NIK harus 16 digit angka.']);
    const mismatch = await activate(body(p, { password_confirmation: 'lain-sekali-99' }), ip);
    expect(mismatch.json().errors.password_confirmation).toHaveLength(1);
    const weak = await activate(body(p, { password: p.nik, password_confirmation: p.nik }), ip);
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toHaveLength(1);
    // An e-mail another account holds (the one activated above): said on the field.
    const taken = await activate(body(p, { phone: '', email: 'ratna@contoh.id' }), ip);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['E-mail sudah dipakai akun lain.']);
    const none = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('nik', '=', p.nik)
      .execute();
    expect(none).toHaveLength(0);
  });

  it(`limits attempts per NIK (${ACTIVATION_PER_NIK}) from any address, even with the right data after`, async () => {
    const p = persons[7]!;
    for (let i = 0; i < ACTIVATION_PER_NIK; i++) {
      const res = await activate(body(p, { birth_date: `1990-01-${String(i + 10)}` }), nextIp());
      expect(res.statusCode).toBe(422);
    }
    const blocked = await activate(body(p), nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Terlalu banyak percobaan aktivasi/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`limits attempts per address (${ACTIVATION_PER_ADDRESS}) whatever the NIK`, async () => {
    const ip = nextIp();
    for (let i = 0; i < ACTIVATION_PER_ADDRESS; i++) {
      const p = persons[8 + (i % 3)]!;
      const res = await activate(body(p, { kk_number: '3201019999999999' }), ip);
      expect(res.statusCode).toBe(422);
    }
    const blocked = await activate(body(persons[11]!), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Terlalu banyak percobaan aktivasi/);
    // Another address is not held up.
    expect((await activate(body(persons[11]!), nextIp())).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous activations of the same person through', async () => {
    const p = persons[2]!;
    const [a, b] = await Promise.all([activate(body(p), nextIp()), activate(body(p), nextIp())]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const rows = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('nik', '=', p.nik)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
