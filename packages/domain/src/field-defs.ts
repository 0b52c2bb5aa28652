// The shape of a field definition and its builders: plain data, no zod, so any code (the web's
// first load included) may import the definitions built from it. Validation is in fields.ts.

import type { UserField } from './user-fields.ts';

/** What kind of value a field holds; decides the input control, the validation and the column type. */
export type FieldKind =
  | 'text' // one line of text, at most 255 characters unless maxLength says otherwise
  | 'textarea' // several lines of plain text, at most 5000 characters by default
  | 'richtext' // HTML from the rich-text editor, at most 20000 characters; the server sanitises it
  | 'number' // whole number unless `decimal`; numeric strings from forms are accepted
  | 'money' // whole rupiah, integer ≥ 0; "1500000", "1.500.000" and "Rp 1.500.000" are read, never "1.500.000,50"
  | 'date' // calendar date as YYYY-MM-DD, between 1900 and 2100
  | 'time' // time of day stored as HH:MM, 24-hour; "7.30", "07.30" and "0730" are read as 07:30
  | 'select' // one of `options`, stored as the option's text
  | 'nik' // Indonesian identity number: exactly 16 digits
  | 'phone' // phone number: 8–15 digits, may start with +; spaces and dashes are dropped
  | 'email' // e-mail address, stored lower-cased
  | 'image' // id of an uploaded file (POST /api/files), a positive integer
  | 'boolean' // yes/no; accepts true/false, "true"/"false", 1/0, "1"/"0"
  | 'reference'; // id of another record of the resource named in `references`, a positive integer

/** A profile field a letter field can take its starting value from (user-fields.ts). */
export type ProfileField = UserField;

/** One field of a content resource, a letter type or the applicant block. Plain data, JSON-safe. */
export interface FieldDef {
  /** snake_case key in the JSON body and the database column name. */
  readonly name: string;
  /** Indonesian label the user sees; every error message about the field names it. */
  readonly label: string;
  /** Value kind; see FieldKind. */
  readonly kind: FieldKind;
  /** Must be filled in. Optional fields show "(opsional)" and are stored as null when left empty. */
  readonly required: boolean;
  /** number/money: smallest allowed value. */
  readonly min?: number;
  /** number/money: largest allowed value. */
  readonly max?: number;
  /** number: the largest allowed value is the current year in village time (e.g. year of manufacture). */
  readonly maxThisYear?: boolean;
  /** number: fractions allowed ("49,5" or 49.5); otherwise whole numbers only. */
  readonly decimal?: boolean;
  /**
   * number/money: the unit of the quantity, shown by forms beside the input and printed with the
   * value: after a number ("3.250 gram", "49,5 cm", "300 orang"), before money ("Rp").
   */
  readonly unit?: FieldUnit;
  /** text/textarea/richtext: most characters allowed, overriding the kind's default. */
  readonly maxLength?: number;
  /** text: fewest characters allowed when filled in (e.g. a password's 8). */
  readonly minLength?: number;
  /** text: a secret typed but never shown or filled in from a record (a password input). */
  readonly secret?: boolean;
  /** text: regular expression (source, no slashes) the whole value must match. */
  readonly pattern?: string;
  /** text: the error shown when `pattern` does not match; defaults to a generic format message. */
  readonly patternMessage?: string;
  /** select: the allowed values, in display order; the value stored is the option itself. */
  readonly options?: readonly string[];
  /** Short help under the input, e.g. an example of a good answer. */
  readonly hint?: string;
  /** date: may not be after today (village time). */
  readonly notFuture?: boolean;
  /** date: may not be before today (village time). */
  readonly notPast?: boolean;
  /** date/time/number: may not be earlier or smaller than the named field of the same form. */
  readonly notBefore?: string;
  /**
   * time with `notBefore`: the rule holds only on one day, when the second named date field (the
   * end date) is empty or the same as the first (the start date); e.g. ['event_date', 'event_end_date'].
   */
  readonly notBeforeOnSameDay?: readonly [string, string];
  /** Starting value in forms comes from this field of the user's profile (e.g. 'phone'). */
  readonly defaultFromProfile?: ProfileField;
  /** Value used when the field is left empty (e.g. `active: true`, `position: 0`). */
  readonly default?: string | number | boolean;
  /** reference: key of the resource the id points to (e.g. 'village-structures' for itself). */
  readonly references?: string;
  /** reference: the field of the referenced resource that names a record in a select (e.g. 'name'). */
  readonly titleField?: string;
  /** No two records may share this value; the server checks it and answers 422. */
  readonly unique?: boolean;
}

/** Units a number or money field may carry; the form shows them, the letter prints them. */
export type FieldUnit = 'gram' | 'cm' | 'orang' | 'Rp';

export type FieldValue = string | number | boolean | null;
export type FieldValues = Record<string, FieldValue>;
type FieldOptions = Partial<Omit<FieldDef, 'name' | 'label' | 'kind'>>;

const build =
  (kind: FieldKind) =>
  <N extends string>(
    name: N,
    label: string,
    options: FieldOptions = {},
  ): FieldDef & { name: N } => ({
    name,
    label,
    kind,
    required: false,
    ...options,
  });

/** Short builders for definitions: `field.date('died_at', 'Tanggal Meninggal', { required: true })`. */
export const field = {
  text: build('text'),
  textarea: build('textarea'),
  richtext: build('richtext'),
  number: build('number'),
  money: build('money'),
  date: build('date'),
  time: build('time'),
  select: build('select'),
  nik: build('nik'),
  phone: build('phone'),
  email: build('email'),
  image: build('image'),
  boolean: build('boolean'),
  reference: build('reference'),
} as const;
