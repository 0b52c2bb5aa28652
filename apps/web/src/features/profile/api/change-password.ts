import type { passwordChangeSchema } from '@balai/domain';
import type { z } from 'zod';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * Changes the password (PUT /api/profile/password). The server revokes the user's other
 * sessions and keeps this one; if it hands back a fresh token, that token is returned.
 */
export async function changePassword(
  input: z.output<typeof passwordChangeSchema>,
): Promise<string | null> {
  const response = await api.put<{ data?: { token?: unknown } } | undefined>(
    apiPaths.profilePassword,
    input,
  );
  const token = response?.data?.token;
  return typeof token === 'string' && token ? token : null;
}
