import { api } from '../../../lib/http-client.ts';
import type { AppNotification } from './notification.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Marks one notification as read (PUT; the server keeps the first moment it was read). */
export async function markNotificationRead(id: number): Promise<AppNotification> {
  const { data } = await api.put<{ data: AppNotification }>(apiPaths.notificationRead(id));
  return data;
}
