import fp from 'fastify-plugin';
import { CONTENT_RESOURCES } from '@balai/domain';
import { etagOf, sendKept, type KeptAnswer } from '../lib/kept-answer.ts';
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

/** A kept answer (its content type and cache control as its route set them) and its version. */
interface Entry extends KeptAnswer {
  version: number;
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

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return;
    const pathname = pathOf(request.url);
    if (!publicApiPath(pathname)) return;
    let at = STATIC_PATHS.has(pathname) ? STATIC_VERSION : version.current();
    if (typeof at !== 'number') at = await at;
    const entry = entries.get(request.url);
    if (entry && entry.version === at) return sendKept(request, reply, entry);
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
    const cacheControl = reply.getHeader('cache-control') as string | undefined;
    const entry: Entry = {
      version: keep.version,
      status: 200,
      etag: etagOf(body),
      body,
      headers: {
        'content-type': String(
          reply.getHeader('content-type') ?? 'application/json; charset=utf-8',
        ),
        ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      },
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
