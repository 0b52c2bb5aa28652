import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The strong ETag of bytes built once (a public API answer, a rendered page). */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** True when an `If-None-Match` header names `etag` (weakly, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** An answer built once and sent many times. */
export interface KeptAnswer {
  status: number;
  etag: string;
  body: Buffer;
  /** Its own headers (content type, cache control, a page's CSP…), over the hooks' ones. */
  headers: OutgoingHttpHeaders;
  /** How `body` is encoded (br, gzip), when it is; not sent with a 304. */
  encoding?: string;
}

/**
 * Sends a kept answer straight to the socket: the headers the earlier hooks set (security
 * headers, a rate limit's) with the answer's own, and the bytes as built; a 304 when the
 * browser's copy is current. Fastify's reply pipeline (serialisation checks, the onSend hooks)
 * has nothing to add to bytes already built and cost half the requests a second of the hottest
 * public answers (issue 23: bench/public-pages.bench.ts against bare Fastify). onResponse hooks
 * still run. For HEAD, Node sends the headers only.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  const fresh = kept.status === 200 && etagMatches(request.headers['if-none-match'], kept.etag);
  const own = ownHeaders(kept, fresh);
  // A flat [name, value, …] list: Node takes it as it is (an object is walked key by key).
  const list: (string | number)[] = [];
  const hooks = reply.getHeaders();
  for (const name in hooks) {
    const value = hooks[name];
    // Fastify's type allows `undefined` (a header removed).
    if (value !== undefined && !own.names.has(name)) list.push(name, value as string | number);
  }
  for (let i = 0; i < own.list.length; i += 1) list.push(own.list[i]!);
  reply.hijack();
  reply.raw.writeHead(fresh ? 304 : kept.status, list as unknown as OutgoingHttpHeaders);
  reply.raw.end(fresh ? undefined : kept.body);
  return reply;
}

interface OwnHeaders {
  names: Set<string>;
  list: (string | number)[];
}
/** Each kept answer's own headers as a flat list, for a 200 and for a 304, built once. */
const ownOf = new WeakMap<KeptAnswer, [OwnHeaders, OwnHeaders]>();

function ownHeaders(kept: KeptAnswer, fresh: boolean): OwnHeaders {
  let both = ownOf.get(kept);
  if (!both) {
    const build = (notModified: boolean): OwnHeaders => {
      const headers: OutgoingHttpHeaders = {
        ...kept.headers,
        etag: kept.etag,
        ...(notModified
          ? {}
          : {
              'content-length': kept.body.length,
              ...(kept.encoding ? { 'content-encoding': kept.encoding } : {}),
            }),
      };
      const list: (string | number)[] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) list.push(name, value as string | number);
      }
      return { names: new Set(Object.keys(headers)), list };
    };
    both = [build(false), build(true)];
    ownOf.set(kept, both);
  }
  return both[fresh ? 1 : 0];
}
