import { z } from 'zod';
import { isRealIsoDate, todayIso } from './dates.ts';
import { msg } from './messages.ts';
import { cleanPlainText } from './plain-text.ts';
import { normalizePhone } from './phone.ts';
import { ROLES } from './roles.ts';
import type { FieldDef } from './field-defs.ts';
import { USER_FIELDS, USER_LABELS, type UserField } from './user-fields.ts';
import { confirmationSchema, nipSchema, positionSchema } from './signing.ts';
import type { ApiUser as ContractUser } from './contract/users.ts';

/** Empty strings from forms mean "not filled in". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** One line of plain text: trimmed, without control characters or bidi overrides (plain-text.ts). */
const oneLine = (v: unknown) => (typeof v === 'string' ? cleanPlainText(v, false) : v);

export const text = (label: string, max: number) =>
  z.preprocess(
    oneLine,
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(max, msg.maxLength(label, max)),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => blankToNull(oneLine(v)),
    z
      .string({ error: msg.maxLength(label, max) })
      .max(max, msg.maxLength(label, max))
      .nullable()
      .optional(),
  );

export const email = (label = 'E-mail') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(254, msg.maxLength(label, 254))
      .pipe(z.email({ error: msg.email(label) })),
  );

export const digits = (label: string, n: number) =>
  z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: msg.exactDigits(label, n) })
      .regex(new RegExp(`^\\d{${n}}$`), msg.exactDigits(label, n))
      .nullable()
      .optional(),
  );

export const phone = (label = 'No. HP') =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
    z
      .string({ error: msg.digitsOnly(label) })
      .regex(/^\+?\d{8,15}$/, `${label} hanya boleh berisi angka (8–15 digit), boleh diawali +.`)
      .nullable()
      .optional(),
  );

export const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.preprocess(
    blankToNull,
    z
      .enum(options, { error: msg.chooseOne(label) })
      .nullable()
      .optional(),
  );

export const pastDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: msg.date(label) })
      .refine(isRealIsoDate, msg.date(label))
      .refine((v) => v <= todayIso(), msg.dateNotFuture(label))
      .refine((v) => v >= '1900-01-01', `${label} tidak boleh sebelum tahun 1900.`)
      .nullable()
      .optional(),
  );

/** An empty box says it is required, not that it is too short. */
export const password = (label = 'Kata sandi') =>
  z
    .string({ error: msg.required(label) })
    .min(1, { message: msg.required(label), abort: true })
    .min(8, msg.minLength(label, 8))
    .max(128, msg.maxLength(label, 128));

/** Labels come from the field definitions (user-fields.ts), typed once. */
const label = (name: string) => USER_LABELS[name] ?? name;

/** A text the definition gives a pattern (No. KK, RT, RW): its own message when it does not fit. */
const patterned = (f: FieldDef) => {
  const message = f.patternMessage ?? msg.pattern(f.label);
  return z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: message })
      .regex(new RegExp(`^(?:${f.pattern})$`, 'u'), message)
      .nullable()
      .optional(),
  );
};

/** A field that may be left empty, its schema by kind. */
type OptionalFieldSchema =
  | ReturnType<typeof digits>
  | ReturnType<typeof phone>
  | ReturnType<typeof pastDate>
  | ReturnType<typeof choice>
  | ReturnType<typeof patterned>
  | ReturnType<typeof optionalText>;

/** The builder a definition's kind calls for (empty allowed; `userFieldSchema` adds required). */
function optionalFieldSchema(f: FieldDef): OptionalFieldSchema {
  switch (f.kind) {
    case 'nik':
      return digits(f.label, 16);
    case 'phone':
      return phone(f.label);
    case 'date':
      if (!f.notFuture) break;
      return pastDate(f.label);
    case 'select':
      return choice(f.label, f.options as unknown as readonly [string, ...string[]]);
    case 'text':
      return f.pattern !== undefined ? patterned(f) : optionalText(f.label, f.maxLength ?? 255);
  }
  throw new Error(`No user-field schema for ${f.name} (${f.kind}).`);
}

