import { EDUCATIONS, GENDERS, MARITAL_STATUSES, NATIONALITIES, RELIGIONS } from './choices.ts';
import { field, type FieldDef } from './field-defs.ts';
import { msg } from './messages.ts';
import { NIP_MESSAGE, POSITIONS } from './positions.ts';
import { RESIDENT_ROLE, ROLES } from './roles.ts';

// Users described once, as field definitions (no zod here: the web may import this anywhere).
// The profile form, the admin's user form, the letters' applicant block, the API's user and the
// request schemas (schemas/users.ts, `userFieldSchema`) are all built from these; no other file
// lists the biodata (issue 20).

/** The account's own fields. */
const ACCOUNT_FIELDS = [
  field.text('name', 'Nama lengkap', { required: true, maxLength: 100 }),
  field.email('email', 'E-mail', { required: true }),
] as const;

/** Besides the name, the identity the office checks against the KTP and KK. */
const IDENTITY_DATA_FIELDS = [
  field.nik('nik', 'NIK', { unique: true }),
  field.text('kk_number', 'No. KK', {
    maxLength: 16,
    pattern: '\\d{16}',
    patternMessage: msg.exactDigits('No. KK', 16),
    hint: '16 digit, sesuai Kartu Keluarga.',
  }),
  field.text('birth_place', 'Tempat lahir', { maxLength: 100 }),
  field.date('birth_date', 'Tanggal lahir', { notFuture: true }),
] as const;

/** The rest of the personal data. */
const OTHER_PERSONAL_FIELDS = [
  field.select('gender', 'Jenis kelamin', { options: GENDERS }),
  field.select('religion', 'Agama', { options: RELIGIONS }),
  field.select('marital_status', 'Status perkawinan', { options: MARITAL_STATUSES }),
  field.text('occupation', 'Pekerjaan', { maxLength: 100 }),
  field.select('education', 'Pendidikan', { options: EDUCATIONS }),
  field.select('nationality', 'Kewarganegaraan', { options: NATIONALITIES }),
] as const;

/** How to reach the person and where they live. */
const CONTACT_FIELDS = [
  field.phone('phone', 'No. HP'),
  field.text('address', 'Alamat', {
    maxLength: 255,
    hint: 'Nama jalan atau gang dan nomor rumah',
  }),
  field.text('rt', 'RT', {
    maxLength: 3,
    pattern: '\\d{1,3}',
    patternMessage: 'RT harus 1–3 digit angka.',
  }),
  field.text('rw', 'RW', {
    maxLength: 3,
    pattern: '\\d{1,3}',
    patternMessage: 'RW harus 1–3 digit angka.',
  }),
  field.text('hamlet', 'Dusun', { maxLength: 100 }),
] as const;

type NameOf<T extends readonly { name: string }[]> = T[number]['name'];

/** What a person is: the account's name and e-mail and the biodata, in the profile's order. */
export const USER_FIELDS: readonly FieldDef[] = [
  ...ACCOUNT_FIELDS,
  ...IDENTITY_DATA_FIELDS,
  ...OTHER_PERSONAL_FIELDS,
  ...CONTACT_FIELDS,
];

/** A field of USER_FIELDS by name. */
export type UserField =
  | NameOf<typeof ACCOUNT_FIELDS>
  | NameOf<typeof IDENTITY_DATA_FIELDS>
  | NameOf<typeof OTHER_PERSONAL_FIELDS>
  | NameOf<typeof CONTACT_FIELDS>;

const names = <T extends readonly { name: string }[]>(fields: T) =>
  fields.map((f) => f.name) as NameOf<T>[];

/** The biodata: the user fields after name and e-mail. */
export type BiodataField = Exclude<UserField, NameOf<typeof ACCOUNT_FIELDS>>;
export const BIODATA_FIELDS: readonly FieldDef[] = USER_FIELDS.slice(ACCOUNT_FIELDS.length);
export const BIODATA_FIELD_NAMES: readonly BiodataField[] = [
  ...names(IDENTITY_DATA_FIELDS),
  ...names(OTHER_PERSONAL_FIELDS),
  ...names(CONTACT_FIELDS),
];

