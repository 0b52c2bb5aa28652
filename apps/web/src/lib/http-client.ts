/**
 * The one HTTP client (SPEC section 7): base address `/api`, JSON in and out, the bearer header
 * from the session token. Successful responses resolve with the parsed body unchanged. A failure
 * rejects with the response body if there is one, otherwise with "Something went wrong".
 */

export const GENERIC_FAILURE = 'Something went wrong';

/** The shape of the API's error bodies (DESIGN section 5). */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export interface RequestOptions {
  /** Query parameters; null and undefined values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** A token to send instead of the client's own (the login steps fetch with a fresh one). */
  token?: string;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Leave a 401 to the caller instead of ending the session (used by logout). */
  ignoreUnauthorized?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The HTTP status a rejected body came with (bodies stay plain values, as SPEC section 7 says). */
const statuses = new WeakMap<object, number>();

export function httpStatus(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? statuses.get(error) : undefined;
}

/** The text to show for any rejection: the API's message, a plain string, or the generic text. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return GENERIC_FAILURE;
}

/** The per-field messages of a 422 body, if any. */
export function fieldErrors(error: unknown): Record<string, string[]> | null {
  if (typeof error !== 'object' || error === null) return null;
  const errors = (error as ApiErrorBody).errors;
  return errors && typeof errors === 'object' ? errors : null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The address a call goes to: `baseUrl + path` with the query parameters in the order given
 * (null, undefined and empty values left out), resolved against `origin`. The route preloads
 * of the build use it too, so a preloaded address is exactly the one the client asks for.
 */
export function requestUrl(
  baseUrl: string,
  path: string,
  params: RequestOptions['params'] = {},
  origin: string = window.location.origin,
): URL {
  const url = new URL(baseUrl + path, origin);
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') {
      url.searchParams.set(key, String(value));
    }
  }
  return url;
}

export function createHttpClient(baseUrl: string) {
  let token: string | null = null;
  let onUnauthorized: (() => void) | null = null;

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const url = requestUrl(baseUrl, path, options.params);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const bearer = options.token ?? token;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw GENERIC_FAILURE;
    }

    if (response.ok) return (await readBody(response).catch(() => undefined)) as T;
    throw await failure(response, !!bearer && !options.ignoreUnauthorized);
  }

  /** The value a failed response rejects with; a 401 to a call with a token ends the session. */
  async function failure(response: Response, endSessionOn401: boolean): Promise<unknown> {
    const parsed = await readBody(response).catch(() => undefined);
    if (response.status === 401 && endSessionOn401) onUnauthorized?.();
    if (parsed === undefined || parsed === '') return GENERIC_FAILURE;
    if (typeof parsed === 'object' && parsed !== null) statuses.set(parsed, response.status);
    return parsed;
  }

  /**
   * Fetches a file behind the session (an issued letter's PDF) as a Blob, with the file name the
   * server gives in Content-Disposition. Failures reject like every other call. POST for a file
   * made by the request (the office's activation slips).
   */
  async function download(
    path: string,
    method: 'GET' | 'POST' = 'GET',
  ): Promise<{ blob: Blob; fileName: string | null }> {
    const url = new URL(baseUrl + path, window.location.origin);
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(url, { method, headers });
    } catch {
      throw GENERIC_FAILURE;
    }
    if (!response.ok) throw await failure(response, !!token);
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
    return {
      blob: await response.blob(),
      fileName: match?.[1] ? decodeURIComponent(match[1]) : null,
    };
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    download,
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    /** DELETE; a body only where the API asks for one (a password to confirm the removal). */
    delete: <T>(path: string, options?: RequestOptions, body?: unknown) =>
      request<T>('DELETE', path, body, options),
    /** Sets (or, with null, removes) the bearer Authorization header of every later call. */
    setToken(next: string | null) {
      token = next;
    },
    getToken: () => token,
    /** Called on any 401 to a call that carried a token: the auth layer ends the session. */
    setUnauthorizedHandler(handler: (() => void) | null) {
      onUnauthorized = handler;
    },
    /** What a 401 to a call with a token does (for requests sent outside the client: uploads). */
    unauthorized: () => onUnauthorized?.(),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Where the API lives, relative to the page's origin. */
export const API_BASE = '/api';

export const api = createHttpClient(API_BASE);
