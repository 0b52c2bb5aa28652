import {
  ADMIN_ROLE,
  LETTER_TRANSITIONS,
  availableTransitions,
  canDeleteLetter,
  canEditLetter,
  type LetterStatus,
  type LetterTransition,
} from '@balai/domain';

/**
 * The administrator's status actions on a request in this status, from the domain. With the
 * request's `actions` from the API (`offered`), exactly those: the server knows whether the type
 * needs the Kepala Desa's approval (Ajukan Tanda Tangan instead of Terbitkan Surat, issue 15).
 * The signer's own actions (Kembalikan) are taken on /admin/signing/{id}, not at the desk.
 */
export function deskTransitions(
  status: LetterStatus,
  offered?: readonly { status: LetterStatus }[],
): LetterTransition[] {
  if (!offered) return availableTransitions(status, ADMIN_ROLE);
  return LETTER_TRANSITIONS.filter(
    (t) =>
      t.from === status &&
      t.via === 'action' &&
      !t.signer &&
      t.actors.includes(ADMIN_ROLE) &&
      offered.some((o) => o.status === t.to),
  );
}

/**
 * Every button the desk shows for a request in this status, in order: the status actions the
 * domain allows the administrator, then Unduh PDF (an issued letter) and Hapus (where allowed).
 */
export function deskButtonLabels(
  status: LetterStatus,
  hasPdf: boolean,
  offered?: readonly { status: LetterStatus }[],
): string[] {
  return [
    ...deskTransitions(status, offered).map((t) => t.actionLabel),
    ...(canEditLetter(status, ADMIN_ROLE) ? ['Ubah isian'] : []),
    ...(status === 'completed' && hasPdf ? ['Unduh PDF'] : []),
    ...(canDeleteLetter(status) ? ['Hapus'] : []),
  ];
}

/** Quick picks for the note: what a clerk most often writes. */
export const NOTE_PICKS: Partial<Record<LetterStatus, readonly string[]>> = {
  needs_revision: [
    'Foto KTP tidak terbaca; kirim ulang foto yang jelas.',
    'Surat Pengantar RT/RW belum dilampirkan.',
    'Data pemohon berbeda dengan Kartu Keluarga; mohon diperiksa.',
    'Keperluan surat belum jelas; tuliskan untuk apa surat digunakan.',
  ],
  rejected: [
    'Pemohon bukan warga desa ini.',
    'Permohonan ganda: surat yang sama sudah diajukan.',
    'Keterangan yang diminta tidak dapat dibenarkan oleh desa.',
  ],
};

/** What the banner says after a change. */
export function changedMessage(to: LetterStatus, number: string | null): string {
  switch (to) {
    case 'processing':
      return 'Permohonan sedang diproses.';
    case 'needs_revision':
      return 'Pemohon diminta melengkapi permohonan. Catatan Anda dikirim kepadanya.';
    case 'rejected':
      return 'Permohonan ditolak. Alasannya dikirim kepada pemohon.';
    case 'completed':
      return `Surat diterbitkan${number ? ` dengan nomor ${number}` : ''}. Pemohon diberi tahu.`;
    case 'awaiting_signature':
      return 'Surat diajukan untuk ditandatangani Kepala Desa. Kepala Desa dan pemohon diberi tahu.';
    default:
      return 'Status permohonan diubah.';
  }
}

/**
 * The review page's key for the administrator's status actions, by the button's label (shown on
 * the button as `aria-keyshortcuts` and in the help): Proses, Minta dilengkapi, Tolak, terbitkan
 * Surat. A key does what the button does: the note or the draft preview first where the button
 * asks for it. An action without a key here has its button only.
 */
export const ACTION_KEYS: Readonly<Record<string, string>> = {
  Proses: 'p',
  'Minta Dilengkapi': 'm',
  Tolak: 't',
  'Terbitkan Surat': 's',
  'Ajukan Tanda Tangan': 'a',
};

/** The review page's other keys: Ubah isian, Unduh PDF, Hapus (which asks first). */
export const EDIT_KEY = 'e';
export const DOWNLOAD_KEY = 'd';
export const DELETE_KEY = 'h';
