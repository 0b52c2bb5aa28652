/**
 * What residents and administrators are told when a request changes, and where the web app
 * opens it (SPEC section 2: /service/{type}/{id} and /admin/service-{type}/{id}).
 */
import type { LetterStatus, LetterType } from '@balai/domain';

export const residentLinkPrefix = (type: LetterType) => `/service/${type.code}/`;
export const adminLinkPrefix = (type: LetterType) => `/admin/service-${type.code}/`;
export const residentLink = (type: LetterType, id: number) => `${residentLinkPrefix(type)}${id}`;
export const adminLink = (type: LetterType, id: number) => `${adminLinkPrefix(type)}${id}`;

const ACRONYMS = new Set(['KTP', 'KK', 'SKCK', 'BPKB', 'STNK', 'SKTM', 'RT', 'RW']);

/** "SURAT KETERANGAN KTP DALAM PROSES" → "Surat Keterangan KTP Dalam Proses". */
export function letterName(type: LetterType): string {
  return type.pdfTitle
    .split(/\s+/)
    .map((w) => (ACRONYMS.has(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
    .join(' ');
}

export interface Notice {
  title: string;
  body: string;
}

const withNote = (text: string, note: string | null | undefined, label = 'Catatan petugas') =>
  note ? `${text} ${label}: ${note}` : text;

/** To the resident, about a change an administrator made. */
export function residentNotice(
  type: LetterType,
  to: LetterStatus,
  opts: { changedStatus: boolean; note?: string | null; number?: string | null },
): Notice {
  const name = letterName(type);
  if (!opts.changedStatus) {
    return {
      title: 'Permohonan surat diperbarui',
      body: withNote(`Petugas desa memperbarui data permohonan ${name} Anda.`, opts.note),
    };
  }
  switch (to) {
    case 'processing':
      return {
        title: 'Permohonan surat sedang diproses',
        body: withNote(`Permohonan ${name} Anda sedang diproses oleh petugas desa.`, opts.note),
      };
    case 'needs_revision':
      return {
        title: 'Permohonan surat perlu dilengkapi',
        body: withNote(`Permohonan ${name} Anda perlu dilengkapi.`, opts.note),
      };
    case 'completed':
      return {
        title: 'Surat Anda sudah terbit',
        body: withNote(
          `${name} Anda telah terbit dengan nomor ${opts.number ?? '-'}. Unduh PDF-nya dari halaman permohonan.`,
          opts.note,
        ),
      };
    case 'rejected':
      return {
        title: 'Permohonan surat ditolak',
        body: withNote(`Permohonan ${name} Anda ditolak.`, opts.note, 'Alasan'),
      };
    case 'submitted':
      return {
        title: 'Permohonan surat diajukan ulang',
        body: withNote(
          `Petugas desa telah memperbarui permohonan ${name} Anda dan mengajukannya kembali.`,
          opts.note,
        ),
      };
    case 'cancelled':
      return {
        title: 'Permohonan surat dibatalkan',
        body: withNote(`Permohonan ${name} Anda telah dibatalkan.`, opts.note),
      };
  }
}

/** To the resident, when an administrator files a request on their behalf. */
export function filedForYouNotice(type: LetterType): Notice {
  return {
    title: 'Permohonan surat dibuat untuk Anda',
    body: `Petugas desa mengajukan permohonan ${letterName(type)} atas nama Anda.`,
  };
}

/** To administrators: a new, resubmitted or cancelled request. */
export function adminNotice(
  type: LetterType,
  applicantName: string,
  what: 'new' | 'resubmitted' | 'cancelled',
  note?: string | null,
): Notice {
  const name = letterName(type);
  switch (what) {
    case 'new':
      return { title: 'Permohonan surat baru', body: `${applicantName} mengajukan ${name}.` };
    case 'resubmitted':
      return {
        title: 'Permohonan surat diajukan ulang',
        body: `${applicantName} telah melengkapi dan mengajukan ulang permohonan ${name}.`,
      };
    case 'cancelled':
      return {
        title: 'Permohonan surat dibatalkan',
        body: withNote(`${applicantName} membatalkan permohonan ${name}.`, note, 'Catatan'),
      };
  }
}
