import type {
  ApiUser,
  MessageAnswer,
  passwordChangeSchema,
  ProfileAnswer,
  ProfileUpdateInput,
} from '@balai/domain/contract';
import { authPaths } from '@balai/domain/paths';
import type { z } from 'zod';
import { api } from '../lib/http-client.ts';
import { apiPaths, stripApi } from '../lib/paths.ts';

/**
 * The signed-in user's own account (contract: auth.ts): saving the biodata and changing the
 * password. Reading the profile is `lib/profile.ts` (`useProfile`), which the shell shares.
 */

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
  const answer = await api.put<ProfileAnswer>(apiPaths.profile, input);
  return { user: answer.data, nikChange: answer.nik_change?.message ?? null };
}

/**
 * Changes the password (PUT /api/profile/password). The server revokes the user's other
 * sessions and keeps this one (its token stays valid); it answers a message.
 */
export function changePassword(input: z.output<typeof passwordChangeSchema>) {
  return api.put<MessageAnswer>(stripApi(authPaths.profilePassword), input);
}
