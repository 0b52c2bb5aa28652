import { z } from 'zod';
import { msg } from '../messages.ts';
import { normalizePhone } from '../phone.ts';
import { RESIDENT_ROLE, ROLES } from '../roles.ts';
import { userField } from '../user-fields.ts';
import { NEW_PASSWORD, NIK_PATTERN, PHONE_LOGIN_PATTERN, REPEAT_PASSWORD } from '../users.ts';
import { biodataShape, blankToNull, email, password, text } from './builders.ts';
import { confirmationSchema, nipSchema, positionSchema } from './signing.ts';

// The request bodies about users and signing in (ADR 0021): built from the user field
// definitions (user-fields.ts), never restating a field's label, length or rule.

const anEmail = z.email();

/**
 * What the login field takes: an e-mail address, or the 16-digit NIK for residents without
 * e-mail (issue 13.3), or their mobile number (issue 21). Spaces and dots typed inside a NIK (as
 * printed on some cards) are dropped.
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
    .refine(
      (v) => NIK_PATTERN.test(v) || PHONE_LOGIN_PATTERN.test(v) || anEmail.safeParse(v).success,
      { message: 'Masukkan alamat e-mail yang valid atau NIK 16 digit.' },
    ),
);

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

// The account's fields, each from its definition.
const NAME = userField('name');
const EMAIL = userField('email');
const PASSWORD = userField('password');
const ROLE = userField('role');
const ACTIVE = userField('active');
const nameSchema = text(NAME.label, NAME.maxLength ?? 100);
const emailSchema = email(EMAIL.label);
const passwordSchema = password(PASSWORD.label, PASSWORD.minLength, PASSWORD.maxLength);
const ROLE_MESSAGE = `${ROLE.label} harus ${ROLES.join(' atau ')}.`;
const roleSchema = z.enum(ROLES, { error: ROLE_MESSAGE });
const activeSchema = z.boolean({ error: msg.boolean(ACTIVE.label) });
/** true: the office checked name, NIK, No. KK and birth data against the KTP and KK; false: not (any more). */
const identityVerified = z
  .boolean({ error: msg.boolean(userField('identity_verified').label) })
  .optional();
/** An administrator's position (issue 15); an administrator without one is an operator. */
const positionOrNone = z.preprocess(blankToNull, positionSchema.nullable()).optional();

/** A resident's own profile: biodata and contact data, never role or active flag. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    /** Needed only to change the e-mail (the server checks it; never stored or logged). */
    current_password: z
      .string({ error: msg.required('Kata sandi saat ini') })
      .max(128, msg.maxLength('Kata sandi saat ini', 128))
      .optional(),
    ...biodataShape,
  })
  .strip();

export const userCreateSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema.default(RESIDENT_ROLE),
  active: activeSchema.default(ACTIVE.default === true),
  identity_verified: identityVerified,
  position: positionOrNone,
  nip: nipSchema.optional(),
  /** The Kepala Desa's password or PIN, for a change only they may make (ADR 0020). */
  confirmation: confirmationSchema.optional(),
  ...biodataShape,
});

export const userUpdateSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  role: roleSchema.optional(),
  active: activeSchema.optional(),
  identity_verified: identityVerified,
  position: positionOrNone,
  nip: nipSchema.optional(),
  confirmation: confirmationSchema.optional(),
  ...biodataShape,
});

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

const repeatPassword = z
  .string({ error: msg.required(REPEAT_PASSWORD) })
  .min(1, msg.required(REPEAT_PASSWORD));
const samePasswords = {
  message: msg.passwordMismatch(REPEAT_PASSWORD, NEW_PASSWORD),
  path: ['password_confirmation'],
  // Compared only when both are otherwise fine: an empty repeat says it is required, once.
  when: bothPasswordsValid,
};

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: msg.required('Kata sandi saat ini') })
      .min(1, msg.required('Kata sandi saat ini')),
    password: password(NEW_PASSWORD),
    password_confirmation: repeatPassword,
  })
  .refine(confirmed, samePasswords);

export const forgotPasswordSchema = z.object({ email: email('E-mail') });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Tautan atur ulang kata sandi tidak valid.' })
      .min(1, 'Tautan atur ulang kata sandi tidak valid.')
      .max(200),
    password: password(NEW_PASSWORD),
    password_confirmation: repeatPassword,
  })
  .refine(confirmed, samePasswords);

export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
