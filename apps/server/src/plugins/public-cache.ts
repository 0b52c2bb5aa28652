import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_RESOURCES } from '@balai/domain';
import {
  publicVersion,
  sqliteVersionReader,
  type PublicVersion,
} from '../services/public-version.ts';

/**
 * Public API answers built once per change of the data behind them, served from memory with an
 * ETag (issue 23, ADR 0025). The routes stay as they are: the first request for an address runs
 * its route and the answer is kept, tagged with the public version it was built at; the next
 * requests are answered here, before routing, while the version (a database row read by every
 * process, coalesced) is unchanged. Every write to content or settings bumps the version in its
 * own transaction (database triggers, migration 0019), so the next request on any process after
 * the write's answer rebuilds, and a write that fails bumps nothing.
 */

declare module 'fastify' {
  interface FastifyInstance {
    publicVersion: PublicVersion;
  }
  interface FastifyRequest {
    publicCacheKey?: { key: string; version: number };
  }
}

/** Answers that change only with a release: built at start, never invalidated. */
const STATIC_PATHS = new Set(['/api/letter-types', '/api/content-types']);
const STATIC_VERSION = -1;
/** Addresses kept at most (odd query strings must not fill the memory). */
const MAX_ENTRIES = 500;

const CONTENT_BASES = CONTENT_RESOURCES.map((r) => r.base);

/** True for a path whose GET answer is the same for every visitor and may be kept. */
export function publicApiPath(pathname: string): boolean {
  if (pathname === '/api/settings' || STATIC_PATHS.has(pathname)) return true;
  return CONTENT_BASES.some(
    (base) =>
      pathname === base ||
      (pathname.startsWith(`${base}/`) && !pathname.includes('/', base.length + 1)),
  );
}

/** True when an `If-None-Match` header names `etag` (or is `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

interface Entry {
  version: number;
  etag: string;
  body: Buffer;
  type: string;
  cacheControl: string | undefined;
}

const pathOf = (url: string) => url.split('?', 1)[0]!;

export default fp(async (app) => {
  const version = publicVersion(
    app.db,
    app.dialect === 'sqlite' ? await sqliteVersionReader(app.db) : null,
  );
  app.decorate('publicVersion', version);
  app.addHook('onClose', async () => version.close());
  const entries = new Map<string, Entry>();

  /**
   * A kept answer, written straight to the socket: the headers the earlier hooks set (security
   * headers, a rate limit's) with the entry's own, and the bytes as built. Fastify's reply
   * pipeline (serialisation checks, the onSend hooks) has nothing to add to bytes already built
   * and cost half the requests a second of the hottest public answers (issue 23:
   * bench/public-pages.bench.ts against bare Fastify). onResponse hooks still run.
   */
  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    const fresh = etagMatches(request.headers['if-none-match'], entry.etag);
    const headers: OutgoingHttpHeaders = {
      // Fastify's type allows `undefined` (a header removed); Node skips those.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': entry.type,
      etag: entry.etag,
      ...(entry.cacheControl ? { 'cache-control': entry.cacheControl } : {}),
      ...(fresh ? {} : { 'content-length': entry.body.length }),
    };
    reply.hijack();
    reply.raw.writeHead(fresh ? 304 : 200, headers);
    reply.raw.end(fresh ? undefined : entry.body);
    return reply;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return;
    const pathname = pathOf(request.url);
    if (!publicApiPath(pathname)) return;
    let at = STATIC_PATHS.has(pathname) ? STATIC_VERSION : version.current();
    if (typeof at !== 'number') at = await at;
    const entry = entries.get(request.url);
    if (entry && entry.version === at) return send(request, reply, entry);
    request.publicCacheKey = { key: request.url, version: at };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write has committed by the time its answer is sent: the next request reads the version
    // again, even one handled in this same turn of the event loop (services/public-version.ts).
    if (request.method !== 'GET' && request.method !== 'HEAD') version.forget();
    // Set in onRequest for a GET of a public address only.
    const keep = request.publicCacheKey;
    if (!keep || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = Buffer.from(payload);
    const entry: Entry = {
      version: keep.version,
      etag: etagOf(body),
      body,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: reply.getHeader('cache-control') as string | undefined,
    };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(keep.key, entry);
    reply.header('etag', entry.etag);
    return payload;
  });

  // The answers that never change between releases are built before the first visitor asks.
  app.addHook('onListen', async () => {
    for (const url of STATIC_PATHS) await app.inject({ method: 'GET', url });
  });
});
