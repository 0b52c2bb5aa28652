import type { FieldValues, LetterStatus, LetterType } from '@balai/domain';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/http-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { LetterRequest, LetterRequestDetail, Page, PdfHistory } from './types.ts';

type Query = Record<string, string | number | undefined>;

/** The signed-in resident's own requests of one type, newest first. */
export function useOwnRequests(type: LetterType, page: number, perPage = 10) {
  const { data, error, isLoading, mutate } = useSWR<Page<LetterRequest>>([
    apiPaths.letterCollection(type.base),
    { page, per_page: perPage },
  ] as const);
  return { page: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** One request with its timeline. */
export function useLetterRequest(type: LetterType | undefined, id: string) {
  const { data, error, isLoading, mutate } = useSWR<{ data: LetterRequestDetail }>(
    type ? apiPaths.letterItem(type.base, id) : null,
  );
  return { request: data?.data, error: error as unknown, isLoading, mutate };
}

/** Every request of the resident across the types (the letter history). */
export function useAllRequests(query: Query) {
  const { data, error, isLoading, mutate } = useSWR<Page<LetterRequest>>([
    apiPaths.letterRequests,
    query,
  ] as const);
  return { page: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** One issued letter of the archive. */
export function usePdfHistory(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: PdfHistory }>(
    id === null ? null : apiPaths.pdfHistory(id),
  );
  return { history: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/**
 * The resident's changes to requests. Each one revalidates what shows the request afterwards:
 * its detail, this type's list and the letter history (through the SWR cache in use).
 */
export function useLetterActions() {
  const { mutate } = useSWRConfig();

  async function refresh(type: LetterType, id?: number) {
    const lists = new Set([apiPaths.letterCollection(type.base), apiPaths.letterRequests]);
    await Promise.all([
      mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && lists.has(key[0])),
      id === undefined ? null : mutate(apiPaths.letterItem(type.base, id)),
    ]);
  }

  return {
    /**
     * Files a request for the signed-in resident. The idempotency key makes a retry after a
     * lost answer (a flaky mobile connection) return the request already made, not a second.
     */
    async create(
      type: LetterType,
      values: FieldValues,
      idempotencyKey: string,
      /** The resident's staged photos of the requirements, sent with it (ADR 0015). */
      attachmentIds: readonly number[] = [],
    ) {
      const { data } = await api.post<{ data: LetterRequest }>(
        apiPaths.letterCollection(type.base),
        attachmentIds.length > 0 ? { ...values, attachments: attachmentIds } : values,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      await refresh(type);
      return data;
    },

    /** Saves the resident's corrections; a request that needed revision goes back to the office. */
    async update(type: LetterType, id: number, values: FieldValues) {
      const { data } = await api.put<{ data: LetterRequestDetail }>(
        apiPaths.letterItem(type.base, id),
        values,
      );
      await refresh(type, id);
      return data;
    },

    /** A status change the viewer is allowed (for a resident: cancelling). */
    async changeStatus(
      type: LetterType,
      id: number,
      status: LetterStatus,
      note: string | null = null,
    ) {
      await api.post(apiPaths.letterStatus(type.base, id), { status, note });
      await refresh(type, id);
    },
  };
}
