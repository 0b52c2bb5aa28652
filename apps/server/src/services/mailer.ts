import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '../lib/db-errors.ts';
import { safeHeaders } from './mail-text.ts';
import { hasNoEmail } from '@balai/domain/contract';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under the outbox
 * folder, so a fresh install can show the reset e-mail without a mail server.
 */
export function createMailer(
  opts: { smtpUrl?: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  const mailer = createTransportMailer(opts, log);
  return {
    // An account activated with a phone only has no address (issue 21): nothing to deliver.
    async send(message) {
      if (hasNoEmail(message.to)) {
        log.info({ subject: message.subject }, 'e-mail tidak dikirim: akun tanpa e-mail');
        return;
      }
      await mailer.send(message);
    },
    close: () => mailer.close(),
  };
}

function createTransportMailer(
  opts: { smtpUrl?: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...safeHeaders(message) });
        log.info(
          { to: maskEmail(message.to), subject: message.subject },
          'e-mail dikirim lewat SMTP',
        );
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...safeHeaders(message) });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.resolve(opts.outboxDir, name);
      // Written under a temporary name and renamed: whoever reads the outbox never sees half a
      // message.
      try {
        await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
        await fs.rename(`${file}.tmp`, file);
      } catch (err) {
        // Half a message written to a full disk would hold on to the little space left.
        await fs.rm(`${file}.tmp`, { force: true }).catch(() => {});
        throw err;
      }
      log.info(
        { to: maskEmail(message.to), subject: message.subject, file },
        'e-mail ditulis ke outbox',
      );
    },
    close: () => transport.close(),
  };
}

/** "budi.santoso@contoh.id" → "bu***@contoh.id": enough to trace, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** A mailer that keeps what it could not deliver (issue 19.4). */
export interface RetryingMailer extends Mailer {
  /** Messages waiting for another try. */
  held(): number;
  /** Tries the held messages now, in order; resolves when done (tests, shutdown). */
  retryNow(): Promise<void>;
}

/** The first pause before another try, doubled after each failed round up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;
/** A message not delivered within this long is given up (logged as an error). */
const GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * E-mails wait and are tried again instead of being dropped (issue 19.4): a message that cannot
 * be written to the outbox (a full disk) or sent (the SMTP server away, a 4xx) is kept in memory,
 * in order, and tried again after 1 s, 2 s, 4 s … up to a minute between rounds, until it goes
 * or a day has passed. `send` resolves once the message is delivered or kept: the caller's
 * change is committed and must not fail because of its notice. Refused outright: a permanent
 * SMTP answer (5xx, e.g. an unknown address), which a retry cannot fix, and a message past
 * `maxHeld` kept ones. Kept messages live as long as the process: one that is stopped first logs
 * each of them (issue 22 makes the outbox durable, in the database).
 */
export function keepAndRetry(
  mailer: Mailer,
  log: FastifyBaseLogger,
  opts: { maxHeld?: number; onDiskFull?: () => void; firstRetryMs?: number } = {},
): RetryingMailer {
  const maxHeld = opts.maxHeld ?? 1000;
  const firstMs = opts.firstRetryMs ?? RETRY_FIRST_MS;
  const held: { message: MailMessage; since: number; tries: number }[] = [];
  let pauseMs = firstMs;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  const about = (m: MailMessage) => ({ to: maskEmail(m.to), subject: m.subject });

  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void retryNow();
    }, pauseMs).unref();
    pauseMs = Math.min(pauseMs * 2, RETRY_MAX_MS);
  };

  const retryNow = (): Promise<void> => {
    round ??= (async () => {
      try {
        while (held.length > 0) {
          const next = held[0]!;
          next.tries += 1;
          try {
            await mailer.send(next.message);
          } catch (err) {
            if (isDiskFull(err)) opts.onDiskFull?.();
            if (permanent(err) || Date.now() - next.since > GIVE_UP_MS) {
              held.shift();
              log.error({ err, ...about(next.message), tries: next.tries }, 'e-mail given up');
              continue;
            }
            log.warn({ err, held: held.length, tries: next.tries }, 'e-mail still waiting');
            return;
          }
          held.shift();
          log.info({ ...about(next.message), tries: next.tries }, 'e-mail that waited delivered');
        }
        pauseMs = firstMs;
      } finally {
        round = null;
        if (held.length > 0) schedule();
      }
    })();
    return round;
  };

  return {
    async send(message) {
      // Behind the ones already waiting, so that mails arrive in the order they were sent.
      if (held.length === 0) {
        try {
          await mailer.send(message);
          return;
        } catch (err) {
          if (permanent(err) || held.length >= maxHeld) throw err;
          if (isDiskFull(err)) opts.onDiskFull?.();
          log.warn({ err, ...about(message) }, 'e-mail could not be delivered: kept for retry');
        }
      } else if (held.length >= maxHeld) {
        throw new Error(`mail queue full (${maxHeld} waiting): message dropped`);
      }
      held.push({ message, since: Date.now(), tries: 1 });
      schedule();
    },
    held: () => held.length,
    retryNow,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (held.length > 0) await retryNow();
      if (timer) clearTimeout(timer);
      timer = null;
      for (const m of held) log.error(about(m.message), 'e-mail not delivered before shutdown');
      mailer.close();
    },
  };
}

/** An SMTP server's 5xx: the message will never be accepted as it is. */
function permanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
