/**
 * What a letter's life sends to a person's own channels (WhatsApp, Telegram, e-mail: issue 22):
 * the resident hears that the request was received, needs completing (with what is missing),
 * was rejected (with the reason for them) or was issued (with the reference and the request's
 * link); a signer hears that letters wait, with the link to the signing queue. The texts are
 * packages/domain notice-texts.ts; other changes stay in the app.
 */
import {
  requestReference,
  residentText,
  signerText,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import type { PersonMessage } from '../repositories/notice-outbox.ts';
import { letterAndReference, residentLink } from './notices.ts';

const KINDS: Partial<Record<LetterStatus, PersonMessage['kind']>> = {
  submitted: 'received',
  needs_revision: 'incomplete',
  rejected: 'rejected',
  completed: 'issued',
};

const SUBJECTS: Record<string, string> = {
  received: 'diterima',
  incomplete: 'perlu dilengkapi',
  rejected: 'ditolak',
  issued: 'sudah terbit',
};

/**
 * The resident's message when request `id` reaches `status`; null for a status that is told in
 * the app only. `note` is dropped when it is internal at that status (`residentText`).
 */
export function letterMessage(
  type: LetterType,
  id: number,
  status: LetterStatus,
  note: string | null,
  number: string | null = null,
): PersonMessage | null {
  const kind = KINDS[status];
  if (!kind) return null;
  return {
    kind,
    subject: `${letterAndReference(type, id)} ${SUBJECTS[kind]}`,
    text: (village, publicUrl) =>
      residentText(
        status,
        {
          village,
          letter: type.name,
          reference: requestReference(type.code, id),
          link: `${publicUrl}${residentLink(type, id)}`,
        },
        note,
        number,
      ) ?? '',
  };
}

/** Where the signing queue opens in the web. */
export const SIGNING_QUEUE_LINK = '/admin/signing';

/** To a signer: `waiting` letters wait for their signature. */
export function signingMessage(waiting: number): PersonMessage {
  return {
    kind: 'signing',
    subject: `${waiting} surat menunggu tanda tangan`,
    text: (village, publicUrl) => signerText(village, waiting, `${publicUrl}${SIGNING_QUEUE_LINK}`),
  };
}
