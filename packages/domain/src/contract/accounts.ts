import { z } from 'zod';
import { loginAnswerSchema } from './auth.ts';

/** Residents' own accounts from the population register (issue 21, docs/accounts.md). */
export const accountPaths = {
  /** POST NIK, No. KK, birth date, phone or e-mail and a password: the account, signed in. */
  activate: '/api/account/activate',
  /** POST a code from the office's slip, phone or e-mail and a password: the account, signed in, verified. */
  activateCode: '/api/account/activate-code',
  /** GET a register person's activation codes (state only, never the code); POST → the slip (PDF). */
  personCodes: '/api/register/persons/:id/activation-codes',
  /** POST: every open code of the person revoked. */
  personCodesRevoke: '/api/register/persons/:id/activation-codes/revoke',
  /** POST a WhatsApp number: a new code for the person, sent there through the outbox (issue 22.4). */
  personCodesWhatsapp: '/api/register/persons/:id/activation-codes/whatsapp',
  /** POST → one slip per eligible member of the family (PDF). */
  familyCodes: '/api/register/families/:id/activation-codes',
  /** POST → one slip per eligible person of a dusun, RW or RT (PDF). */
  areaCodes: '/api/register/areas/:id/activation-codes',
  /** POST: this code revoked. */
  codeRevoke: '/api/register/activation-codes/:id/revoke',
} as const;

export {
  ACTIVATION_CODE_DAYS,
  ACTIVATION_CODE_MIN_AGE,
  activationCode,
  activationSchema,
  codeActivationSchema,
  formatActivationCode,
  hasNoEmail,
  normalizeActivationCode,
  mobilePhone,
  NO_EMAIL_DOMAIN,
  type ActivationInput,
  type CodeActivationInput,
} from '../account-activation.ts';

/** The answer of an activation: the new account, signed in (as `POST /api/login`). */
export const activationAnswerSchema = loginAnswerSchema;
export type ActivationAnswer = z.infer<typeof activationAnswerSchema>;

/** What a code is now: open until used, revoked or past its expiry. */
export const activationCodeStates = ['open', 'used', 'expired', 'revoked'] as const;
export type ActivationCodeState = (typeof activationCodeStates)[number];

/** One code as the office lists it: its state and history, never the code itself. */
export const activationCodeItem = z.object({
  id: z.number().int(),
  state: z.enum(activationCodeStates),
  /** How it was made: for the person alone, with the family, or with an area. */
  scope: z.enum(['person', 'family', 'area']),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type ActivationCodeItem = z.infer<typeof activationCodeItem>;
export const activationCodeList = z.object({ data: z.array(activationCodeItem) });
export type ActivationCodeList = z.infer<typeof activationCodeList>;

/** The answer of a revocation: how many open codes it closed. */
export const activationCodeRevoked = z.object({ data: z.object({ revoked: z.number().int() }) });
export type ActivationCodeRevoked = z.infer<typeof activationCodeRevoked>;

/** A code sent to a WhatsApp number: where (masked) and until when; never the code. */
export const activationCodeWhatsappSchema = z.object({
  phone: z
    .string({ error: 'Nomor WhatsApp wajib diisi.' })
    .trim()
    .min(1, 'Nomor WhatsApp wajib diisi.')
    .max(40, 'Nomor terlalu panjang.'),
});
export type ActivationCodeWhatsappInput = z.infer<typeof activationCodeWhatsappSchema>;
export const activationCodeSentSchema = z.object({
  data: z.object({ sent_to: z.string(), expires_at: z.string() }),
});
export type ActivationCodeSent = z.infer<typeof activationCodeSentSchema>;