/**
 * The zod schema of a person's field, built from its definition (user-fields.ts): the profile's
 * biodata, and the applicant block of a letter (letters/applicant.ts), where more fields are
 * required. A required text must be filled in; any other required field must not be empty.
 */
export function userFieldSchema(f: FieldDef) {
  if (f.required && f.kind === 'text' && f.pattern === undefined) {
    return text(f.label, f.maxLength ?? 255);
  }
  const schema = optionalFieldSchema(f);
  return f.required
    ? schema.refine((v) => v !== null && v !== undefined, { message: msg.required(f.label) })
    : schema;
}

type BiodataField = Exclude<UserField, 'name' | 'email'>;
const BIODATA_FIELDS = USER_FIELDS.filter((f) => f.name !== 'name' && f.name !== 'email');

/**
 * The biodata a resident keeps in their profile; it becomes the applicant block of a letter.
 * The fields of `USER_FIELDS` after name and e-mail, each as its definition says.
 */
export const biodataShape = Object.fromEntries(
  BIODATA_FIELDS.map((f) => [f.name, optionalFieldSchema(f)]),
) as { [K in BiodataField]: OptionalFieldSchema };

export const BIODATA_LABELS = Object.fromEntries(
  Object.keys(biodataShape).map((name) => [name, label(name)]),
) as Record<keyof typeof biodataShape, string>;

const NIK_PATTERN = /^\d{16}$/;
const anEmail = z.email();
/** A mobile number as normalizePhone gives it (62 8…). */
const PHONE_PATTERN = /^628\d{8,12}$/;

/**
 * What the login field takes: an e-mail address, or the 16-digit NIK for residents without
 * e-mail (issue 13.3), or their mobile number (issue 21). Spaces and dots typed inside a NIK (as printed on some cards) are dropped.
 */
export const loginIdentifier = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    const digits = t.replace(/[\s.]/g, '');
    if (NIK_PATTERN.test(digits)) return digits;
    // A mobile number (issue 21): 08…, +62… or 62… becomes 62…, as stored at activation.
    const phone = t.includes('@') ? null : normalizePhone(t);
    return phone?.ok ? phone.phone : t;
  },
  z
    .string({ error: msg.required('E-mail atau NIK') })
    .min(1, msg.required('E-mail atau NIK'))
    .max(254, msg.maxLength('E-mail atau NIK', 254))
    .refine((v) => NIK_PATTERN.test(v) || PHONE_PATTERN.test(v) || anEmail.safeParse(v).success, {
      message: 'Masukkan alamat e-mail yang valid atau NIK 16 digit.',
    }),
);

/** Whether a login identifier (after loginIdentifier) is a NIK rather than an e-mail. */
export const isNik = (identifier: string) => NIK_PATTERN.test(identifier);
/** Whether a login identifier (after loginIdentifier) is a mobile number (62…). */
export const isPhoneLogin = (identifier: string) => PHONE_PATTERN.test(identifier);

export const loginSchema = z.object({
  email: loginIdentifier,
  /** The browser's random device id: a device that signed in before is not locked out by strangers. */
  device: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Pengenal perangkat tidak valid.')
    .optional(),
  password: z
    .string({ error: msg.required('Kata sandi') })
    .min(1, msg.required('Kata sandi'))
    .max(128, msg.maxLength('Kata sandi', 128)),
});

/** A resident's own profile: biodata and contact data, never role or active flag. */
export const profileUpdateSchema = z
  .object({
    name: text(label('name'), 100).optional(),
    email: email(label('email')).optional(),
    /** Needed only to change the e-mail (the server checks it; never stored or logged). */
    current_password: z
      .string({ error: msg.required('Kata sandi saat ini') })
      .max(128, msg.maxLength('Kata sandi saat ini', 128))
      .optional(),
    ...biodataShape,
  })
  .strip();

