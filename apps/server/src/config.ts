import { z } from 'zod';

const boolFromEnv = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * Every environment variable Balai reads, validated once at start. `.env.example` lists them
 * all; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'harus berupa file:PATH atau postgres://…')
    .default('file:./data/balai.sqlite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'harus berupa redis://…')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolFromEnv.default(false),
  SESSION_TTL_HOURS: positiveInt.default(24),
  SESSION_IDLE_MINUTES: positiveInt.default(30),
  /** Failed logins for one account from one address (or device) before that pair is locked. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: positiveInt.default(5),
  /** Failed logins for one account from anywhere before strangers to it are refused (ADR 0011). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(10),
  /** Failed logins from one address before it is refused for accounts not known there. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(20),
  LOGIN_LOCK_MINUTES: positiveInt.default(15),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(1200),
  /** A resident's own letter requests (issue 14.7); 0 turns a cap off. */
  LETTER_MAX_OPEN_PER_RESIDENT: z.coerce.number().int().min(0).default(15),
  LETTER_MAX_OPEN_PER_TYPE: z.coerce.number().int().min(0).default(5),
  LETTER_MAX_SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(0).default(30),
  LOGIN_RATE_LIMIT_MAX: positiveInt.default(30),
  /** Room for one resident's photos of letter requirements, photo and thumbnail (ADR 0015). */
  ATTACHMENT_MAX_MB_PER_RESIDENT: positiveInt.default(50),
  /** Days a cancelled or deleted request's photos are kept before they are removed. */
  ATTACHMENT_RETENTION_DAYS: positiveInt.default(30),
  /** Photo uploads per user per minute (issue 18.4); 0 turns the limit off. */
  ATTACHMENT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Longest time to receive a whole request, headers and body (issue 19.5). */
  HTTP_REQUEST_TIMEOUT_S: positiveInt.default(120),
  /** A connection that sends and receives nothing this long is closed (issue 19.5). */
  HTTP_IDLE_TIMEOUT_S: positiveInt.default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'harus berupa smtp://… atau smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Balai <no-reply@balai.local>'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  /** Notices over WhatsApp/Telegram (issue 22, ADR 0024, docs/operations.md); each off until set. */
  WA_GATEWAY_URL: z.url().optional(),
  WA_GATEWAY_TOKEN: z.string().min(1).optional(),
  WA_CLOUD_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WA_CLOUD_PHONE_ID: z.string().min(1).optional(),
  WA_CLOUD_TOKEN: z.string().min(1).optional(),
  WA_CLOUD_TEMPLATE: z.string().min(1).optional(),
  WA_CLOUD_LANGUAGE: z.string().min(2).default('id'),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_BOT_NAME: z.string().min(1).optional(),
  /** The webhook's secret (setWebhook's secret_token): Telegram sends it in a header. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, '16–256 huruf, angka, _ atau -')
    .optional(),
  /** Attempts before a notice is marked failed; the first pause, doubled after each try. */
  NOTICE_MAX_TRIES: positiveInt.default(8),
  NOTICE_FIRST_PAUSE_S: positiveInt.default(30),
  NOTICE_TIMEOUT_MS: positiveInt.default(10_000),
  /** Least pause between two WhatsApp messages (a gateway's allowed rate); 0: none. */
  WA_MIN_GAP_MS: z.coerce.number().int().min(0).default(1_000),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BALAI_ADMIN_EMAIL: z.email().optional(),
  BALAI_ADMIN_PASSWORD: z.string().min(8, 'minimal 8 karakter').optional(),
  BALAI_ADMIN_NAME: z.string().min(1).default('Administrator Desa'),
  BALAI_DEMO_PASSWORD: z.string().min(8, 'minimal 8 karakter').optional(),
  SEED_DEMO: boolFromEnv.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; throws one message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (docker-compose and .env files write them that way).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.BALAI_ADMIN_EMAIL === undefined) !== (e.BALAI_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Konfigurasi tidak valid:\n  - BALAI_ADMIN_EMAIL dan BALAI_ADMIN_PASSWORD harus diisi bersama.',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return { ...e, PUBLIC_URL: publicUrl };
}
