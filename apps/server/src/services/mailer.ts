import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
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
 * folder, so a fresh install can show the reset e-mail without a mail server. Messages come from
 * the notice outbox's worker (issue 22), which retries one that could not be written or sent.
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
