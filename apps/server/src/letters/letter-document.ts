/**
 * What goes on an issued letter, taken from the frozen request and the village's settings:
 * the input of the PDF renderer (letters/pdf), and the download's file name.
 */
import {
  formatDateId,
  formatFieldValue,
  renderStatement,
  statementPlaceholders,
  type ApplicantSnapshot,
  type LetterType,
} from '@balai/domain';
import type { Settings } from '../repositories/settings.ts';
import type { LetterPdfInput, LetterPdfRow, LetterPdfSigner } from './pdf/index.ts';

/** "Desa Sukamaju" and "Sukamaju" both print as "Sukamaju" inside sentences. */
export function villageName(settings: Pick<Settings, 'village_name'>): string {
  const s = settings.village_name.replace(/\s+/g, ' ').trim();
  return s.replace(/^desa\s+/i, '').trim() || s;
}

/** The numbered applicant table, in the order of the applicant block. */
export function applicantRows(a: ApplicantSnapshot): LetterPdfRow[] {
  const birth = [a.birth_place, a.birth_date ? formatDateId(a.birth_date) : null]
    .filter(Boolean)
    .join(', ');
  const address = [
    a.address,
    a.rt || a.rw
      ? [a.rt ? `RT ${a.rt}` : null, a.rw ? `RW ${a.rw}` : null].filter(Boolean).join('/')
      : null,
    a.hamlet,
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string | null][] = [
    ['Nama Lengkap', a.name],
    ['NIK', a.nik],
    ['No. KK', a.kk_number],
    ['Tempat/Tanggal Lahir', birth],
    ['Jenis Kelamin', a.gender],
    ['Agama', a.religion],
    ['Status Perkawinan', a.marital_status],
    ['Pekerjaan', a.occupation],
    ['Pendidikan', a.education],
    ['Kewarganegaraan', a.nationality],
    ['Alamat', address],
  ];
  // No. KK is optional in the applicant block; the others are required and always present.
  return rows
    .filter(([label, value]) => label !== 'No. KK' || value)
    .map(([l, v]) => [l, v ?? '-']);
}

/** Fields that have their own place on the letter (purpose) or do not belong on it (phone). */
const NOT_IN_DETAILS = new Set(['purpose', 'phone']);

/**
 * The type's filled-in fields that the statement does not already say, as label/value rows in
 * form order (with their units: "3.250 gram"). Each datum is printed once: a field the
 * statement quotes (the event's date, the baby's weight, a chronology) is not repeated in a
 * table. Every type's statement quotes all its fields today; the table is for a field a
 * definition adds without a place in its sentence.
 */
export function detailRows(type: LetterType, data: Record<string, unknown>): LetterPdfRow[] {
  const quoted = new Set(statementPlaceholders(type.statement));
  const rows: LetterPdfRow[] = [];
  for (const f of type.fields) {
    if (NOT_IN_DETAILS.has(f.name)) continue;
    if (quoted.has(f.name)) continue;
    const value = formatFieldValue(f, data[f.name]);
    if (value !== null) rows.push([f.label, value]);
  }
  return rows;
}

export interface LetterDocument {
  type: LetterType;
  applicant: ApplicantSnapshot;
  data: Record<string, unknown>;
  number: string;
  /** Issue date in village time, YYYY-MM-DD. */
  issuedOn: string;
  issuedAt: string;
  verifyUrl: string;
  /** The signer's own record (issue 15); absent: the settings' head_name and head_nip. */
  signer?: LetterPdfSigner | undefined;
}

export function letterPdfInput(
  doc: LetterDocument,
  settings: Settings,
  logo: Uint8Array | null,
): LetterPdfInput {
  const village = villageName(settings);
  const purpose = doc.data.purpose;
  return {
    village: {
      name: village,
      kecamatan: settings.kecamatan,
      kabupaten: settings.kabupaten,
      provinsi: settings.provinsi,
      address: settings.address ?? '',
      postal_code: settings.postal_code ?? '',
      phone: settings.phone ?? '',
      email: settings.email ?? '',
      head_name: settings.head_name ?? '',
      head_nip: settings.head_nip,
      logo,
    },
    title: doc.type.pdfTitle,
    number: doc.number,
    applicant: applicantRows(doc.applicant),
    statement: renderStatement(doc.type, { ...doc.applicant, ...doc.data }, { village }),
    details: detailRows(doc.type, doc.data),
    purpose: typeof purpose === 'string' ? purpose : null,
    issueDate: doc.issuedOn,
    issuedAt: doc.issuedAt,
    verifyUrl: doc.verifyUrl,
    ...(doc.signer ? { signer: doc.signer } : {}),
  };
}

/** "surat-keterangan-usaha-500-007-3201012001-xi-2026.pdf": ASCII only, safe in any header. */
export function pdfFileName(type: LetterType, number: string | null): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const name = [slug(type.pdfTitle), number ? slug(number) : ''].filter(Boolean).join('-');
  return `${name.slice(0, 150) || 'surat'}.pdf`;
}
