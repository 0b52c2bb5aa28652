import type { z } from 'zod';
import type { forgotPasswordSchema } from '@balai/domain';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * Asks for a reset link. The server answers the same whether or not the e-mail has an account,
 * so the page always moves on to "check your e-mail".
 */
export function requestPasswordReset(input: z.output<typeof forgotPasswordSchema>) {
  return api.post<unknown>(apiPaths.forgotPassword, input);
}