const ROLE_MESSAGE = 'Peran harus ADMINISTRATOR atau WARGA.';
/** true: the office checked name, NIK, No. KK and birth data against the KTP and KK; false: not (any more). */
const identityVerified = z.boolean({ error: msg.boolean(label('identity_verified')) }).optional();

export const userCreateSchema = z.object({
  name: text(label('name'), 100),
  email: email(label('email')),
  password: password(label('password')),
  role: z.enum(ROLES, { error: ROLE_MESSAGE }).default('WARGA'),
  active: z.boolean({ error: msg.boolean(label('active')) }).default(true),
  identity_verified: identityVerified,
  /** An administrator's position (issue 15); an administrator without one is an operator. */
  position: z.preprocess(blankToNull, positionSchema.nullable()).optional(),
  nip: nipSchema.optional(),
  /** The Kepala Desa's password or PIN, for a change only they may make (ADR 0020). */
  confirmation: confirmationSchema.optional(),
  ...biodataShape,
});

export const userUpdateSchema = z.object({
  name: text(label('name'), 100).optional(),
  email: email(label('email')).optional(),
  password: password(label('password')).optional(),
  role: z.enum(ROLES, { error: ROLE_MESSAGE }).optional(),
  active: z.boolean({ error: msg.boolean(label('active')) }).optional(),
  identity_verified: identityVerified,
  position: z.preprocess(blankToNull, positionSchema.nullable()).optional(),
  nip: nipSchema.optional(),
  confirmation: confirmationSchema.optional(),
  ...biodataShape,
});

/** The labels of the new-password boxes, as the change and reset forms show them. */
export const NEW_PASSWORD = 'Kata sandi baru';
export const REPEAT_PASSWORD = 'Ulangi kata sandi baru';

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;

/**
 * When the two new passwords are compared. Not when the body is no object at all (`null` made
 * the comparison throw: a 500, found by the fuzz proof suite), nor when either is wrong.
 */
const bothPasswordsValid = (payload: {
  value: unknown;
  issues: readonly { path?: readonly PropertyKey[] }[];
}) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some(
    (i) =>
      (i.path?.length ?? 0) === 0 ||
      i.path?.[0] === 'password' ||
      i.path?.[0] === 'password_confirmation',
  );

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: msg.required('Kata sandi saat ini') })
      .min(1, msg.required('Kata sandi saat ini')),
    password: password(NEW_PASSWORD),
    password_confirmation: z
      .string({ error: msg.required(REPEAT_PASSWORD) })
      .min(1, msg.required(REPEAT_PASSWORD)),
  })
  .refine(confirmed, {
    message: msg.passwordMismatch(REPEAT_PASSWORD, NEW_PASSWORD),
    path: ['password_confirmation'],
    // Compared only when both are otherwise fine: an empty repeat says it is required, once.
    when: bothPasswordsValid,
  });

export const forgotPasswordSchema = z.object({ email: email('E-mail') });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Tautan atur ulang kata sandi tidak valid.' })
      .min(1, 'Tautan atur ulang kata sandi tidak valid.')
      .max(200),
    password: password(NEW_PASSWORD),
    password_confirmation: z
      .string({ error: msg.required(REPEAT_PASSWORD) })
      .min(1, msg.required(REPEAT_PASSWORD)),
  })
  .refine(confirmed, {
    message: msg.passwordMismatch(REPEAT_PASSWORD, NEW_PASSWORD),
    path: ['password_confirmation'],
    // Compared only when both are otherwise fine: an empty repeat says it is required, once.
    when: bothPasswordsValid,
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/**
 * A user as the API shows it: the contract's type (contract/users.ts, ADR 0021), with the signing
 * fields (issue 15) optional for code written before them; new code imports `ApiUser` from
 * `@balai/domain/contract`, where every field is present.
 */
export type ApiUser = Omit<ContractUser, SigningUserField> &
  Partial<Pick<ContractUser, SigningUserField>>;
type SigningUserField = 'position' | 'position_label' | 'nip' | 'has_signing_pin' | 'signature';
