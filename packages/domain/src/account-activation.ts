import { z } from 'zod';
import { msg } from './messages.ts';
import { normalizePhone } from './phone.ts';
import { email, password } from './schemas/builders.ts';
import { USER_FIELDS } from './user-fields.ts';

/**
 * A resident's own account from the population register (issue 21, docs/accounts.md): the
 * activation form's fields and rules, shared by the server and the web's form.
 */

/**
 * The e-mail column is required and unique, so an account activated with a phone only holds
 * `warga-<person id>@tanpa-email.invalid`: `.invalid` can never be delivered (RFC 2606) and the
 * mailer drops such messages. The web shows it as "tanpa e-mail".
 */
export const NO_EMAIL_DOMAIN = 'tanpa-email.invalid';
export const hasNoEmail = (address: string) => address.endsWith(`@${NO_EMAIL_DOMAIN}`);

const labelOf = (name: string) => USER_FIELDS.find((f) => f.name === name)?.label ?? name;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Exactly `n` digits; spaces and dots typed inside (as printed on some cards) are dropped. */
const exactDigits = (name: string, n: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.]/g, '') : v),
    z
      .string({ error: msg.exactDigits(labelOf(name), n) })
      .regex(new RegExp(`^\\d{${n}}$`), msg.exactDigits(labelOf(name), n)),
  );

/** The number normalised to 62…, or the resident's message when it is no mobile number. */
export const mobilePhone = z.preprocess(
  trimmed,
  z.string().transform((v, ctx) => {
    const r = normalizePhone(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message.replace('Nomor WhatsApp', 'Nomor HP') });
      return z.NEVER;
    }
    return r.phone;
  }),
);

const CONTACT_NEEDED = 'Isi nomor HP atau alamat e-mail (salah satu).';
const PASSWORD_MISMATCH = 'Ulangi kata sandi tidak sama dengan kata sandi.';

/** How the resident will sign in, the same with the register's data or with a code. */
const credentialFields = {
  phone: z.preprocess(blankToUndefined, mobilePhone.optional()),
  email: z.preprocess(blankToUndefined, email(labelOf('email')).optional()),
  password: password('Kata sandi'),
  password_confirmation: z
    .string({ error: msg.required('Ulangi kata sandi') })
    .min(1, msg.required('Ulangi kata sandi')),
};

/** A phone or an e-mail (one is enough), and the password typed twice alike. */
function checkCredentials(
  v: { phone?: string; email?: string; password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
) {
  if (!v.phone && !v.email)
    ctx.addIssue({ code: 'custom', message: CONTACT_NEEDED, path: ['phone'] });
  if (v.password !== v.password_confirmation)
    ctx.addIssue({ code: 'custom', message: PASSWORD_MISMATCH, path: ['password_confirmation'] });
}

/** `POST /api/account/activate`: who the resident is (matched with the register) and how they sign in. */
export const activationSchema = z
  .object({
    nik: exactDigits('nik', 16),
    kk_number: exactDigits('kk_number', 16),
    birth_date: z
      .string({ error: msg.date(labelOf('birth_date')) })
      .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date(labelOf('birth_date'))),
    ...credentialFields,
  })
  .superRefine(checkCredentials);
export type ActivationInput = z.input<typeof activationSchema>;

/**
 * Activation codes from the office (issue 21.2, ADR 0029): ten characters of an alphabet
 * without look-alikes (no 0/O, 1/I/L), printed in two groups of five ("7KQ4M-X9PWD"). What a
 * resident types is read leniently: case, spaces, dashes and dots do not matter.
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACTIVATION_CODE_LENGTH = 10;
/** A code is valid this many days from its creation. */
export const ACTIVATION_CODE_DAYS = 30;
/** The age from which a person has a KTP (or is married): who gets a code with a family or an area. */
export const ACTIVATION_CODE_MIN_AGE = 17;

/** The code as stored and hashed: upper case, only the alphabet's characters kept. */
export const normalizeActivationCode = (typed: string) =>
  typed.toUpperCase().replace(/[\s.\-_]/g, '');

/** "7KQ4MX9PWD" → "7KQ4M-X9PWD". */
export const formatActivationCode = (code: string) =>
  `${code.slice(0, 5)}-${code.slice(5, ACTIVATION_CODE_LENGTH)}`;

const CODE_PATTERN = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);
const CODE_MESSAGE =
  'Kode aktivasi terdiri dari 10 huruf dan angka, seperti tertulis pada slip dari kantor desa.';

export const activationCode = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeActivationCode(v) : v),
  z.string({ error: CODE_MESSAGE }).regex(CODE_PATTERN, CODE_MESSAGE),
);

/**
 * `POST /api/account/activate-code`: the code from the slip, how the resident signs in (a phone
 * number or an e-mail) and a password. For a person who already has an account the code resets
 * its password (the office's answer to a forgotten password).
 */
export const codeActivationSchema = z
  .object({
    code: activationCode,
    ...credentialFields,
  })
  .superRefine(checkCredentials);
export type CodeActivationInput = z.input<typeof codeActivationSchema>;
