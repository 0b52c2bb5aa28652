/** What a letter PDF is made from: everything resolved, nothing read while rendering. */
export interface LetterPdfVillage {
  /** e.g. "Sukamaju" (a leading "Desa " is tolerated and not doubled). */
  name: string;
  kecamatan: string;
  /** e.g. "Bogor"; "Kota Bogor" / "Kabupaten Bogor" are understood too. */
  kabupaten: string;
  provinsi: string;
  address: string;
  postal_code: string;
  phone: string;
  email: string;
  head_name: string;
  /** Village heads are elected and often have no NIP: null/empty omits the NIP line. */
  head_nip: string | null;
  /** PNG, JPEG or WebP bytes; null for a letterhead without logo. */
  logo: Uint8Array | null;
}

/** One table row: label and value, printed in this order. */
export type LetterPdfRow = readonly [label: string, value: string];

export interface LetterPdfInput {
  village: LetterPdfVillage;
  /** e.g. "SURAT KETERANGAN USAHA". */
  title: string;
  /** e.g. "500/007/3201012001/XI/2026". */
  number: string;
  /** Applicant block in print order: Nama Lengkap, NIK, Tempat/Tanggal Lahir, … */
  applicant: readonly LetterPdfRow[];
  /** The type's statement, filled in; "\n" separates paragraphs. */
  statement: string;
  /** The type's fields, printed as a table below the statement. */
  details?: readonly LetterPdfRow[];
  /** Keperluan; null/empty omits the purpose sentence (optional for some types). */
  purpose: string | null;
  /** Issue date "YYYY-MM-DD", printed as "22 November 2026". */
  issueDate: string;
  /** Exact issue time for the PDF CreationDate; defaults to issueDate 00:00 WIB. */
  issuedAt?: Date | string;
  /** Public verification URL encoded in the QR code and printed beside it (unused by a draft). */
  verifyUrl: string;
  /**
   * A preview, not a letter (issue 25.3): a diagonal "DRAF — BELUM BERLAKU" across every page
   * and no QR code (a note in its place says it comes with the issued letter).
   */
  draft?: boolean;
  /** PDF Subject metadata; defaults to a description of the letter. */
  subject?: string;
  /** Who signs (issue 15): replaces the settings' head_name/head_nip in the signature block. */
  signer?: LetterPdfSigner;
}

/** The signer of the letter, from their own account (docs/signing.md). */
export interface LetterPdfSigner {
  name: string;
  nip: string | null;
  /** "Kepala Desa" or "Sekretaris Desa". */
  position: string;
  /** The Sekretaris Desa signs "a.n. Kepala Desa …". */
  onBehalf: boolean;
  /** The signature image (PNG), drawn in the room for the signature. */
  image: Uint8Array | null;
  /**
   * When the signer approved it: prints "Ditandatangani secara elektronik oleh … pada …" under
   * the QR code. Null for a block that only names the head of village (a preview, a type
   * without approval).
   */
  signedAt: string | null;
}
