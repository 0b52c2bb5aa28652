import type {
  ActivationAnswer,
  ActivationInput,
  CodeActivationInput,
} from '@balai/domain/contract';
import { api } from '../lib/http-client.ts';

/**
 * `POST /api/account/activate` (contract/accounts.ts), without `/api` as the HTTP client takes
 * it: a resident's own account from the register.
 */
export const ACTIVATE_PATH = '/account/activate';

/** Activates the account; a refusal is the server's one generic 422 (or 429 past the limits). */
export function activateAccount(input: ActivationInput) {
  return api.post<ActivationAnswer>(ACTIVATE_PATH, input);
}

/** `POST /api/account/activate-code`: the account opened (verified) or its password reset with a slip's code. */
export const ACTIVATE_CODE_PATH = '/account/activate-code';

export function activateWithCode(input: CodeActivationInput) {
  return api.post<ActivationAnswer>(ACTIVATE_CODE_PATH, input);
}
