/**
 * Values put into an e-mail (issue 18.10): a header or one line of the plain text never carries
 * a line break or a control character from what someone typed. A resident's name with CR LF
 * could otherwise add a header ("Bcc: …") or a line that reads like the office's own ("Buka
 * tautan berikut: …") to a mail the Kepala Desa trusts.
 */
import { cleanPlainText } from '@balai/domain';
import type { MailMessage } from './mailer.ts';

/**
 * `value` on one line: line breaks (CR, LF, U+2028, U+2029, NEL, vertical tab, form feed) and
 * tabs become one space, control, bidi and invisible format characters go (the domain's text
 * rule, packages/domain/src/plain-text.ts).
 */
export function mailLine(value: string): string {
  return cleanPlainText(value.replace(/[\u0085\v\f]/g, ' '), false).replace(/ {2,}/g, ' ');
}

/** The message with its headers (recipient, subject) each on one clean line; the text as written. */
export function safeHeaders(message: MailMessage): MailMessage {
  return { ...message, to: mailLine(message.to), subject: mailLine(message.subject) };
}
