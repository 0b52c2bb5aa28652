import type { ApiUser, PageMeta, SigningSettings } from '@balai/domain/contract';
import { signingPaths, userPaths } from '@balai/domain/paths';
import useSWR, { mutate as mutateGlobal } from 'swr';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';

/** The users API (administrators; contract: users.ts), relative to the HTTP client's base. */
export const usersApi = {
  list: stripApi(userPaths.list),
  create: stripApi(userPaths.create),
  detail: (id: number | string) => apiPath(userPaths.detail, { id }),
  update: (id: number | string) => apiPath(userPaths.update, { id }),
  delete: (id: number | string) => apiPath(userPaths.delete, { id }),
};

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
    meta: PageMeta;
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
 * only the Kepala Desa changes it. Not asked while `enabled` is false.
 */
export function useNamedSigners(enabled: boolean) {
  const { data } = useSWR<{
    data: Pick<SigningSettings, 'head_user_id' | 'secretary_user_id'>;
  }>(enabled ? stripApi(signingPaths.settings) : null);
  return data?.data;
}
