import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors, schemaFromFields } from './schemas/fields.ts';
import { msg } from './messages.ts';
import {
  identityLockedMessage,
  isIdentityField,
  USER_ADMIN_FIELDS,
  USER_FIELDS,
  USER_IDENTITY_FIELD_NAMES,
  USER_IDENTITY_FIELDS,
  USER_LABELS,
  USER_SECTIONS,
  userField,
} from './user-fields.ts';
import { BIODATA_LABELS } from './users.ts';
import { biodataShape } from './schemas/builders.ts';
import { profileUpdateSchema, userCreateSchema, userUpdateSchema } from './schemas/users.ts';

/** A value each kind refuses, so the message shows which label the schema uses. */
const BAD: Record<string, unknown> = {
  name: 'x'.repeat(101),
  email: 'bukan-email',
  nik: '123',
  kk_number: '123',
  birth_place: 'x'.repeat(101),
  birth_date: '2999-01-01',
  gender: 'Lainnya',
  religion: 'Lainnya',
  marital_status: 'Lainnya',
  occupation: 'x'.repeat(101),
  education: 'Lainnya',
  nationality: 'XXX',
  phone: 'abc',
  address: 'x'.repeat(256),
  rt: '12a',
  rw: '12a',
  hamlet: 'x'.repeat(101),
  role: 'TAMU',
  position: 'lurah',
  nip: 'NIP-1',
  active: 'ya',
  identity_verified: 'ya',
  password: 'pendek',
};

const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape);

describe('user field definitions', () => {
  it('describe every field of the profile and of the admin user form exactly once', () => {
    const names = [...USER_FIELDS, ...USER_ADMIN_FIELDS].map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(USER_FIELDS.map((f) => f.name).sort()).toEqual(
      fieldsOf(profileUpdateSchema)
        .filter((n) => n !== 'current_password')
        .sort(),
    );
    // `confirmation` is the Kepala Desa's password or PIN asked in a dialog, not a form field.
    const formFields = (s: typeof userCreateSchema | typeof userUpdateSchema) =>
      fieldsOf(s).filter((n) => n !== 'confirmation');
    expect(names.sort()).toEqual(formFields(userUpdateSchema).sort());
    expect(names.sort()).toEqual(formFields(userCreateSchema).sort());
    expect(Object.keys(biodataShape).sort()).toEqual(
      USER_FIELDS.map((f) => f.name)
        .filter((n) => n !== 'name' && n !== 'email')
        .sort(),
    );
  });

  it('the sections hold every user field once, in the order of USER_FIELDS', () => {
    expect(USER_SECTIONS.flatMap((s) => s.fields)).toEqual(USER_FIELDS.map((f) => f.name));
  });

  it('identity fields are name, NIK, No. KK, birth place and date', () => {
    expect(USER_IDENTITY_FIELD_NAMES).toEqual([
      'name',
      'nik',
      'kk_number',
      'birth_place',
      'birth_date',
    ]);
    expect(USER_IDENTITY_FIELDS.map((f) => f.label)).toEqual([
      'Nama lengkap',
      'NIK',
      'No. KK',
      'Tempat lahir',
      'Tanggal lahir',
    ]);
    expect(isIdentityField('nik')).toBe(true);
    expect(isIdentityField('phone')).toBe(false);
    expect(identityLockedMessage('NIK')).toBe(
      'NIK sudah diverifikasi kantor desa dan tidak dapat diubah sendiri. Untuk perbaikan, hubungi kantor desa.',
    );
    expect(() => userField('nama')).toThrow(/nama/);
  });

  it('BIODATA_LABELS are the definitions’ labels', () => {
    for (const [name, label] of Object.entries(BIODATA_LABELS)) {
      expect(label).toBe(USER_LABELS[name]);
    }
  });

  // The zod schemas and the definitions agree on label and required-ness, field by field.
  const schemas = { profileUpdateSchema, userCreateSchema, userUpdateSchema } as const;
  const cases = Object.entries(schemas).flatMap(([schemaName, schema]) =>
    [...USER_FIELDS, ...USER_ADMIN_FIELDS]
      .filter((f) => f.name in schema.shape)
      .map((f) => [schemaName, f.name, f] as const),
  );

  it.each(cases)('%s.%s names the field by its label', (_s, name, f) => {
    const schema = schemas[_s as keyof typeof schemas].shape as Record<string, z.ZodType>;
    const r = schema[name]!.safeParse(BAD[name]);
    expect(r.success).toBe(false);
    const message = r.success ? '' : (r.error.issues[0]?.message ?? '');
    // role's message names its options instead ("Peran harus ADMINISTRATOR atau WARGA.").
    if (name === 'role') expect(message).toMatch(/^Peran /);
    else expect(message.startsWith(f.label) || message.includes(f.label.toLowerCase())).toBe(true);
  });

  it.each(cases)('%s.%s is required exactly when the definition says', (s, name, f) => {
    const schema = schemas[s as keyof typeof schemas].shape as Record<string, z.ZodType>;
    // In the update schemas a field may be left out (unchanged); what "required" means there is
    // that it cannot be emptied.
    const emptied = schema[name]!.safeParse(f.kind === 'boolean' ? undefined : '');
    if (f.kind === 'boolean' || name === 'role' || name === 'password') return;
    expect(emptied.success, `${s}.${name} accepts ''`).toBe(!f.required);
    if (f.required && !emptied.success) {
      expect(emptied.error.issues[0]?.message).toBe(msg.required(f.label));
    }
  });

  it('a profile the zod schema accepts is accepted by the definitions too, with the same values', () => {
    const profile = {
      name: 'Siti Nurhaliza',
      email: 'siti@contoh.id',
      nik: '3201014506900002',
      kk_number: '3201010101090015',
      birth_place: 'Bogor',
      birth_date: '1990-06-05',
      gender: 'Perempuan',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: 'Guru',
      education: 'D4/S1',
      nationality: 'WNI',
      phone: '081234567890',
      address: 'Jl. Melati No. 5',
      rt: '002',
      rw: '004',
      hamlet: 'Dusun I',
    };
    const fromZod = profileUpdateSchema.parse(profile);
    const fromFields = schemaFromFields(USER_FIELDS).parse(profile);
    expect(fromFields).toEqual(fromZod);
    const bad = schemaFromFields(USER_FIELDS).safeParse({ ...profile, nik: '123', rt: 'x' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({
      nik: [msg.exactDigits('NIK', 16)],
      rt: ['RT harus 1–3 digit angka.'],
    });
  });

  it('the password is a secret of 8–128 characters', () => {
    const f = userField('password');
    expect(f.secret).toBe(true);
    const schema = schemaFromFields([f]);
    expect(schema.safeParse({ password: 'pendek' }).success).toBe(false);
    expect(userCreateSchema.shape.password.safeParse('pendek').error?.issues[0]?.message).toBe(
      msg.minLength(f.label, 8),
    );
    expect(schema.safeParse({ password: 'cukup-panjang' }).success).toBe(true);
  });
});
