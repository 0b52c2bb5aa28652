import type {
  ApiNotification,
  NotificationPage,
  ReadAllAnswer,
  UnreadCount,
} from '@balai/domain/contract';
import { notificationPaths } from '@balai/domain/paths';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../lib/http-client.ts';
import { apiPaths, stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';
import type { ApiKey } from '../lib/swr-config.ts';

/** The signed-in user's in-app notifications (contract: notifications.ts). */

const LIST = stripApi(notificationPaths.list);
const UNREAD_COUNT = apiPaths.notificationsUnreadCount;

/** Which page of the list to show. */
export interface NotificationListQuery {
  page: number;
  /** Only the unread ones. */
  unread: boolean;
}

/** The SWR key of one page of the list. */
export function notificationListKey({ page, unread }: NotificationListQuery): ApiKey {
  return [LIST, { page, unread: unread ? 'true' : undefined }] as const;
}

/** True for the key of any page of the list, to revalidate them all after a change. */
export function isNotificationListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === LIST;
}

/** One page of the signed-in user's notifications, newest first. */
export function useNotifications(query: NotificationListQuery) {
  const { data, error, isLoading, mutate } = useSWR<NotificationPage>(notificationListKey(query));
  return {
    notifications: data?.data,
    meta: data?.meta,
    error: error as unknown,
    isLoading,
    retry: () => void mutate(),
  };
}

/** One of the signed-in user's notifications; `null` id fetches nothing. */
export function useNotification(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: ApiNotification }>(
    id === null ? null : apiPath(notificationPaths.item, { id }),
    // Another user's notification, or a deleted one, is a 404: an answer, not a hiccup.
    { shouldRetryOnError: false },
  );
  return { notification: data?.data ?? null, error: error as unknown, isLoading, mutate };
}

/** How often the bell asks again while the page stays open. */
const REFRESH_MS = 60_000;

/** The signed-in user's unread notifications; nothing is fetched while signed out. */
export function useUnreadCount(enabled: boolean) {
  const { data } = useSWR<UnreadCount>(enabled ? UNREAD_COUNT : null, {
    refreshInterval: REFRESH_MS,
  });
  return data?.data.count ?? 0;
}

/** Marks one notification as read (PUT; the server keeps the first moment it was read). */
export async function markNotificationRead(id: number): Promise<ApiNotification> {
  const { data } = await api.put<{ data: ApiNotification }>(
    apiPath(notificationPaths.read, { id }),
  );
  return data;
}

/** Marks every notification of the signed-in user as read; answers the server's message. */
export async function markAllNotificationsRead(): Promise<{ message: string; updated: number }> {
  const response = await api.post<ReadAllAnswer>(stripApi(notificationPaths.readAll));
  return { message: response.message, updated: response.data.updated };
}

/**
 * After notifications were read: shows them read at once in every cached page of the list and
 * (when known) the new unread count on the bell, then asks the server again for both.
 */
export function useRefreshNotifications() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async ({ readIds, unreadCount }: { readIds: number[] | 'all'; unreadCount?: number }) => {
      const isRead = (n: ApiNotification) => readIds === 'all' || readIds.includes(n.id);
      await Promise.all([
        unreadCount === undefined
          ? mutate(UNREAD_COUNT)
          : mutate(UNREAD_COUNT, { data: { count: unreadCount } }, { revalidate: true }),
        mutate<NotificationPage>(
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
