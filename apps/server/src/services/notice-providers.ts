import type { NoticeChannel } from '../db/tables/notices.ts';
import { isDiskFull } from '../lib/db-errors.ts';
import type { Mailer } from './mailer.ts';

/** One message handed to a provider. */
export interface OutgoingNotice {
  channel: NoticeChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

/**
 * A provider's refusal. `retryable`: a 5xx, a 429, a timeout or a network error, tried again
 * later; otherwise (a 4xx, a bad number) the notice is failed at once. `retryAfterMs`: the
 * provider's Retry-After, honoured as the least pause before the next try.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export type Provider = (notice: OutgoingNotice) => Promise<void>;

export interface ProviderSettings {
  waGatewayUrl?: string | undefined;
  waGatewayToken?: string | undefined;
  waCloudUrl: string;
  waCloudPhoneId?: string | undefined;
  waCloudToken?: string | undefined;
  waCloudTemplate?: string | undefined;
  waCloudLanguage: string;
  telegramApiUrl: string;
  telegramBotToken?: string | undefined;
  timeoutMs: number;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A signal that aborts `ms` after now, but only once the process has read what already arrived.
 * When the event loop was held up past the limit (a long synchronous piece of work), Node runs
 * due timers before it reads the sockets: a plain timeout would abort a request whose answer is
 * already here, and a message the provider has taken would be sent again (issue 22). The abort
 * waits one turn of the loop (setImmediate runs after the poll phase that reads the answer).
 */
export function deadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      setImmediate(() =>
        controller.abort(new DOMException(`tidak menjawab dalam ${ms} ms`, 'TimeoutError')),
      ),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** POSTs and turns every outcome other than a 2xx into a DeliveryError. */
async function post(url: string, init: RequestInit, timeoutMs: number): Promise<void> {
  const limit = deadline(timeoutMs);
  let res: Response;
  let text: string;
  try {
    try {
      res = await fetch(url, { ...init, method: 'POST', signal: limit.signal });
    } catch (err) {
      const name = (err as Error).name;
      const why =
        name === 'TimeoutError' ? `tidak menjawab dalam ${timeoutMs} ms` : (err as Error).message;
      throw new DeliveryError(`penyedia: ${why}`, true);
    }
    text = (await res.text().catch(() => '')).slice(0, 200);
  } finally {
    limit.clear();
  }
  if (res.ok) return;
  const retryable = res.status === 429 || res.status === 408 || res.status >= 500;
  throw new DeliveryError(
    `penyedia menjawab ${res.status}${text ? `: ${text}` : ''}`,
    retryable,
    retryAfterMs(res.headers.get('retry-after')),
  );
}

/**
 * The providers switched on by configuration (each off by default); a channel without one is not
 * offered to residents and its queued notices fail with a clear reason.
 */
export function createProviders(
  s: ProviderSettings,
  mailer: Mailer | null,
  onDiskFull?: () => void,
): Partial<Record<NoticeChannel, Provider>> {
  const out: Partial<Record<NoticeChannel, Provider>> = {};
  if (mailer) {
    // A mail that cannot be written (a full disk) or sent (the SMTP server away) is tried again;
    // an SMTP server's 5xx (an unknown address) never will be accepted: failed at once.
    out.email = async (n) => {
      try {
        await mailer.send({ to: n.recipient, subject: n.subject ?? 'Balai', text: n.body });
      } catch (err) {
        if (isDiskFull(err)) onDiskFull?.();
        const code = (err as { responseCode?: unknown } | null)?.responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        throw new DeliveryError(`e-mail: ${(err as Error).message ?? String(err)}`, !permanent);
      }
    };
  }
  if (s.waGatewayUrl && s.waGatewayToken) {
    const url = s.waGatewayUrl;
    const token = s.waGatewayToken;
    // Fonnte's shape; Wablas and WAHA-style gateways take the same fields (docs/operations.md).
    out.whatsapp = (n) =>
      post(
        url,
        {
          headers: { authorization: token },
          body: new URLSearchParams({ target: n.recipient, message: n.body }),
        },
        s.timeoutMs,
      );
  }
  if (s.waCloudPhoneId && s.waCloudToken && s.waCloudTemplate) {
    const url = `${s.waCloudUrl.replace(/\/$/, '')}/${s.waCloudPhoneId}/messages`;
    const { waCloudToken: token, waCloudTemplate: template, waCloudLanguage: language } = s;
    // An approved template with one body parameter carrying the text (outside the 24-hour window
    // only templates may be sent).
    out.whatsapp_cloud = (n) =>
      post(
        url,
        {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: n.recipient,
            type: 'template',
            template: {
              name: template,
              language: { code: language },
              components: [{ type: 'body', parameters: [{ type: 'text', text: n.body }] }],
            },
          }),
        },
        s.timeoutMs,
      );
  }
  if (s.telegramBotToken) {
    const url = `${s.telegramApiUrl.replace(/\/$/, '')}/bot${s.telegramBotToken}/sendMessage`;
    out.telegram = (n) =>
      post(
        url,
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            chat_id: n.recipient,
            text: n.body,
            disable_web_page_preview: true,
          }),
        },
        s.timeoutMs,
      );
  }
  return out;
}
