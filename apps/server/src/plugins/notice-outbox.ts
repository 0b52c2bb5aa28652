import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { createProviders } from '../services/notice-providers.ts';
import { createOutboxWorker } from '../services/outbox.ts';
import { setNoticePublicUrl } from '../repositories/notice-outbox.ts';
import type { Mailer } from '../services/mailer.ts';
import type { Database } from '../db/schema.ts';
import type { Kysely } from 'kysely';

/**
 * The outbox worker of this process (issue 22, ADR 0024): started when a WhatsApp or Telegram
 * channel is configured (every channel is off by default), stopped on close. Each process on one
 * database may run one; a row is claimed by exactly one of them.
 */
export function startNoticeOutbox(
  app: FastifyInstance,
  db: Kysely<Database>,
  config: Config,
  mailer: Mailer,
): void {
  setNoticePublicUrl(config.PUBLIC_URL);
  const providers = createProviders(
    {
      waGatewayUrl: config.WA_GATEWAY_URL,
      waGatewayToken: config.WA_GATEWAY_TOKEN,
      waCloudUrl: config.WA_CLOUD_URL,
      waCloudPhoneId: config.WA_CLOUD_PHONE_ID,
      waCloudToken: config.WA_CLOUD_TOKEN,
      waCloudTemplate: config.WA_CLOUD_TEMPLATE,
      waCloudLanguage: config.WA_CLOUD_LANGUAGE,
      telegramApiUrl: config.TELEGRAM_API_URL,
      telegramBotToken: config.TELEGRAM_BOT_TOKEN,
      timeoutMs: config.NOTICE_TIMEOUT_MS,
    },
    mailer,
  );
  const messaging = Object.keys(providers).some((c) => c !== 'email');
  if (!messaging) return;
  const worker = createOutboxWorker(
    db,
    providers,
    {
      maxTries: config.NOTICE_MAX_TRIES,
      firstPauseMs: config.NOTICE_FIRST_PAUSE_S * 1000,
      maxPauseMs: 60 * 60_000,
      leaseMs: Math.max(60_000, config.NOTICE_TIMEOUT_MS * 6),
      batch: 20,
      idleMs: 1_000,
      minGapMs: { whatsapp: config.WA_MIN_GAP_MS, whatsapp_cloud: config.WA_MIN_GAP_MS },
    },
    app.log,
  );
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
