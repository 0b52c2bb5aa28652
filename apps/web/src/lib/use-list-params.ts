import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * A list's state in the address (page, per_page, sort, search, filters), in the words the API's
 * list queries use (`apps/server/src/lib/pagination.ts`, the content engine): `?page=2&
 * per_page=25&sort=-created_at&search=siti&active=true`. Values equal to the defaults are left
 * out, so the plain address is the default list and every other state can be bookmarked,
 * shared and reached with Back.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface ListParamsOptions {
  /** Rows per page when the address names none; 15, as the API. */
  perPage?: number;
  /** The list's order when the address names none, as the API writes it ('position', '-created_at'). */
  sort?: string;
  /** The fields the list may be sorted by; any other `sort` in the address is ignored. */
  sortFields?: readonly string[];
  /** The filters kept in the address, by query name (e.g. ['role', 'active', 'verified']). */
  filters?: readonly string[];
}

export interface ListParams {
  page: number;
  perPage: number;
  /** The order in effect, as the API writes it ('' when the list has no order of its own). */
  sort: string;
  search: string;
  /** The filters set, by name (those not in the address are absent). */
  filters: Record<string, string>;
}

/** A change to the list; a new search, filter, order or page size starts again at page 1. */
export interface ListChange {
  page?: number;
  perPage?: number;
  /** 'field', '-field', a SortState, or null for the default order. */
  sort?: string | SortState | null;
  search?: string;
  /** null or '' removes a filter. */
  filters?: Record<string, string | null | undefined>;
}

export const DEFAULT_PER_PAGE = 15;
/** The API's largest page (`MAX_PER_PAGE`). */
export const MAX_PER_PAGE = 100;

/** `'-created_at'` → `{ field: 'created_at', direction: 'desc' }`; '' → null. */
export function parseSort(sort: string): SortState | null {
  if (sort === '' || sort === '-') return null;
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

export function formatSort(sort: SortState): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;
}

/** The order after choosing a column's header: ascending first, then the other way round. */
export function nextSort(current: SortState | null, field: string): SortState {
  return current?.field === field && current.direction === 'asc'
    ? { field, direction: 'desc' }
    : { field, direction: 'asc' };
}

function positiveInt(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** Reads a list's state from the query string; what is missing or wrong is the default. */
export function readListParams(
  search: URLSearchParams,
  options: ListParamsOptions = {},
): ListParams {
  const defaultPerPage = options.perPage ?? DEFAULT_PER_PAGE;
  const sortField = parseSort(search.get('sort') ?? '')?.field;
  const sortAllowed =
    sortField !== undefined && (!options.sortFields || options.sortFields.includes(sortField));
  const filters: Record<string, string> = {};
  for (const name of options.filters ?? []) {
    const value = search.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return {
    page: positiveInt(search.get('page')) ?? 1,
    perPage: Math.min(positiveInt(search.get('per_page')) ?? defaultPerPage, MAX_PER_PAGE),
    sort: sortAllowed ? (search.get('sort') ?? '') : (options.sort ?? ''),
    search: (search.get('search') ?? '').trim(),
    filters,
  };
}

/** The state after a change: a new search, filter, order or page size starts again at page 1. */
export function applyListChange(state: ListParams, change: ListChange): ListParams {
  const next: ListParams = { ...state, filters: { ...state.filters } };
  let restart = false;
  if (change.perPage !== undefined && change.perPage !== state.perPage) {
    next.perPage = Math.min(Math.max(1, Math.trunc(change.perPage)), MAX_PER_PAGE);
    restart = true;
  }
  if (change.sort !== undefined) {
    const sort =
      change.sort === null
        ? ''
        : typeof change.sort === 'string'
          ? change.sort
          : formatSort(change.sort);
    if (sort !== state.sort) restart = true;
    next.sort = sort;
  }
  if (change.search !== undefined && change.search.trim() !== state.search) {
    next.search = change.search.trim();
    restart = true;
  }
  for (const [name, value] of Object.entries(change.filters ?? {})) {
    const before = state.filters[name];
    if (value === null || value === undefined || value === '') delete next.filters[name];
    else next.filters[name] = value;
    if (next.filters[name] !== before) restart = true;
  }
  next.page =
    change.page !== undefined ? Math.max(1, Math.trunc(change.page)) : restart ? 1 : state.page;
  return next;
}

/**
 * The query string of a state, defaults left out. Parameters that are not the list's (e.g. a
 * tab) are kept from `base`.
 */
export function writeListParams(
  state: ListParams,
  options: ListParamsOptions = {},
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(base);
  const own = ['page', 'per_page', 'sort', 'search', ...(options.filters ?? [])];
  for (const name of own) out.delete(name);
  if (state.search) out.set('search', state.search);
  for (const name of options.filters ?? []) {
    const value = state.filters[name];
    if (value) out.set(name, value);
  }
  if (state.sort && state.sort !== (options.sort ?? '')) out.set('sort', state.sort);
  if (state.perPage !== (options.perPage ?? DEFAULT_PER_PAGE)) {
    out.set('per_page', String(state.perPage));
  }
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** The API query of a state (for `api.get(path, { params })`): every value, none left empty. */
export function listQuery(state: ListParams): Record<string, string | number | undefined> {
  return {
    page: state.page,
    per_page: state.perPage,
    sort: state.sort || undefined,
    search: state.search || undefined,
    ...state.filters,
  };
}

export interface UseListParams extends ListParams {
  /** The order in effect as field and direction, or null. */
  sortState: SortState | null;
  /** The API query (`listQuery`). */
  query: Record<string, string | number | undefined>;
  /** The address of the list after a change: this path and its query, defaults left out. */
  hrefFor: (change: ListChange) => string;
  /** Goes to the list after a change; `replace` for typing-as-you-go (no history entry each). */
  update: (change: ListChange, options?: { replace?: boolean }) => void;
}

/** The list state of the current address, and ways to change it (links or navigation). */
export function useListParams(options: ListParamsOptions = {}): UseListParams {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { perPage, sort } = options;
  // The options as one stable value: callers pass literals, so the lists are compared by content.
  const sortKey = options.sortFields?.join(',');
  const filterKey = options.filters?.join(',');
  const stable = useMemo(
    () => ({
      perPage,
      sort,
      sortFields: sortKey === undefined ? undefined : sortKey.split(','),
      filters: filterKey === undefined ? undefined : filterKey.split(','),
    }),
    [perPage, sort, sortKey, filterKey],
  );
  const state = useMemo(() => readListParams(searchParams, stable), [searchParams, stable]);

  const hrefFor = useCallback(
    (change: ListChange) => {
      const query = writeListParams(applyListChange(state, change), stable, searchParams);
      const text = query.toString();
      return text ? `${pathname}?${text}` : pathname;
    },
    [state, stable, searchParams, pathname],
  );
  const update = useCallback(
    (change: ListChange, navigation: { replace?: boolean } = {}) =>
      void navigate(hrefFor(change), { replace: navigation.replace }),
    [navigate, hrefFor],
  );

  return {
    ...state,
    sortState: parseSort(state.sort),
    query: listQuery(state),
    hrefFor,
    update,
  };
}
