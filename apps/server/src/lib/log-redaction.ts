/**
 * What of a request may reach the log. The access log records each request's URL; a URL can
 * carry secrets (`/auth/reset-password?token=…` from the reset e-mail, `/verify/{token}` from a
 * letter's QR code), so they are replaced before the line is written. Bodies are never logged;
 * the pino `redact` paths in app.ts catch a body or header that code logs by mistake.
 */

export const REDACTED = '[disembunyikan]';

/** Query parameters whose value is a secret, whatever the path. */
const SECRET_QUERY = new Set([
  'token',
  'password',
  'current_password',
  'password_confirmation',
  'code',
  'key',
  'secret',
  'access_token',
  'refresh_token',
]);

/** Paths whose last segment is a secret: a letter's verification token (API and page). */
const SECRET_SEGMENT = /^(\/(?:api\/)?verify\/)[^/?#]+/;

/** The URL as it may be logged: secret query values and verification tokens replaced. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const pathPart = (q === -1 ? withoutHash : withoutHash.slice(0, q)).replace(
    SECRET_SEGMENT,
    `$1${REDACTED}`,
  );
  if (q === -1) return pathPart;
  const query = withoutHash
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A broken escape: judge the name as written.
      }
      return eq !== -1 && SECRET_QUERY.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  hostname?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino `redact` paths: headers and body fields that must never be written. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.current_password',
  'body.password_confirmation',
  'body.token',
  'req.body.password',
  'req.body.current_password',
  'req.body.password_confirmation',
  'req.body.token',
];
