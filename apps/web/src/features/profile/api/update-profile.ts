import type { ApiUser, ProfileUpdateInput } from '@balai/domain';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The saved profile, and what the resident is told when they typed a new NIK. */
export interface SavedProfile {
  user: ApiUser;
  /**
   * A new NIK is not saved at once: the office checks it against the KTP first (issue 18.9);
   * the server's sentence saying so, or null when the NIK did not change.
   */
  nikChange: string | null;
}

/** Saves the user's own biodata (PUT /api/profile) and returns the saved profile. */
export async function updateProfile(input: ProfileUpdateInput): Promise<SavedProfile> {
  const answer = await api.put<{
    data: ApiUser;
    nik_change?: { status: 'requested'; message: string };
  }>(apiPaths.profile, input);
  return { user: answer.data, nikChange: answer.nik_change?.message ?? null };
}
