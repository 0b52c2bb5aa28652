import type { ApiUser } from '@balai/domain';
import useSWR from 'swr';
import { apiPaths } from './paths.ts';

/** The signed-in user's own profile, biodata included (GET /api/profile). */
export function useProfile() {
  const { data, error, isLoading, mutate } = useSWR<{ data: ApiUser }>(apiPaths.profile);
  return { profile: data?.data ?? null, error: error as unknown, isLoading, mutate };
}
