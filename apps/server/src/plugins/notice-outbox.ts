import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { NoticeChannel } from '../db/tables/notices.ts';
import { createProviders, type Provider } from '../services/notice-providers.ts';
import { createOutboxWorker, type OutboxWorker } from '../services/outbox.ts';
import { onNoticesQueued, setNoticePublicUrl } from '../repositories/notice-outbox.ts';
import type { Mailer } from '../services/mailer.ts';

/** This process's notice delivery: its providers (by configuration) and its worker. */
export interface NoticeDelivery {
  providers: Partial<Record<NoticeChannel, Provider>>;
  worker: OutboxWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeDelivery;
  }
}

/**
 * The outbox worker of this process (issue 22, ADR 0024): always started, since e-mail (SMTP, or
 * the `.eml` folder) always goes through the outbox; WhatsApp and Telegram join when configured
 * (each off by default). Woken a moment after notices are queued, otherwise every second;
 * stopped on close. Each process on one database may run one; a row is claimed by exactly one.
 */
export function startNoticeOutbox(
  app: FastifyInstance,
  db: Kysely<Database>,
  config: Config,
  mailer: Mailer,
  onDiskFull?: () => void,
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
    onDiskFull,
  );
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
  app.decorate('notices', { providers, worker });
  let forget: (() => void) | null = null;
  app.addHook('onReady', async () => {
    forget = onNoticesQueued(() => worker.wake());
    worker.start();
  });
  app.addHook('onClose', async () => {
    forget?.();
    await worker.stop();
  });
}
