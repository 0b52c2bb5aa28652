import { vi } from 'vitest';

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** Path with the query string, e.g. "/api/login". */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  /** Sent as JSON; a string is sent as is; undefined sends an empty body. */
  body?: unknown;
}

type Handler = (request: SeenRequest) => FakeResponse | Promise<FakeResponse>;

export const SETTINGS = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeber',
  kabupaten: 'Cianjur',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya Sukamaju No. 1',
  postal_code: '43262',
  phone: '0263-123456',
  email: 'desa@sukamaju.desa.id',
  logo_file_id: null,
  social: {
    whatsapp: '081234567890',
    youtube: 'https://www.youtube.com/@desasukamaju',
    instagram: 'desasukamaju',
    twitter: null,
  },
};

/**
 * Replaces fetch (and XMLHttpRequest, for uploads) with a tiny in-memory API: handlers by "METHOD /path" (no query string),
 * every request recorded. The settings and the unread count answer by default; anything else
 * unhandled is a 404 with a JSON message.
 */
export function createFakeServer(handlers: Record<string, Handler> = {}) {
  const routes = new Map<string, Handler>(
    Object.entries({
      'GET /api/settings': () => ({ body: { data: SETTINGS } }),
      'GET /api/notifications/unread-count': () => ({ body: { data: { count: 0 } } }),
      ...handlers,
    }),
  );
  const requests: SeenRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      input instanceof Request ? input.url : String(input),
      window.location.origin,
    );
    const headers: Record<string, string> = {};
    const given = init.headers;
    const pairs =
      given instanceof Headers
        ? [...given.entries()]
        : (Object.entries(given ?? {}) as [string, string][]);
    for (const [key, value] of pairs) headers[key.toLowerCase()] = value;
    let body: unknown = init.body ?? undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // Left as text.
      }
    }
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      headers,
      body,
    };
    const { status, text } = await respond(request);
    return new Response(text === '' ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  /** Records the request and answers it from its handler (404 without one). */
  async function respond(request: SeenRequest): Promise<{ status: number; text: string }> {
    requests.push(request);
    const handler = routes.get(`${request.method} ${request.path.split('?')[0]}`);
    const result = handler
      ? await handler(request)
      : { status: 404, body: { message: 'Tidak ditemukan.' } };
    const text =
      result.body === undefined
        ? ''
        : typeof result.body === 'string'
          ? result.body
          : JSON.stringify(result.body);
    return { status: result.status ?? 200, text };
  }

  /**
   * XMLHttpRequest for uploads (`api.upload`), answered by the same handlers. Upload progress
   * comes as the browser sends it: half the body before the handler runs, all of it after (a
   * handler that waits on a promise keeps the upload "half sent" for as long as a test needs).
   */
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const url = new URL(this.url, window.location.origin);
      const total =
        body instanceof FormData
          ? [...body.values()].reduce((n, v) => n + (typeof v === 'string' ? v.length : v.size), 0)
          : 1;
      const progress = (loaded: number) =>
        this.upload.onprogress?.(
          new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
        );
      void (async () => {
        await Promise.resolve();
        if (this.aborted) return;
        progress(Math.floor(total / 2));
        const { status, text } = await respond({
          method: this.method,
          path: url.pathname + url.search,
          headers: { ...this.headers },
          body,
        });
        if (this.aborted) return;
        progress(total);
        this.status = status;
        this.responseText = text;
        this.onload?.();
      })();
    }
  }

  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);

  return {
    requests,
    /** Adds or replaces a handler. */
    on(route: string, handler: Handler) {
      routes.set(route, handler);
    },
    /** The requests to one "METHOD /path". */
    seen(route: string) {
      return requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route);
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
