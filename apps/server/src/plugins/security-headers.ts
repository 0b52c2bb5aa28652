import fp from 'fastify-plugin';

/** The Content-Security-Policy of everything Balai serves: nothing from other origins, no inline code. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  // The desk shows the draft of a letter (a PDF made in the page, a blob: address) in a frame.
  "frame-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of a document (a page, a PDF, an image, the API's own docs page). */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The headers of a JSON answer of the API (the OWASP REST Security Cheat Sheet's set): it is
 * never rendered as a page, so what governs a document (its scripts, its opener, its referrer,
 * the features it may use, DNS prefetching, old IE and Flash) has nothing to act on. It is not
 * to be sniffed, framed, reached over plain HTTP or read by another origin's page; a JSON answer
 * opened in a tab may load nothing. About 800 bytes less on every API answer, which is what a
 * kept public answer cost beyond bare Fastify (ADR 0032, bench/public-pages.bench.ts).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': DOCUMENT_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const isApi = (url: string) => url.startsWith('/api/');
const isJson = (type: unknown) =>
  typeof type === 'string' && /^application\/(problem\+)?json\b/.test(type);

/**
 * The headers helmet would send, computed once: @fastify/helmet rebuilt its middleware on
 * every request, which cost 7% of a simple request's CPU (ADR 0004). An API request starts with
 * the API's set; an API answer that turns out not to be JSON (a letter's PDF, an export, the
 * API's docs page) is a document and gets the document's set, keeping what its route set itself
 * (the docs page's own CSP).
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isApi(request.url) ? API_HEADERS : DOCUMENT_HEADERS);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isApi(request.url)) return;
    const type = reply.getHeader('content-type');
    if (type !== undefined && !isJson(type)) {
      for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) {
        const set = reply.getHeader(name);
        if (set === undefined || set === API_HEADERS[name]) reply.header(name, value);
      }
    }
    // Personal data never waits in a browser's or a proxy's cache after logout (issue 18.7).
    if (!personalAnswer(request.url, request.headers.authorization !== undefined)) return;
    const set = reply.getHeader('cache-control');
    if (typeof set !== 'string' || !/\bno-store\b/.test(set)) {
      reply.header('cache-control', 'private, no-store');
    }
  });
});

/** The answers that sign someone in. */
const SIGN_IN_PATHS = new Set(['/api/login', '/api/reset-password']);

/**
 * True for an API answer a browser must not keep: every one to a request that carries a session
 * (whatever the route set, e.g. a public list's `max-age`) and the answers that hand one out.
 */
export function personalAnswer(url: string, authenticated: boolean): boolean {
  if (!url.startsWith('/api/')) return false;
  return authenticated || SIGN_IN_PATHS.has(url.split('?')[0]!);
}
