import { LETTER_STATUSES, type LetterStatus, type LetterType } from '@balai/domain';
import type { LetterRequestDetail, LetterRequestPage } from '@balai/domain/contract';
import { letterPaths } from '@balai/domain/paths';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../lib/http-client.ts';
import { apiPath } from './paths.ts';
import { LETTER_REQUESTS, letterCollection, letterItem, letterStatusPath } from './letters.ts';

/**
 * The office's letter desks (docs/letters.md, "The desks"; contract: letters.ts): a type's
 * queue with its status counts, the cross-type queue, one request and the desk's changes.
 */

/** The statuses a request waits on the office in: the cross-type queue shows these. */
export const QUEUE_STATUSES: readonly LetterStatus[] = ['submitted', 'processing'];

/** The filters the queue keeps in the address, by their query names on the API. */
export const DESK_FILTERS = ['status', 'from', 'to'] as const;

/** The draft preview of a request: the letter as it would print now (admin). */
export const deskPreviewPath = (type: LetterType, id: number) =>
  apiPath(letterPaths.preview(type.base), { id });

/**
 * The SWR key (API path and query) of one page of a desk's queue: a type's requests with the
 * count in every status for the tabs, or, without a type, the requests of every type waiting on
 * the office. The queue and the review page's next/previous share it, so they share the cache.
 */
export function deskListKey(
  type: LetterType | undefined,
  query: Record<string, string | number | undefined>,
) {
  const path = type ? letterCollection(type.base) : LETTER_REQUESTS;
  const full = type
    ? { ...query, counts: LETTER_STATUSES.join(',') }
    : {
        ...query,
        status: query.status ?? QUEUE_STATUSES.join(','),
        counts: QUEUE_STATUSES.join(','),
      };
  return [path, full] as const;
}

/**
 * One page of a desk's queue: a type's requests (with the count in every status for the tabs),
 * or, without a type, the requests of every type waiting on the office, oldest first.
 */
export function useDeskList(
  type: LetterType | undefined,
  query: Record<string, string | number | undefined>,
) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<LetterRequestPage>(
    deskListKey(type, query),
    {
      keepPreviousData: true,
      revalidateOnFocus: true,
    },
  );
  return {
    rows: data?.data,
    meta: data?.meta,
    error: error as unknown,
    isLoading,
    isValidating,
    mutate,
  };
}

/** One request with its timeline, as the office sees it. */
export function useDeskRequest(type: LetterType, id: number) {
  const { data, error, isLoading, mutate } = useSWR<{ data: LetterRequestDetail }>(
    letterItem(type.base, id),
  );
  return { request: data?.data, error: error as unknown, isLoading, mutate };
}

/** The desk's changes; each revalidates the request, the type's lists and the cross-type queue. */
export function useDeskActions(type: LetterType) {
  const { mutate } = useSWRConfig();
  const lists = new Set([letterCollection(type.base), LETTER_REQUESTS]);

  async function refresh(id: number, detail?: LetterRequestDetail) {
    await Promise.all([
      mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && lists.has(key[0])),
      detail
        ? mutate(letterItem(type.base, id), { data: detail }, { revalidate: false })
        : mutate(letterItem(type.base, id)),
    ]);
  }

  return {
    refresh,
    async changeStatus(id: number, status: LetterStatus, note: string | null) {
      const { data } = await api.post<{ data: LetterRequestDetail }>(
        letterStatusPath(type.base, id),
        { status, note },
      );
      await refresh(id, data);
      return data;
    },
    async remove(id: number) {
      await api.delete<{ message: string }>(letterItem(type.base, id));
      await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && lists.has(key[0]));
    },
    /** The draft PDF, as a blob for an object URL. */
    async preview(id: number): Promise<Blob> {
      const { blob } = await api.download(deskPreviewPath(type, id));
      return blob;
    },
  };
}
