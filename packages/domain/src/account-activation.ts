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

/** `POST /api/account/activate`: who the resident is (matched with the register) and how they sign in. */
export const activationSchema = z
  .object({
    nik: exactDigits('nik', 16),
    kk_number: exactDigits('kk_number', 16),
    birth_date: z
      .string({ error: msg.date(labelOf('birth_date')) })
      .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date(labelOf('birth_date'))),
    phone: z.preprocess(blankToUndefined, mobilePhone.optional()),
    email: z.preprocess(blankToUndefined, email(labelOf('email')).optional()),
    password: password('Kata sandi'),
    password_confirmation: z
      .string({ error: msg.required('Ulangi kata sandi') })
      .min(1, msg.required('Ulangi kata sandi')),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email)
      ctx.addIssue({ code: 'custom', message: CONTACT_NEEDED, path: ['phone'] });
    if (v.password !== v.password_confirmation)
      ctx.addIssue({ code: 'custom', message: PASSWORD_MISMATCH, path: ['password_confirmation'] });
  });
export type ActivationInput = z.input<typeof activationSchema>;
