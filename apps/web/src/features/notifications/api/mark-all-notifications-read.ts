import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Marks every notification of the signed-in user as read; answers the server's message. */
export async function markAllNotificationsRead(): Promise<{ message: string; updated: number }> {
  const response = await api.post<{ message: string; data: { updated: number } }>(
    apiPaths.notificationsReadAll,
  );
  return { message: response.message, updated: response.data.updated };
}
