import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_RESOURCES, LETTER_TYPES, type ContentResource } from '@balai/domain';
import { exampleBody, storeKeptImage } from './content-fixtures.ts';
import { createTestApp, login, makeUser, onPostgres, type TestContext } from './helpers.ts';
import { client, example, FULL_PROFILE } from './letter-helpers.ts';

/**
 * NUL, BEL, escapes, C1 controls and bidi overrides typed into any text field never reach the
 * database: every write path (users, profile, letters with a typed applicant, status notes,
 * content, settings) is tried with them, then every text value of every table is read back.
 */
const BAD = '\u0000\u0007\u001b\u007f\u0085\u009b\u202a\u202b\u202d\u202e\u2066\u2067\u2069';
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const poison = (v: string) => `${v.slice(0, 1)}${BAD}${v.slice(1)}${BAD}`;
const TEXT_KINDS = ['text', 'textarea', 'richtext'];

function poisonTexts(
  fields: readonly { name: string; kind: string }[],
  body: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...body };
  for (const f of fields) {
    const v = out[f.name];
    if (TEXT_KINDS.includes(f.kind) && typeof v === 'string') out[f.name] = poison(v);
  }
  return out;
}

/** Every string anywhere in a value (JSON columns come back parsed on PostgreSQL). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') {
    if (/^[[{]/.test(value)) {
      try {
        return [value, ...strings(JSON.parse(value))];
      } catch {
        return [value];
      }
    }
    return [value];
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('control characters and bidi overrides are never stored', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const resident = await makeUser(ctx.testDb.db, { ...FULL_PROFILE });
    asResident = client(ctx.app, await login(ctx.app, resident.email));
  });
  afterAll(async () => ctx.close());

  it('accepts the poisoned input on every write path, stripped', async () => {
    const created = await asAdmin('POST', '/api/users/create', {
      name: poison('Dewi Lestari'),
      email: 'dewi.kontrol@uji.desa.id',
      password: 'rahasia-desa-123',
      role: 'WARGA',
      ...Object.fromEntries(
        Object.entries(FULL_PROFILE).map(([k, v]) => [
          k,
          ['birth_place', 'occupation', 'address', 'hamlet'].includes(k) ? poison(v) : v,
        ]),
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.name).toBe('Dewi Lestari');
    expect(created.json().data.address).toBe(FULL_PROFILE.address);

    const profile = await asResident('PUT', '/api/profile', {
      name: poison('Siti Rahmawati'),
      birth_place: poison('Bogor'),
      occupation: poison('Pedagang'),
      address: poison('Jl. Melati No. 3'),
      hamlet: poison('Dusun II'),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.name).toBe('Siti Rahmawati');

    const applicant = {
      name: poison('Budi Santoso'),
      nik: '3201010101800001',
      birth_place: poison('Bogor'),
      birth_date: '1980-01-01',
      gender: 'Laki-laki',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: poison('Petani'),
      education: 'SMA/Sederajat',
      nationality: 'WNI',
      address: poison('Kampung Babakan No. 8'),
      hamlet: poison('Dusun I'),
    };
    for (const type of LETTER_TYPES) {
      const body = poisonTexts(type.fields, example(type.code));
      const res = await asAdmin('POST', type.base, { ...body, applicant });
      expect(res.statusCode, `${type.code}: ${res.body}`).toBe(201);
      const id = res.json().data.id as number;
      if (type === LETTER_TYPES[0]) {
        const noted = await asAdmin('POST', `${type.base}/${id}/status`, {
          status: 'needs_revision',
          note: poison('Foto KTP buram,\nmohon unggah ulang.'),
        });
        expect(noted.statusCode, noted.body).toBe(200);
      }
    }
    // The resident's own request, applicant block from the (already cleaned) profile.
    const own = await asResident(
      'POST',
      LETTER_TYPES[1]!.base,
      poisonTexts(LETTER_TYPES[1]!.fields, example(LETTER_TYPES[1]!.code)),
    );
    expect(own.statusCode, own.body).toBe(201);

    const image = await storeKeptImage(ctx.testDb.db, 800, 600);
    const made = new Map<string, number>();
    const withText = (r: ContentResource) => r.fields.some((f) => TEXT_KINDS.includes(f.kind));
    // Targets of references first, so every resource has one to point at.
    const ordered = [...CONTENT_RESOURCES].sort(
      (a, b) =>
        Number(a.fields.some((f) => f.kind === 'reference')) -
        Number(b.fields.some((f) => f.kind === 'reference')),
    );
    for (const r of ordered.filter(withText)) {
      const ref = r.fields.find((f) => f.kind === 'reference');
      const body = poisonTexts(
        r.fields,
        exampleBody(r, { image, reference: ref ? (made.get(ref.references ?? '') ?? null) : null }),
      );
      const res = await asAdmin('POST', r.base, body);
      expect(res.statusCode, `${r.key}: ${res.body}`).toBe(201);
      made.set(r.key, res.json().data.id as number);
    }

    const settings = await asAdmin('PUT', '/api/settings', {
      village_name: poison('Sukamaju'),
      kecamatan: poison('Cibungbulang'),
      kabupaten: 'Bogor',
      provinsi: 'Jawa Barat',
      address: poison('Jl. Raya Desa No. 1'),
      head_name: poison('H. Ahmad Suhendi'),
      village_code: '3201012001',
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });

  it('leaves no such character in any text of any table', async () => {
    const db = ctx.testDb.db.kysely;
    const tables = onPostgres
      ? (
          await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`
            select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
            db,
          )
        ).rows;
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'letter_requests', 'homepage_headers']),
    );
    const found: string[] = [];
    let texts = 0;
    for (const { name } of tables) {
      const rows = (
        await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)
      ).rows;
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          for (const s of strings(value)) {
            texts += 1;
            if (UNPRINTABLE.test(s)) found.push(`${name}.${column}: ${JSON.stringify(s)}`);
          }
        }
      }
    }
    expect(texts).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });
});
