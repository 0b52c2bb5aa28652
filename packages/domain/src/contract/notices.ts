import { z } from 'zod';
import { pageMetaSchema, pageQuery } from './common.ts';

/**
 * Notices over WhatsApp, Telegram and e-mail (issue 22, ADR 0024, docs/operations.md): the
 * person's own choice of channels (profile), Telegram's webhook, the office's view of delivery
 * (channels, test message, failed notices and their retry, a request's notices) and a password
 * reset sent over WhatsApp. In-app notices are always on and stay in `/api/notifications`.
 */

export const noticePaths = {
  /** GET the signed-in person's channels; PUT which of them they want. */
  myChannels: '/api/profile/notice-channels',
  /** POST { phone }: sends a 6-digit code over WhatsApp to that number (15 minutes, 5 tries). */
  whatsappCode: '/api/profile/notice-channels/whatsapp/code',
  /** POST { code }: confirms the number the code went to; WhatsApp is switched on. */
  whatsappConfirm: '/api/profile/notice-channels/whatsapp/confirm',
  /** POST: a `https://t.me/<bot>?start=<one-time code>` link that links the chat it is opened in. */
  telegramLink: '/api/profile/notice-channels/telegram/link',
  /**
   * POST: Telegram's webhook (set with `setWebhook`, docs/operations.md); answered only with the
   * header `X-Telegram-Bot-Api-Secret-Token: <TELEGRAM_WEBHOOK_SECRET>`.
   */
  telegramWebhook: '/api/notices/telegram/webhook',
  /** GET each delivery channel's state (office). */
  channels: '/api/notices/channels',
  /** POST { channel, target }: "kirim pesan uji" (office). */
  test: '/api/notices/test',
  /** GET the failed notices of the last `days` (office). */
  failed: '/api/notices/failed',
  /** POST: a failed notice is queued again (office). */
  retry: '/api/notices/:id/retry',
  /** GET every notice about one letter request, oldest first (office; the desk's timeline). */
  requestNotices: '/api/letter-requests/:id/notices',
  /**
   * POST { identifier }: a NIK or a WhatsApp number; the reset link goes to the account's
   * confirmed WhatsApp number (or the phone of a phone-only account). Always the same answer.
   */
  forgotPasswordWhatsapp: '/api/forgot-password/whatsapp',
} as const;

/** The channels a person may choose besides the in-app list (always on). */
export const PERSON_CHANNELS = ['whatsapp', 'telegram', 'email'] as const;
export type PersonChannel = (typeof PERSON_CHANNELS)[number];

/** The channels the outbox delivers on (`whatsapp`: an HTTP gateway; `whatsapp_cloud`: Meta's API). */
export const DELIVERY_CHANNELS = ['email', 'whatsapp', 'whatsapp_cloud', 'telegram'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const CHANNEL_LABELS: Record<DeliveryChannel | 'app', string> = {
  app: 'Notifikasi aplikasi',
  email: 'E-mail',
  whatsapp: 'WhatsApp (gateway)',
  whatsapp_cloud: 'WhatsApp Cloud API',
  telegram: 'Telegram',
};

export const NOTICE_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type NoticeStateName = (typeof NOTICE_STATES)[number];
export const NOTICE_STATE_LABELS: Record<NoticeStateName, string> = {
  queued: 'Menunggu',
  sending: 'Sedang dikirim',
  sent: 'Terkirim',
  failed: 'Gagal',
};

/** What a notice is about (`kind`). */
export const NOTICE_KIND_LABELS: Record<string, string> = {
  received: 'Permohonan diterima',
  incomplete: 'Perlu dilengkapi',
  rejected: 'Ditolak',
  issued: 'Surat terbit',
  letter: 'Perubahan permohonan',
  signing: 'Menunggu tanda tangan',
  reset: 'Atur ulang kata sandi',
  activation: 'Aktivasi akun',
  confirm: 'Kode konfirmasi',
  linked: 'Saluran terhubung',
  test: 'Pesan uji',
  mail: 'E-mail',
};

// ---- The person's own channels -------------------------------------------------------------

/** One channel as the profile shows it. */
export const myChannelSchema = z.object({
  channel: z.enum(PERSON_CHANNELS),
  /** Switched on by the village's configuration; a channel that is not is shown but cannot be chosen. */
  available: z.boolean(),
  /** The person wants notices here (and the address is confirmed). */
  enabled: z.boolean(),
  /** WhatsApp: the number (62…); e-mail: the account's address; Telegram: null (a chat id is not shown). */
  address: z.string().nullable(),
  /** WhatsApp: the number was confirmed by its code; Telegram: a chat is linked; e-mail: the account has an address. */
  confirmed: z.boolean(),
  /** WhatsApp: a code was sent and is still valid until then (null: none pending). */
  code_expires_at: z.string().nullable(),
});
export type MyChannel = z.infer<typeof myChannelSchema>;

export const myChannelsSchema = z.object({
  /** Always true: the in-app list cannot be switched off. */
  in_app: z.literal(true),
  channels: z.array(myChannelSchema),
  /** The Telegram bot's username (without @), when Telegram is configured. */
  telegram_bot: z.string().nullable(),
});
export type MyChannels = z.infer<typeof myChannelsSchema>;
export const myChannelsAnswerSchema = z.object({ data: myChannelsSchema });
export type MyChannelsAnswer = z.infer<typeof myChannelsAnswerSchema>;

const flag = (label: string) => z.boolean({ error: `${label} harus true atau false.` });

/** `PUT /api/profile/notice-channels`: each channel on or off (a channel left out stays as it is). */
export const myChannelsUpdateSchema = z.object({
  whatsapp: flag('whatsapp').optional(),
  telegram: flag('telegram').optional(),
  email: flag('email').optional(),
});
export type MyChannelsUpdate = z.infer<typeof myChannelsUpdateSchema>;

/** `POST …/whatsapp/code`. The number is written 08…, +62… or 62… (normalised to 62…). */
export const whatsappCodeSchema = z.object({
  phone: z
    .string({ error: 'Nomor WhatsApp wajib diisi.' })
    .trim()
    .min(1, 'Nomor WhatsApp wajib diisi.')
    .max(30, 'Nomor WhatsApp terlalu panjang.'),
});
export type WhatsappCodeInput = z.infer<typeof whatsappCodeSchema>;
export const whatsappCodeAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ phone: z.string(), expires_at: z.string() }),
});
export type WhatsappCodeAnswer = z.infer<typeof whatsappCodeAnswerSchema>;

