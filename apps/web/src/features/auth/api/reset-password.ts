import type { z } from 'zod';
import type { resetPasswordSchema } from '@balai/domain';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Sets a new password with the single-use token from the e-mailed link. */
export function resetPassword(input: z.output<typeof resetPasswordSchema>) {
  return api.post<unknown>(apiPaths.resetPassword, input);
}
