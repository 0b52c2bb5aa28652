import type { ApiUser, ProfileUpdateInput } from '@balai/domain';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Saves the user's own biodata (PUT /api/profile) and returns the saved profile. */
export async function updateProfile(input: ProfileUpdateInput): Promise<ApiUser> {
  const { data } = await api.put<{ data: ApiUser }>(apiPaths.profile, input);
  return data;
}