/**
 * The identity the office checks against the KTP and KK. Once verified, only an administrator
 * may change these (`PUT /api/profile` refuses them); every change is audited.
 */
export type UserIdentityField = 'name' | NameOf<typeof IDENTITY_DATA_FIELDS>;
export const USER_IDENTITY_FIELD_NAMES: readonly UserIdentityField[] = [
  'name',
  ...names(IDENTITY_DATA_FIELDS),
];

/** Fields only an administrator sets on an account (the admin's user form, never the profile). */
export const USER_ADMIN_FIELDS: readonly FieldDef[] = [
  field.select('role', 'Peran', { required: true, options: ROLES, default: RESIDENT_ROLE }),
  // Issue 15: what the administrator is in the village office; Kepala Desa and Sekretaris Desa
  // can sign letters (docs/signing.md). Residents have none.
  field.select('position', 'Jabatan', {
    options: POSITIONS,
    hint: 'Hanya untuk administrator. Kepala Desa dan Sekretaris Desa dapat menandatangani surat (Pengaturan Tanda Tangan).',
  }),
  field.text('nip', 'NIP', {
    maxLength: 30,
    pattern: '[0-9][0-9 .]*',
    patternMessage: NIP_MESSAGE,
    hint: 'Nomor Induk Pegawai, dicetak di bawah nama penanda tangan.',
  }),
  field.boolean('active', 'Status aktif', {
    default: true,
    hint: 'Akun nonaktif tidak dapat masuk; sesinya diakhiri.',
  }),
  field.boolean('identity_verified', 'Identitas terverifikasi', {
    hint: 'Centang setelah nama, NIK, No. KK, tempat dan tanggal lahir dicocokkan dengan KTP dan KK.',
  }),
  field.text('password', 'Kata sandi', {
    minLength: 8,
    maxLength: 128,
    secret: true,
    hint: 'Minimal 8 karakter. Saat mengubah pengguna, kosongkan jika tidak diganti.',
  }),
];

const byName = new Map([...USER_FIELDS, ...USER_ADMIN_FIELDS].map((f) => [f.name, f]));

/** The definition of one user field; throws on a name that is none (a typo in a definition). */
export function userField(name: string): FieldDef {
  const f = byName.get(name);
  if (!f) throw new Error(`No user field named "${name}".`);
  return f;
}

/** The identity fields as definitions, in form order. */
export const USER_IDENTITY_FIELDS: readonly FieldDef[] = USER_IDENTITY_FIELD_NAMES.map(userField);

/** Every user field's label by name (name, email, the biodata, role, active, password). */
export const USER_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  [...byName].map(([name, f]) => [name, f.label]),
);

/** The user fields in sections, as the profile and the admin's user form group them. */
export const USER_SECTIONS: readonly { legend: string; fields: readonly UserField[] }[] = [
  { legend: 'Akun', fields: names(ACCOUNT_FIELDS) },
  {
    legend: 'Data diri',
    fields: [...names(IDENTITY_DATA_FIELDS), ...names(OTHER_PERSONAL_FIELDS)],
  },
  { legend: 'Kontak dan alamat', fields: names(CONTACT_FIELDS) },
];

/** True for the identity fields a verified resident may no longer change themselves. */
export function isIdentityField(name: string): name is UserIdentityField {
  return (USER_IDENTITY_FIELD_NAMES as readonly string[]).includes(name);
}

/** The 422 message when a verified resident tries to change an identity field. */
export function identityLockedMessage(label: string): string {
  return `${label} sudah diverifikasi kantor desa dan tidak dapat diubah sendiri. Untuk perbaikan, hubungi kantor desa.`;
}
