import { api, API_BASE, GENERIC_FAILURE } from '../../lib/http-client.ts';

/** The share of the body sent, 0 to 1. */
export type UploadProgress = (share: number) => void;

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart body (an image for `POST /api/files`) with XMLHttpRequest, because fetch
 * cannot report upload progress. Lives here, not in the HTTP client, so the first load does not
 * carry it. Resolves and rejects like the client's calls: the parsed body; on failure the
 * error body (or "Something went wrong"); a 401 to a call with the session token ends the
 * session; an abort rejects with an AbortError.
 */
export function upload<T>(
  path: string,
  body: FormData,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(new DOMException('Unggahan dibatalkan.', 'AbortError'));
    if (options.signal?.aborted) return aborted();
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const token = api.getToken();
    xhr.open('POST', new URL(API_BASE + path, window.location.origin).toString());
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed as T);
      if (xhr.status === 401 && token) api.unauthorized();
      reject(parsed === undefined || parsed === '' ? GENERIC_FAILURE : parsed);
    };
    xhr.onerror = () => reject(GENERIC_FAILURE);
    xhr.onabort = aborted;
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
