import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './services/mailer.ts';
import { createMailer } from './services/mailer.ts';
import { startNoticeOutbox } from './plugins/notice-outbox.ts';
import noticeRoutes from './routes/notices/index.ts';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import web from './plugins/web.ts';
import publicCache from './plugins/public-cache.ts';
import healthRoutes from './routes/health.ts';
import authPublicRoutes from './routes/auth/public.ts';
import authSessionRoutes from './routes/auth/session.ts';
import userRoutes from './routes/users/index.ts';
import contentRoutes from './routes/content/index.ts';
import letterRoutes from './routes/letters/index.ts';
import signingApiRoutes from './routes/signing/plugin.ts';
import registerRoutes from './routes/register/index.ts';
import filesPublicRoutes from './routes/content/files-public.ts';
import { HttpError } from './lib/http-error.ts';
import { connectRedis, fallbackStore } from './lib/redis.ts';
import { REDACT_PATHS, REDACTED, serializeRequest } from './lib/log-redaction.ts';
import './types.ts';

z.config(z.locales.id());

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface AppDeps {
  config: Config;
  db: Db;
  mailer?: Mailer;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
}

/**
 * The production logger: access-log URLs without their secrets (reset and verification tokens),
 * and never an authorization header, cookie, password or token from a body (issue 14.4).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    serializers: { req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    ...(stream ? { stream } : {}),
  };
}

/** Builds the whole server: external plugins, then app decorators, then routes (CONVENTIONS.md 6). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A client that stalls is cut off (issue 19.5, docs/reliability.md): the whole request must
    // arrive within HTTP_REQUEST_TIMEOUT_S (408), and a connection silent for HTTP_IDLE_TIMEOUT_S
    // is closed, also half-way through an upload.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_S * 1000,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_S * 1000,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    // `/api/<type>/` answers as `/api/<type>` (and `/about/` as `/about`): the routes are
    // registered at their contract paths (ADR 0021), which a client or bookmark may end with a slash.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body would otherwise reach the handlers as a string.
  app.removeContentTypeParser('text/plain');

  // External plugins.
  await app.register(securityHeaders);

  // Counts shared between processes; while Redis is away they are made per process (lib/redis.ts).
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : null;
  app.decorate('redis', redis);
  const tooMany = (_request: unknown, context: { ttl: number }) =>
    new HttpError(
      429,
      `Terlalu banyak permintaan. Silakan coba lagi dalam ${Math.max(1, Math.ceil(context.ttl / 1000))} detik.`,
    );
  // Per-route limits (login, password reset and change, verification) come from each route's
  // `config.rateLimit`.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, 'balai-rl-') } : {}),
    errorResponseBuilder: tooMany,
  });
  // The general per-address limit runs as a root hook, before authentication and for unknown
  // paths too, so floods are turned away before they reach the database. It is built with
  // `createRateLimit`, which counts without marking the request as limited: the handler of
  // `app.rateLimit()` sets the plugin's "already ran" flag, and every per-route limit then
  // skipped itself (issue 14.1), so with the default configuration login had no limit of its own.
  if (config.RATE_LIMIT_MAX > 0) {
    const general = app.createRateLimit({
      max: config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      keyGenerator: (request) => `all:${request.ip}`,
    });
    app.addHook('onRequest', async (request, reply) => {
      const limit = await general(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw tooMany(request, { ttl: limit.ttl });
    });
  }
  if (redis) app.addHook('onClose', () => redis.close());

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Balai API',
        description:
          'API situs dan layanan surat pemerintah desa. Semua pesan dalam bahasa Indonesia.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });

  // App decorators.
  app.decorate('db', db.kysely);
  app.decorate('dialect', db.dialect);
  app.decorate('config', config);
  // Every mail is a row of the notice outbox, delivered (and retried) by its worker (issue 22).
  const mailer =
    deps.mailer ??
    createMailer(
      { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.OUTBOX_DIR },
      app.log,
    );
  app.decorate('mailer', mailer);
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => mailer.close());
  // E-mail, WhatsApp and Telegram notices from the durable outbox (issue 22, ADR 0024).
  startNoticeOutbox(app, db.kysely, config, mailer, () => app.diskSpace.noteFull());
  await app.register(errors);
  // Public answers and pages kept in memory per public version (ADR 0025); before the routes.
  await app.register(publicCache);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authPublicRoutes);
      await api.register(authSessionRoutes);
      await api.register(userRoutes);
      await api.register(contentRoutes);
      await api.register(letterRoutes);
      await api.register(signingApiRoutes);
      await api.register(registerRoutes);
      await api.register(noticeRoutes);
    },
    { prefix: '/api' },
  );

  // Stored images at /files/{id} (outside /api: plain, cacheable URLs for <img>).
  await app.register(filesPublicRoutes);

  await app.register(web, {
    distDir: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
  });
  return app;
}
