/**
 * What residents and administrators are told when a request changes, and where the web app
 * opens it (SPEC section 2: /service/{type}/{id} and /admin/service-{type}/{id}).
 */
import {
  noteIsInternal,
  requestReference,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';

export const residentLinkPrefix = (type: LetterType) => `/service/${type.code}/`;
export const adminLinkPrefix = (type: LetterType) => `/admin/service-${type.code}/`;
export const residentLink = (type: LetterType, id: number) => `${residentLinkPrefix(type)}${id}`;
export const adminLink = (type: LetterType, id: number) => `${adminLinkPrefix(type)}${id}`;

/** The letter's full name: "Surat Keterangan Usaha" (the definition's `name`). */
export function letterName(type: LetterType): string {
  return type.name;
}

export interface Notice {
  title: string;
  body: string;
}

const withNote = (text: string, note: string | null | undefined, label = 'Catatan petugas') =>
  note ? `${text} ${label}: ${note}` : text;

/**
 * "Surat Keterangan Usaha KU-000010": the letter and its request's reference, so a list of
 * notices about different requests never shows the same title three times.
 */
export const letterAndReference = (type: LetterType, id: number) =>
  `${letterName(type)} ${requestReference(type.code, id)}`;

/** To the resident, about a change an administrator made to request `id`. */
export function residentNotice(
  type: LetterType,
  id: number,
  to: LetterStatus,
  given: { changedStatus: boolean; note?: string | null; number?: string | null },
): Notice {
  // An internal note (the clerk's to the signer, the signer's return note) never reaches the
  // resident (issue 18.2, packages/domain letters/notes.ts).
  const opts = noteIsInternal(to) ? { ...given, note: null } : given;
  const name = letterName(type);
  const which = letterAndReference(type, id);
  if (!opts.changedStatus) {
    return {
      title: `${which} diperbarui`,
      body: withNote(`Petugas desa memperbarui data permohonan ${name} Anda.`, opts.note),
    };
  }
  switch (to) {
    case 'processing':
      return {
        title: `${which} sedang diproses`,
        body: withNote(`Permohonan ${name} Anda sedang diproses oleh petugas desa.`, opts.note),
      };
    case 'awaiting_signature':
      // The clerk's note is for the signer, not for the resident.
      return {
        title: `${which} menunggu tanda tangan Kepala Desa`,
        body: `Permohonan ${name} Anda sudah diperiksa petugas dan sedang menunggu tanda tangan Kepala Desa.`,
      };
    case 'needs_revision':
      return {
        title: `${which} perlu dilengkapi`,
        body: withNote(`Permohonan ${name} Anda perlu dilengkapi.`, opts.note),
      };
    case 'completed':
      return {
        title: `${which} sudah terbit`,
        body: withNote(
          `${name} Anda telah terbit dengan nomor ${opts.number ?? '-'}. Unduh PDF-nya dari halaman permohonan.`,
          opts.note,
        ),
      };
    case 'rejected':
      return {
        title: `${which} ditolak`,
        body: withNote(`Permohonan ${name} Anda ditolak.`, opts.note, 'Alasan'),
      };
    case 'submitted':
      return {
        title: `${which} diajukan ulang`,
        body: withNote(
          `Petugas desa telah memperbarui permohonan ${name} Anda dan mengajukannya kembali.`,
          opts.note,
        ),
      };
    case 'cancelled':
      return {
        title: `${which} dibatalkan`,
        body: withNote(`Permohonan ${name} Anda telah dibatalkan.`, opts.note),
      };
  }
}

/** To the resident, when the signer sends their letter back to the clerk (the note stays inside). */
export function returnedToResidentNotice(type: LetterType, id: number): Notice {
  return {
    title: `${letterAndReference(type, id)} diperiksa kembali oleh petugas`,
    body: `${letterName(type)} Anda diperiksa kembali oleh petugas desa sebelum ditandatangani. Anda mendapat notifikasi saat surat terbit.`,
  };
}

/** To the signer (Kepala Desa, or the Sekretaris Desa during a delegation): a letter waits for them. */
export function awaitingSignatureNotice(
  type: LetterType,
  id: number,
  applicantName: string,
  clerkName: string,
  note: string | null,
): Notice {
  return {
    title: `Menunggu tanda tangan Anda: ${letterAndReference(type, id)}`,
    body: withNote(
      `${clerkName} mengajukan ${letterName(type)} atas nama ${applicantName} untuk ditandatangani.`,
      note,
    ),
  };
}

/** To the clerk who sent the letter for signature: approved and issued, or returned. */
export function signedNotice(
  type: LetterType,
  id: number,
  what:
    | { kind: 'approved'; signer: string; number: string }
    | { kind: 'returned'; signer: string; note: string },
): Notice {
  const which = letterAndReference(type, id);
  return what.kind === 'approved'
    ? {
        title: `${which} disetujui dan terbit`,
        body: `${what.signer} menyetujui ${letterName(type)} dengan nomor ${what.number}. Pemohon diberi tahu.`,
      }
    : {
        title: `${which} dikembalikan oleh ${what.signer}`,
        body: withNote(
          `${what.signer} mengembalikan surat untuk diperiksa kembali.`,
          what.note,
          'Catatan',
        ),
      };
}

/** To the resident, when an administrator files a request on their behalf. */
export function filedForYouNotice(type: LetterType): Notice {
  return {
    title: `Permohonan ${letterName(type)} dibuat untuk Anda`,
    body: `Petugas desa mengajukan permohonan ${letterName(type)} atas nama Anda.`,
  };
}

/**
 * To administrators: a new request (its id is not known yet when the notice is written with it),
 * or request `id` resubmitted or cancelled.
 */
export function adminNotice(
  type: LetterType,
  applicantName: string,
  what: { kind: 'new' } | { kind: 'resubmitted' | 'cancelled'; id: number },
  note?: string | null,
): Notice {
  const name = letterName(type);
  switch (what.kind) {
    case 'new':
      return { title: `Permohonan baru: ${name}`, body: `${applicantName} mengajukan ${name}.` };
    case 'resubmitted':
      return {
        title: `${letterAndReference(type, what.id)} diajukan ulang`,
        body: `${applicantName} telah melengkapi dan mengajukan ulang permohonan ${name}.`,
      };
    case 'cancelled':
      return {
        title: `${letterAndReference(type, what.id)} dibatalkan`,
        body: withNote(`${applicantName} membatalkan permohonan ${name}.`, note, 'Catatan'),
      };
  }
}
