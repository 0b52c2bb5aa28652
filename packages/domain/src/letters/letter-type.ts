import { field, type FieldDef } from '../fields.ts';

// The codes live in letter-codes.ts (no imports), so signing.ts can name them without a cycle.
import type { LetterCode } from './letter-codes.ts';
export { LETTER_CODES, type LetterCode } from './letter-codes.ts';

/** One of the 15 letter types (LETTERS.md). Plain data, JSON-safe, served at /api/letter-types. */
export interface LetterType {
  /** Short code used in routes (/service/{code}, /admin/service-{code}). */
  readonly code: LetterCode;
  /** Title in the menus, e.g. "Usaha". */
  readonly title: string;
  /**
   * The letter's full name, as residents and notifications call it and as each service page is
   * titled: "Surat Keterangan Usaha" (unique among the types, unlike two "Beda Nama" pdfTitles).
   */
  readonly name: string;
  /**
   * Other names people search for it by: abbreviations (SKU, SKTM, SKCK), everyday words
   * ("domisili", "pengantar nikah") and what it is for ("KUR", "beasiswa"). The catalogue's
   * search matches them as well as the title and name.
   */
  readonly aliases: readonly string[];
  /** API base path for list/create; detail, update, delete and pdf hang below it. */
  readonly base: string;
  /** Underlined title at the top of the PDF letter. */
  readonly pdfTitle: string;
  /** Default classification code in the letter number; an administrator can change it. */
  readonly classificationCode: string;
  /**
   * The service time: working days (Monday to Friday) the office aims to finish a request in.
   * The service page tells residents; the desk's queue marks requests waiting longer.
   */
  readonly serviceDays: number;
  /** One or two sentences telling residents what the letter is for. */
  readonly description: string;
  /**
   * Documents the office needs, in the order the service page lists them; each says whether a
   * photo of it is sent with the request (`online`). Keys are unique in the type and never
   * change: attachments name them (docs/letters.md, ADR 0015).
   */
  readonly requirements: readonly Requirement[];
  /** The request's fields in form order, ending with Keperluan and No. HP. */
  readonly fields: readonly FieldDef[];
  /**
   * The statement paragraph of the letter: `{field}` placeholders (also applicant fields and
   * `{village}`), `{field|modifier}` to format, `[ … ]` printed only when its placeholders are filled.
   */
  readonly statement: string;
}

/**
 * How a requirement is handed in:
 * - `required`: a photo must be attached before the request can be sent (the letter restates
 *   the document and the office cannot check it otherwise);
 * - `optional`: attach a photo with the request, or bring the document to the village office;
 * - `office`: only at the office (originals that are kept, printed pas foto).
 */
export type RequirementOnline = 'required' | 'optional' | 'office';

export const REQUIREMENT_ONLINE = ['required', 'optional', 'office'] as const;

/** One document a letter type needs. Plain JSON data, served at /api/letter-types. */
export interface Requirement {
  /** Stable identifier within the type (`[a-z][a-z0-9_]*`); attachments are stored under it. */
  readonly key: string;
  /** What the resident reads, e.g. "Fotokopi KTP". */
  readonly label: string;
  readonly online: RequirementOnline;
}

export const requirement = (
  key: string,
  label: string,
  online: RequirementOnline,
): Requirement => ({
  key,
  label,
  online,
});

/** Shown on every service page; a type adds its own after these. */
export const DEFAULT_REQUIREMENTS: readonly Requirement[] = [
  requirement('ktp', 'Fotokopi KTP', 'optional'),
  requirement('kk', 'Fotokopi Kartu Keluarga', 'optional'),
  requirement('pengantar_rt_rw', 'Surat Pengantar RT/RW', 'optional'),
];

/** The requirements a resident must attach a photo of before sending. */
export const requiredOnline = (type: Pick<LetterType, 'requirements'>): Requirement[] =>
  type.requirements.filter((r) => r.online === 'required');

/** The requirements that may be attached (required or optional online). */
export const uploadable = (type: Pick<LetterType, 'requirements'>): Requirement[] =>
  type.requirements.filter((r) => r.online !== 'office');

/**
 * What to bring to the village office: the office-only requirements, and the optional ones
 * no photo was attached for (`attached`: the requirement keys that have at least one).
 */
export const toBringToOffice = (
  type: Pick<LetterType, 'requirements'>,
  attached: ReadonlySet<string> | readonly string[],
): Requirement[] => {
  const has = new Set(attached);
  return type.requirements.filter(
    (r) => r.online === 'office' || (r.online === 'optional' && !has.has(r.key)),
  );
};

/** Keperluan: what the letter is for; printed on the letter. Required unless a type says otherwise. */
export const purposeField = (options: { required?: boolean; hint?: string } = {}): FieldDef =>
  field.textarea('purpose', 'Keperluan', {
    required: options.required ?? true,
    maxLength: 500,
    hint: options.hint ?? 'Tuliskan untuk apa surat ini digunakan.',
  });

/** No. HP: how the office reaches the resident about this request; starts from the profile. */
export const phoneField: FieldDef = field.phone('phone', 'No. HP', {
  defaultFromProfile: 'phone',
  hint: 'Nomor yang dapat dihubungi petugas bila berkas perlu dilengkapi.',
});