/** `POST …/whatsapp/confirm`. */
export const whatsappConfirmSchema = z.object({
  code: z
    .string({ error: 'Kode konfirmasi wajib diisi.' })
    .trim()
    .regex(/^\d{6}$/, 'Kode konfirmasi terdiri dari 6 angka.'),
});
export type WhatsappConfirmInput = z.infer<typeof whatsappConfirmSchema>;
/** The channels after the confirmation (WhatsApp now confirmed and on). */
export const whatsappConfirmAnswerSchema = z.object({
  message: z.string(),
  data: myChannelsSchema,
});

/** `POST …/telegram/link`: open `url` in Telegram and press Start before `expires_at`. */
export const telegramLinkAnswerSchema = z.object({
  data: z.object({ url: z.string(), expires_at: z.string() }),
});
export type TelegramLinkAnswer = z.infer<typeof telegramLinkAnswerSchema>;

/** The part of a Telegram update the webhook reads (anything else is ignored). */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().optional(),
  message: z
    .looseObject({
      chat: z.looseObject({ id: z.union([z.number(), z.string()]) }),
      text: z.string().optional(),
    })
    .optional(),
});

/** The webhook's answer to Telegram (always 200 once the secret matches). */
export const telegramWebhookAnswerSchema = z.object({ ok: z.boolean() });

// ---- The office ----------------------------------------------------------------------------

/** One delivery channel as the settings page shows it. */
export const channelStateSchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  label: z.string(),
  /** Its settings are present (README's configuration table). */
  configured: z.boolean(),
  /** The worker delivers on it in this process. */
  on: z.boolean(),
  /** Where it sends to, without the token (e.g. the gateway's host), or how e-mail leaves. */
  endpoint: z.string().nullable(),
  queued: z.number(),
  failed_recent: z.number(),
  last_sent_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type ChannelState = z.infer<typeof channelStateSchema>;
export const channelStatesAnswerSchema = z.object({
  data: z.array(channelStateSchema),
  /** Days `failed_recent` counts. */
  meta: z.object({ days: z.number() }),
});
export type ChannelStatesAnswer = z.infer<typeof channelStatesAnswerSchema>;

/** One notice as the office sees it: never the text (it may carry a code or a reset link). */
export const noticeItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  kind_label: z.string(),
  channel: z.enum([...DELIVERY_CHANNELS, 'app']),
  channel_label: z.string(),
  /** Masked: 62812****7890, bu***@contoh.id, a Telegram chat, a user. */
  recipient: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  letter_request_id: z.number().nullable(),
  subject: z.string().nullable(),
  state: z.enum(NOTICE_STATES),
  state_label: z.string(),
  tries: z.number(),
  /** Why it failed (the provider's answer), or why the last try did. */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** `POST /api/notices/test`: `target` is a number (WhatsApp), a chat id (Telegram) or an e-mail. */
export const noticeTestSchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS, {
    error: `Saluran harus salah satu dari: ${DELIVERY_CHANNELS.join(', ')}.`,
  }),
  target: z
    .string({ error: 'Tujuan wajib diisi.' })
    .trim()
    .min(1, 'Tujuan wajib diisi.')
    .max(255, 'Tujuan maksimal 255 karakter.'),
});
export type NoticeTestInput = z.infer<typeof noticeTestSchema>;
export const noticeAnswerSchema = z.object({ message: z.string(), data: noticeItemSchema });
export type NoticeAnswer = z.infer<typeof noticeAnswerSchema>;

/** `GET /api/notices/failed?days=7`. */
export const failedNoticesQuery = z.object({
  page: pageQuery.page,
  per_page: pageQuery.per_page,
  days: z.coerce
    .number({ error: 'Jumlah hari harus berupa angka.' })
    .int('Jumlah hari harus bilangan bulat.')
    .min(1, 'Jumlah hari minimal 1.')
    .max(90, 'Jumlah hari maksimal 90.')
    .default(7),
});
export const noticePageSchema = z.object({ data: z.array(noticeItemSchema), meta: pageMetaSchema });
export type NoticePage = z.infer<typeof noticePageSchema>;

/** `GET /api/letter-requests/:id/notices`: oldest first. */
export const requestNoticesAnswerSchema = z.object({ data: z.array(noticeItemSchema) });
export type RequestNoticesAnswer = z.infer<typeof requestNoticesAnswerSchema>;

/** `POST /api/forgot-password/whatsapp`. */
export const forgotPasswordWhatsappSchema = z.object({
  identifier: z
    .string({ error: 'NIK atau nomor WhatsApp wajib diisi.' })
    .trim()
    .min(1, 'NIK atau nomor WhatsApp wajib diisi.')
    .max(30, 'NIK atau nomor WhatsApp terlalu panjang.'),
});
export type ForgotPasswordWhatsappInput = z.infer<typeof forgotPasswordWhatsappSchema>;
