import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths.ts';

/** How often the bell asks again while the page stays open. */
const REFRESH_MS = 60_000;

/** The signed-in user's unread notifications; nothing is fetched while signed out. */
export function useUnreadCount(enabled: boolean) {
  const { data } = useSWR<{ data: { count: number } }>(
    enabled ? apiPaths.notificationsUnreadCount : null,
    { refreshInterval: REFRESH_MS },
  );
  return data?.data.count ?? 0;
}
