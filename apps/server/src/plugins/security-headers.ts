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

const HEADERS: Record<string, string> = {
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
 * The headers helmet would send, computed once: @fastify/helmet rebuilt its middleware on
 * every request, which cost 7% of a simple request's CPU (ADR 0004).
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(HEADERS);
  });
  // Personal data never waits in a browser's or a proxy's cache after logout (issue 18.7).
  app.addHook('onSend', async (request, reply) => {
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
