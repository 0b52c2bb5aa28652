import type { z } from 'zod';
import { loginAnswerSchema } from './auth.ts';

/** Residents' own accounts from the population register (issue 21, docs/accounts.md). */
export const accountPaths = {
  /** POST NIK, No. KK, birth date, phone or e-mail and a password: the account, signed in. */
  activate: '/api/account/activate',
} as const;

export {
  activationSchema,
  hasNoEmail,
  mobilePhone,
  NO_EMAIL_DOMAIN,
  type ActivationInput,
} from '../account-activation.ts';

/** The answer of an activation: the new account, signed in (as `POST /api/login`). */
export const activationAnswerSchema = loginAnswerSchema;
export type ActivationAnswer = z.infer<typeof activationAnswerSchema>;
