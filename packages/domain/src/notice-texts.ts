import { noteIsInternal } from './letters/notes.ts';
import type { LetterStatus } from './letters/statuses.ts';

/**
 * Every text a notice sends over WhatsApp, Telegram or e-mail (issue 22), short and Indonesian,
 * signed with the village's name. Only what the resident may read goes in: the letter's name, the
 * request's reference, a link, and a note only when it is for the resident (never an internal
 * note, packages/domain letters/notes.ts). No NIK or No. KK is ever passed in.
 */
export interface NoticeContext {
  village: string;
  /** "Surat Keterangan Usaha" */
  letter: string;
  /** "KU-000010" */
  reference: string;
  /** The full address of the request's page (PUBLIC_URL + /service/…). */
  link: string;
}

const sign = (village: string) => `\n\n— Pemerintah Desa ${village}`;

/** What the resident is told when their request reaches `status`; null: nothing to send. */
export function residentText(
  status: LetterStatus,
  c: NoticeContext,
  note: string | null,
  number: string | null = null,
): string | null {
  const forResident = note && !noteIsInternal(status) ? note : null;
  switch (status) {
    case 'submitted':
      return `Permohonan ${c.letter} (${c.reference}) sudah kami terima dan akan diproses.\n${c.link}${sign(c.village)}`;
    case 'needs_revision':
      return `Permohonan ${c.letter} (${c.reference}) perlu dilengkapi${forResident ? `: ${forResident}` : '.'}\nLengkapi di ${c.link}${sign(c.village)}`;
    case 'rejected':
      return `Permohonan ${c.letter} (${c.reference}) ditolak${forResident ? `. Alasan: ${forResident}` : '.'}\n${c.link}${sign(c.village)}`;
    case 'completed':
      return `${c.letter} (${c.reference}) sudah terbit${number ? ` dengan nomor ${number}` : ''}. Unduh setelah masuk di ${c.link}${sign(c.village)}`;
    default:
      return null;
  }
}

/** To a signer: letters waiting for their signature. */
export function signerText(village: string, waiting: number, queueLink: string): string {
  return `${waiting} surat menunggu tanda tangan Anda.\n${queueLink}${sign(village)}`;
}

/** The 6-digit code that confirms a WhatsApp number. */
export function confirmText(village: string, code: string): string {
  return `Kode konfirmasi WhatsApp Anda: ${code}. Berlaku 15 menit. Jangan berikan kode ini kepada siapa pun.${sign(village)}`;
}

/** A password reset over WhatsApp, for a resident without e-mail. */
export function resetText(village: string, link: string): string {
  return `Permintaan atur ulang kata sandi akun Anda. Buka tautan ini dalam 1 jam: ${link}\nAbaikan jika bukan Anda.${sign(village)}`;
}

/** To a Telegram chat just linked to an account by its one-time link. */
export function linkedText(village: string): string {
  return `Telegram terhubung. Pemberitahuan surat Anda akan dikirim ke sini. Ketik /stop untuk berhenti.${sign(village)}`;
}

/** To a Telegram chat that sent /stop, or a link that is no longer valid. */
export function stoppedText(village: string): string {
  return `Pemberitahuan lewat Telegram dihentikan. Aktifkan lagi dari halaman profil.${sign(village)}`;
}
export function linkExpiredText(village: string): string {
  return `Tautan sudah tidak berlaku. Buat tautan baru dari halaman profil Balai.${sign(village)}`;
}

export function testText(village: string): string {
  return `Pesan uji dari Balai. Saluran ini berfungsi.${sign(village)}`;
}

/** Added to the first notice on a channel: how to stop them. */
export function stopHint(profileLink: string): string {
  return `\n\nTidak ingin menerima pesan ini? Matikan di ${profileLink}`;
}

/**
 * An activation code the office sends to a person's WhatsApp (issues 21.2, 22.4): the code, the
 * link that opens the activation page with it, and until when; never the NIK.
 */
export function activationCodeText(
  village: string,
  code: string,
  link: string,
  validUntil: string,
): string {
  return `Kode aktivasi akun Balai Anda: ${code} (berlaku sampai ${validUntil}, sekali pakai). Aktifkan di ${link}\nJangan berikan kode ini kepada siapa pun.${sign(village)}`;
}
