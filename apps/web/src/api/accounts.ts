import type { ActivationAnswer, ActivationInput } from '@balai/domain/contract';
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
