import useSWR from 'swr';
import type { AppNotification } from './notification.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** One of the signed-in user's notifications; `null` id fetches nothing. */
export function useNotification(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: AppNotification }>(
    id === null ? null : apiPaths.notification(id),
    // Another user's notification, or a deleted one, is a 404: an answer, not a hiccup.
    { shouldRetryOnError: false },
  );
  return { notification: data?.data ?? null, error: error as unknown, isLoading, mutate };
}
