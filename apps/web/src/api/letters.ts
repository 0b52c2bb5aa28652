import type { FieldValues, LetterStatus, LetterType } from '@balai/domain';
import type {
  ApiLetterRequest,
  LetterRequestDetail,
  Page,
  PdfHistory,
} from '@balai/domain/contract';
import { letterPaths } from '@balai/domain/paths';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';

/**
 * A resident's letter requests and the archive of issued letters (contract: letters.ts). The
 * office's side of the same requests is `letter-desk.ts`; the photos are `attachments.ts`.
 */

type Query = Record<string, string | number | undefined>;

/** A type's requests (GET list, POST file one): `/<base>` without `/api`. */
export const letterCollection = (base: string) => stripApi(letterPaths.collection(base));
/** One request (GET, PUT, DELETE). */
export const letterItem = (base: string, id: number | string) =>
  apiPath(letterPaths.item(base), { id });
/** POST { status, note }. */
export const letterStatusPath = (base: string, id: number | string) =>
  apiPath(letterPaths.status(base), { id });
/** Every type's requests: the resident's letter history, the office's cross-type queue. */
export const LETTER_REQUESTS = stripApi(letterPaths.requests);

/** The signed-in resident's own requests of one type, newest first. */
export function useOwnRequests(type: LetterType, page: number, perPage = 10) {
  const { data, error, isLoading, mutate } = useSWR<Page<ApiLetterRequest>>([
    letterCollection(type.base),
    { page, per_page: perPage },
  ] as const);
  return { page: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** One request with its timeline. */
export function useLetterRequest(type: LetterType | undefined, id: string) {
  const { data, error, isLoading, mutate } = useSWR<{ data: LetterRequestDetail }>(
    type ? letterItem(type.base, id) : null,
  );
  return { request: data?.data, error: error as unknown, isLoading, mutate };
}

/** Every request of the resident across the types (the letter history). */
export function useAllRequests(query: Query) {
  const { data, error, isLoading, mutate } = useSWR<Page<ApiLetterRequest>>([
    LETTER_REQUESTS,
    query,
  ] as const);
  return { page: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** One issued letter of the archive. */
export function usePdfHistory(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: PdfHistory }>(
    id === null ? null : apiPath(letterPaths.pdfHistory, { id }),
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
    const lists = new Set([letterCollection(type.base), LETTER_REQUESTS]);
    await Promise.all([
      mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && lists.has(key[0])),
      id === undefined ? null : mutate(letterItem(type.base, id)),
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
      const { data } = await api.post<{ data: ApiLetterRequest }>(
        letterCollection(type.base),
        attachmentIds.length > 0 ? { ...values, attachments: attachmentIds } : values,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      await refresh(type);
      return data;
    },

    /** Saves the resident's corrections; a request that needed revision goes back to the office. */
    async update(type: LetterType, id: number, values: FieldValues) {
      const { data } = await api.put<{ data: LetterRequestDetail }>(
        letterItem(type.base, id),
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
      await api.post(letterStatusPath(type.base, id), { status, note });
      await refresh(type, id);
    },
  };
}
