import useSWR from 'swr';
import type { ApiKey } from '../../../lib/swr-config.ts';
import type { AppNotification, PageMeta } from './notification.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface NotificationListQuery {
  page: number;
  /** Only the unread ones. */
  unread: boolean;
}

/** The SWR key of one page of the list. */
export function notificationListKey({ page, unread }: NotificationListQuery): ApiKey {
  return [apiPaths.notifications, { page, unread: unread ? 'true' : undefined }] as const;
}

/** True for the key of any page of the list, to revalidate them all after a change. */
export function isNotificationListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === apiPaths.notifications;
}

/** One page of the signed-in user's notifications, newest first. */
export function useNotifications(query: NotificationListQuery) {
  const { data, error, isLoading, mutate } = useSWR<{ data: AppNotification[]; meta: PageMeta }>(
    notificationListKey(query),
  );
  return {
    notifications: data?.data,
    meta: data?.meta,
    error: error as unknown,
    isLoading,
    retry: () => void mutate(),
  };
}
