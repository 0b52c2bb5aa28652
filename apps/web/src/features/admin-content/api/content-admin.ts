import type { ContentResource } from '@balai/domain';
import useSWR from 'swr';
import { api } from '../../../lib/http-client.ts';
import { stripApi } from '../../../lib/paths.ts';

/** One record as the content API returns it: id, every field, `<image>_url`, timestamps. */
export type ContentRow = { id: number } & Record<string, unknown>;

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

const collection = (r: ContentResource) => stripApi(r.base);
const item = (r: ContentResource, id: number) => `${stripApi(r.base)}/${id}`;

/** The list request's address: `/<base>?page=…&per_page=…&sort=…&search=…`. */
export function listKey(r: ContentResource, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${collection(r)}?${query}` : collection(r);
}

export function useContentRows(r: ContentResource, params: URLSearchParams) {
  const { data, error, isLoading, mutate } = useSWR<{ data: ContentRow[]; meta: ListMeta }>(
    listKey(r, params),
    { keepPreviousData: true },
  );
  return { rows: data?.data, meta: data?.meta, error: error as unknown, isLoading, mutate };
}

export function useContentRow(r: ContentResource, id: number | undefined) {
  const { data, error, isLoading, mutate } = useSWR<{ data: ContentRow }>(
    id === undefined ? null : item(r, id),
  );
  return { row: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

export const createContent = (r: ContentResource, body: Record<string, unknown>) =>
  api.post<{ data: ContentRow }>(collection(r), body);
export const updateContent = (r: ContentResource, id: number, body: Record<string, unknown>) =>
  api.put<{ data: ContentRow }>(item(r, id), body);
export const deleteContent = (r: ContentResource, id: number) => api.delete(item(r, id));
