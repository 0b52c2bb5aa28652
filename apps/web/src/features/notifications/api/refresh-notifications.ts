import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiPaths } from '../../../lib/paths.ts';
import { isNotificationListKey } from './get-notifications.ts';
import type { AppNotification, PageMeta } from './notification.ts';

type ListPage = { data: AppNotification[]; meta: PageMeta };

/**
 * After notifications were read: shows them read at once in every cached page of the list and
 * (when known) the new unread count on the bell, then asks the server again for both.
 */
export function useRefreshNotifications() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async ({ readIds, unreadCount }: { readIds: number[] | 'all'; unreadCount?: number }) => {
      const isRead = (n: AppNotification) => readIds === 'all' || readIds.includes(n.id);
      await Promise.all([
        unreadCount === undefined
          ? mutate(apiPaths.notificationsUnreadCount)
          : mutate(
              apiPaths.notificationsUnreadCount,
              { data: { count: unreadCount } },
              { revalidate: true },
            ),
        mutate<ListPage>(
          isNotificationListKey,
          (page) =>
            page && {
              ...page,
              data: page.data.map((n) => (isRead(n) && !n.read ? { ...n, read: true } : n)),
            },
          { revalidate: true },
        ),
      ]);
    },
    [mutate],
  );
}
