import type {
  forgotPasswordSchema,
  MessageAnswer,
  resetPasswordSchema,
} from '@balai/domain/contract';
import { authPaths } from '@balai/domain/paths';
import type { z } from 'zod';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';

/**
 * The password reset (contract: auth.ts). Signing in and out is the auth provider's
 * (`lib/auth`), which the first load needs; these pages are lazy.
 */

/**
 * Asks for a reset link. The server answers the same whether or not the e-mail has an account,
 * so the page always moves on to "check your e-mail".
 */
export function requestPasswordReset(input: z.output<typeof forgotPasswordSchema>) {
  return api.post<MessageAnswer>(stripApi(authPaths.forgotPassword), input);
}

/** Sets a new password with the single-use token from the e-mailed link. */
export function resetPassword(input: z.output<typeof resetPasswordSchema>) {
  return api.post<MessageAnswer>(stripApi(authPaths.resetPassword), input);
}
