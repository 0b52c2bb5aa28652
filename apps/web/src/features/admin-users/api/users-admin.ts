import { apiPaths, type ApiUser } from '@balai/domain';
import useSWR, { mutate as mutateGlobal } from 'swr';
import { api } from '../../../lib/http-client.ts';
import { stripApi } from '../../../lib/paths.ts';

/** The users API's addresses, relative to the HTTP client's base (`/api`). */
export const usersApi = {
  list: stripApi(apiPaths.users.list),
  create: stripApi(apiPaths.users.create),
  detail: (id: number | string) => stripApi(apiPaths.users.detail(id)),
  update: (id: number | string) => stripApi(apiPaths.users.update(id)),
  delete: (id: number | string) => stripApi(apiPaths.users.delete(id)),
};

export interface UsersMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** The filters the list keeps in the address, by their query names on the API. */
export const USER_FILTERS = ['role', 'active', 'verified'] as const;

/**
 * The user list (SPEC: GET /api/users/list with search, per_page, page; cached, and revalidated
 * on focus and on reconnect). Those two are set here as well as in the app's defaults, so the
 * list stays fresh when another administrator changes an account while this tab was away.
 */
export function useUsers(query: Record<string, string | number | undefined>) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<{
    data: ApiUser[];
    meta: UsersMeta;
  }>([usersApi.list, query] as const, {
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    keepPreviousData: true,
  });
  return {
    users: data?.data,
    meta: data?.meta,
    error: error as unknown,
    isLoading,
    isValidating,
    mutate,
  };
}

/** One user for the edit form (null id: none). */
export function useUser(id: number | null | undefined) {
  const { data, error, isLoading, mutate } = useSWR<{ data: ApiUser }>(
    id === null || id === undefined ? null : usersApi.detail(id),
  );
  return { user: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** Every cached list and user of the users API: after a change, every screen shows it. */
export const refreshUsers = () =>
  mutateGlobal((key) => {
    const path: unknown = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && path.startsWith('/users/');
  });

export const createUser = (body: Record<string, unknown>) =>
  api.post<{ data: ApiUser }>(usersApi.create, body);
export const updateUser = (id: number, body: Record<string, unknown>) =>
  api.put<{ data: ApiUser }>(usersApi.update(id), body);
export const deleteUser = (id: number) => api.delete<{ message: string }>(usersApi.delete(id));

/**
 * Which accounts the signing settings name (issue 18): the user form of a named signer says that
 * only the Kepala Desa changes it. Null id: not asked.
 */
export function useNamedSigners(enabled: boolean) {
  const { data } = useSWR<{
    data: { head_user_id: number | null; secretary_user_id: number | null };
  }>(enabled ? '/settings/signing' : null);
  return data?.data;
}
