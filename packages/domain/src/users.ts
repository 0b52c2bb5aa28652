import { z } from 'zod';
import { EDUCATIONS, GENDERS, MARITAL_STATUSES, NATIONALITIES, RELIGIONS } from './choices.ts';
import { isRealIsoDate, todayIso } from './dates.ts';
import { msg } from './messages.ts';
import { cleanPlainText } from './plain-text.ts';
import { ROLES } from './roles.ts';
import { USER_FIELDS, USER_LABELS } from './user-fields.ts';
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

/** 1–3 digits (RT, RW), with the definition's own message. */
const shortNumber = (name: string) => {
  const message =
    USER_FIELDS.find((f) => f.name === name)?.patternMessage ?? msg.pattern(label(name));
  return z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: message })
      .regex(/^\d{1,3}$/, message)
      .nullable()
      .optional(),
  );
};

/** The biodata a resident keeps in their profile; it becomes the applicant block of a letter. */
export const biodataShape = {
  nik: digits(label('nik'), 16),
  kk_number: digits(label('kk_number'), 16),
  phone: phone(label('phone')),
  birth_place: optionalText(label('birth_place'), 100),
  birth_date: pastDate(label('birth_date')),
  gender: choice(label('gender'), GENDERS),
  religion: choice(label('religion'), RELIGIONS),
  marital_status: choice(label('marital_status'), MARITAL_STATUSES),
  occupation: optionalText(label('occupation'), 100),
  education: choice(label('education'), EDUCATIONS),
  nationality: choice(label('nationality'), NATIONALITIES),
  address: optionalText(label('address'), 255),
  rt: shortNumber('rt'),
  rw: shortNumber('rw'),
  hamlet: optionalText(label('hamlet'), 100),
};

export const BIODATA_LABELS = Object.fromEntries(
  Object.keys(biodataShape).map((name) => [name, label(name)]),
) as Record<keyof typeof biodataShape, string>;

const NIK_PATTERN = /^\d{16}$/;
const anEmail = z.email();

/**
 * What the login field takes: an e-mail address, or the 16-digit NIK for residents without
 * e-mail (issue 13.3). Spaces and dots typed inside a NIK (as printed on some cards) are dropped.
 */
export const loginIdentifier = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    const digits = t.replace(/[\s.]/g, '');
    return NIK_PATTERN.test(digits) ? digits : t;
  },
  z
    .string({ error: msg.required('E-mail atau NIK') })
    .min(1, msg.required('E-mail atau NIK'))
    .max(254, msg.maxLength('E-mail atau NIK', 254))
    .refine((v) => NIK_PATTERN.test(v) || anEmail.safeParse(v).success, {
      message: 'Masukkan alamat e-mail yang valid atau NIK 16 digit.',
    }),
);

/** Whether a login identifier (after loginIdentifier) is a NIK rather than an e-mail. */
export const isNik = (identifier: string) => NIK_PATTERN.test(identifier);

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
