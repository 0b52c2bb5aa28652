import { field, type FieldDef } from '../fields.ts';

export const LETTER_CODES = [
  'irr',
  'k',
  'kbnbs',
  'kbnkk',
  'kdtt',
  'kkel',
  'kkem',
  'kks',
  'kp',
  'ktm',
  'ktts',
  'ku',
  'pk',
  'pp',
  'pskck',
] as const;
export type LetterCode = (typeof LETTER_CODES)[number];

/** One of the 15 letter types (LETTERS.md). Plain data, JSON-safe, served at /api/letter-types. */
export interface LetterType {
  /** Short code used in routes (/service/{code}, /admin/service-{code}). */
  readonly code: LetterCode;
  /** Title in the menus and on the service page, e.g. "Usaha". */
  readonly title: string;
  /** API base path for list/create; detail, update, delete and pdf hang below it. */
  readonly base: string;
  /** Underlined title at the top of the PDF letter. */
  readonly pdfTitle: string;
  /** Default classification code in the letter number; an administrator can change it. */
  readonly classificationCode: string;
  /** One or two sentences telling residents what the letter is for. */
  readonly description: string;
  /** Documents to bring or upload, shown on the service page. */
  readonly requirements: readonly string[];
  /** The request's fields in form order, ending with Keperluan and No. HP. */
  readonly fields: readonly FieldDef[];
  /**
   * The statement paragraph of the letter: `{field}` placeholders (also applicant fields and
   * `{village}`), `{field|modifier}` to format, `[ … ]` printed only when its placeholders are filled.
   */
  readonly statement: string;
}

/** Shown on every service page; a type adds its own after these. */
export const DEFAULT_REQUIREMENTS = [
  'Fotokopi KTP',
  'Fotokopi Kartu Keluarga',
  'Surat Pengantar RT/RW',
] as const;

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
