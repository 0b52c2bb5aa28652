import { letterTypeByCode, type LetterType } from '@balai/domain';
import useSWR, { useSWRConfig } from 'swr';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { apiFetcher } from '../../../lib/swr-config.ts';
import {
  applyListChange,
  listQuery,
  readListParams,
  writeListParams,
  type ListParamsOptions,
} from '../../../lib/use-list-params.ts';
import type { ApiLetterRequest, LetterRequestPage } from '@balai/domain/contract';
import { DESK_FILTERS, deskListKey } from '../../../api/letter-desk.ts';

/**
 * The review page's address parameter naming the queue it was opened from, filters, order and
 * page included (`/admin/service-ku/7?from=%2Fadmin%2Fservice-ku%3Fstatus%3Dsubmitted`). It
 * survives a reload and a shared link; the review page reads the queue's rows from it to open
 * the next or previous request, and goes back to it.
 */
export const FROM_PARAM = 'from';

/** How a queue keeps its list in the address: the queue page and the review page read it alike. */
export function queueListOptions(crossType: boolean): ListParamsOptions {
  return {
    filters: DESK_FILTERS,
    sort: crossType ? 'created_at' : '-created_at',
    sortFields: ['created_at'],
  };
}

/** One of the desks' queues: `/admin/service` (Semua Layanan) or `/admin/service-{code}`. */
export interface DeskQueue {
  /** The queue's address: path and query. */
  href: string;
  path: string;
  search: URLSearchParams;
  /** undefined: the cross-type queue. */
  type: LetterType | undefined;
}

const QUEUE_PATH = /^\/admin\/service(?:-([a-z0-9]+))?$/;

/**
 * The queue named by a `from` parameter, or null when it names anything else. Only the path and
 * query of a desk's queue are kept, so the parameter can never lead outside the desks.
 */
export function parseQueue(from: string | null): DeskQueue | null {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://balai.invalid');
  } catch {
    return null;
  }
  const match = QUEUE_PATH.exec(url.pathname);
  if (!match) return null;
  const type = match[1] === undefined ? undefined : letterTypeByCode(match[1]);
  if (match[1] !== undefined && !type) return null;
  return { href: url.pathname + url.search, path: url.pathname, search: url.searchParams, type };
}

/** A type's own queue as it opens from the menu (for a review page opened without `from`). */
export function typeQueue(type: LetterType): DeskQueue {
  const path = adminPaths.list(`service-${type.code}`);
  return { href: path, path, search: new URLSearchParams(), type };
}

/** A request's review page, remembering the queue it is opened from. */
export function reviewHref(
  request: Pick<ApiLetterRequest, 'type' | 'id'>,
  queueHref: string,
): string {
  const query = new URLSearchParams({ [FROM_PARAM]: queueHref });
  return `${adminPaths.detail(`service-${request.type}`, request.id)}?${query.toString()}`;
}

/** The router state the queue reads to put focus back on the request the clerk left. */
export interface QueueReturnState {
  deskFocus: string;
}

/** A request's key in that state and on its row's link: `ku-42`. */
export const requestKey = (r: Pick<ApiLetterRequest, 'type' | 'id'>) => `${r.type}-${r.id}`;

type Place = Pick<ApiLetterRequest, 'created_at' | 'id'>;

/** Where `a` comes in the queue relative to `b`: by filing time, then id, as the API orders. */
function compare(a: Place, b: Place, descending: boolean): number {
  const c = Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;
  return descending ? -c : c;
}

/**
 * Next and previous in the queue a review page came from. The rows are the queue's page, read
 * through the same SWR key as the queue (so coming from the queue costs no request); the
 * neighbour is found by the queue's order, not by position, so it is still right after the
 * request has left a filtered queue (Proses on "Diajukan") or the page is reloaded. At a page's
 * end the next page is read.
 */
export function useQueueSteps(queue: DeskQueue, current: Place | undefined) {
  const { mutate } = useSWRConfig();
  const options = queueListOptions(queue.type === undefined);
  const params = readListParams(queue.search, options);
  const key = deskListKey(queue.type, listQuery(params));
  const { data } = useSWR<LetterRequestPage>(key, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });

  const pageHref = (page: number) => {
    const query = writeListParams(applyListChange(params, { page }), options, queue.search);
    const text = query.toString();
    return text ? `${queue.path}?${text}` : queue.path;
  };

  /** The review address of the request after (1) or before (-1) this one; null at an end. */
  return async function step(direction: 1 | -1): Promise<string | null> {
    if (!current) return null;
    const descending = params.sort.startsWith('-');
    const pick = (rows: readonly ApiLetterRequest[]) =>
      direction === 1
        ? rows.find((r) => compare(r, current, descending) > 0)
        : rows.findLast((r) => compare(r, current, descending) < 0);
    const first = data ?? (await apiFetcher<LetterRequestPage>(key));
    let found = pick(first.data);
    let page = first.meta.page;
    if (!found) {
      page += direction;
      if (page < 1 || page > first.meta.last_page) return null;
      const otherKey = deskListKey(queue.type, listQuery({ ...params, page }));
      const other = await apiFetcher<LetterRequestPage>(otherKey);
      void mutate(otherKey, other, { revalidate: false });
      found = pick(other.data);
    }
    return found ? reviewHref(found, pageHref(page)) : null;
  };
}
