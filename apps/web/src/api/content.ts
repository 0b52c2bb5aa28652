import type { ContentResource } from '@balai/domain';
import type { ContentRecord, DataOf, Page } from '@balai/domain/contract';
import useSWR from 'swr';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';
import { resourcePaths } from '@balai/domain/paths';

/**
 * The content engine's records for the admin screens (contract: content.ts). The public pages
 * read the same lists through `lib/content.ts` (first load, no domain code).
 */

const collection = (r: ContentResource) => stripApi(resourcePaths.collection(r.base));
const item = (r: ContentResource, id: number) => apiPath(resourcePaths.item(r.base), { id });

/** The list request's address: `/<base>?page=…&per_page=…&sort=…&search=…`. */
export function listKey(r: ContentResource, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${collection(r)}?${query}` : collection(r);
}

export function useContentRows(r: ContentResource, params: URLSearchParams) {
  const { data, error, isLoading, mutate } = useSWR<Page<ContentRecord>>(listKey(r, params), {
    keepPreviousData: true,
  });
  return { rows: data?.data, meta: data?.meta, error: error as unknown, isLoading, mutate };
}

export function useContentRow(r: ContentResource, id: number | undefined) {
  const { data, error, isLoading, mutate } = useSWR<DataOf<ContentRecord>>(
    id === undefined ? null : item(r, id),
  );
  return { row: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

export const createContent = (r: ContentResource, body: Record<string, unknown>) =>
  api.post<DataOf<ContentRecord>>(collection(r), body);
export const updateContent = (r: ContentResource, id: number, body: Record<string, unknown>) =>
  api.put<DataOf<ContentRecord>>(item(r, id), body);
export const deleteContent = (r: ContentResource, id: number) => api.delete(item(r, id));
