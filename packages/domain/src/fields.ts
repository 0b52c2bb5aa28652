import { z } from 'zod';
import { isRealIsoDate, isRealTime, todayIso } from './dates.ts';
import { msg } from './messages.ts';
import { digits, email, phone } from './users.ts';

/** What kind of value a field holds; decides the input control, the validation and the column type. */
export type FieldKind =
  | 'text' // one line of text, at most 255 characters unless maxLength says otherwise
  | 'textarea' // several lines of plain text, at most 5000 characters by default
  | 'richtext' // HTML from the rich-text editor, at most 20000 characters; the server sanitises it
  | 'number' // whole number unless `decimal`; numeric strings from forms are accepted
  | 'money' // whole rupiah, integer ≥ 0, digits only ("1500000", never "1.500.000,50")
  | 'date' // calendar date as YYYY-MM-DD, between 1900 and 2100
  | 'time' // time of day as HH:MM, 24-hour
  | 'select' // one of `options`, stored as the option's text
  | 'nik' // Indonesian identity number: exactly 16 digits
  | 'phone' // phone number: 8–15 digits, may start with +; spaces and dashes are dropped
  | 'email' // e-mail address, stored lower-cased
  | 'image' // id of an uploaded file (POST /api/files), a positive integer
  | 'boolean' // yes/no; accepts true/false, "true"/"false", 1/0, "1"/"0"
  | 'reference'; // id of another record of the resource named in `references`, a positive integer

/** A profile field a letter field can take its starting value from. */
export type ProfileField =
  | 'name'
  | 'email'
  | 'phone'
  | 'nik'
  | 'kk_number'
  | 'birth_place'
  | 'birth_date'
  | 'gender'
  | 'religion'
  | 'marital_status'
  | 'occupation'
  | 'education'
  | 'nationality'
  | 'address'
  | 'rt'
  | 'rw'
  | 'hamlet';

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
  /** text/textarea/richtext: most characters allowed, overriding the kind's default. */
  readonly maxLength?: number;
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
  /** Starting value in forms comes from this field of the user's profile (e.g. 'phone'). */
  readonly defaultFromProfile?: ProfileField;
  /** Value used when the field is left empty (e.g. `active: true`, `position: 0`). */
  readonly default?: string | number | boolean;
  /** reference: key of the resource the id points to (e.g. 'village-structures' for itself). */
  readonly references?: string;
  /** No two records may share this value; the server checks it and answers 422. */
  readonly unique?: boolean;
}

export type FieldValue = string | number | boolean | null;
export type FieldValues = Record<string, FieldValue>;
type FieldOptions = Partial<Omit<FieldDef, 'name' | 'label' | 'kind'>>;

const build =
  (kind: FieldKind) =>
  (name: string, label: string, options: FieldOptions = {}): FieldDef => ({
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

export const DEFAULT_MAX_LENGTH = { text: 255, textarea: 5000, richtext: 20000 } as const;
/** Whole numbers must fit a 32-bit INTEGER column on both SQLite and PostgreSQL. */
export const MAX_INTEGER = 2_147_483_647;
/** Money is stored as BIGINT rupiah; below 1 trillion keeps it a safe JavaScript integer. */
export const MAX_MONEY = 999_999_999_999;
const MIN_DATE = '1900-01-01';
const MAX_DATE = '2100-12-31';

/** The most characters a text-like field accepts. */
export function maxLengthOf(f: FieldDef): number | undefined {
  if (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'richtext') {
    return f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind];
  }
  return undefined;
}

/** The largest value a number-like field accepts today. */
export function maxOf(f: FieldDef): number | undefined {
  if (f.kind === 'number') {
    const thisYear = f.maxThisYear ? Number(todayIso().slice(0, 4)) : undefined;
    return Math.min(f.max ?? MAX_INTEGER, thisYear ?? MAX_INTEGER);
  }
  if (f.kind === 'money') return f.max ?? MAX_MONEY;
  return undefined;
}

type Parsed = { ok: true; value: FieldValue } | { ok: false; message: string };
const ok = (value: FieldValue): Parsed => ({ ok: true, value });
const fail = (message: string): Parsed => ({ ok: false, message });

/** Runs one of the users.ts builders on a filled-in value; `message` covers a value it empties. */
function fromBuilder(schema: z.ZodType, value: unknown, message: string): Parsed {
  if (typeof value !== 'string') return fail(message);
  const r = schema.safeParse(value);
  if (!r.success) return fail(r.error.issues[0]?.message ?? message);
  return typeof r.data === 'string' && r.data !== '' ? ok(r.data) : fail(message);
}

function parseNumber(f: FieldDef, v: unknown): Parsed {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(v)) n = Number(v.replace(',', '.'));
  else return fail(msg.number(f.label));
  if (!Number.isFinite(n)) return fail(msg.number(f.label));
  if (!f.decimal && !Number.isInteger(n)) return fail(msg.integer(f.label));
  if (f.min !== undefined && n < f.min) return fail(msg.min(f.label, f.min));
  if (n < -MAX_INTEGER) return fail(msg.min(f.label, -MAX_INTEGER));
  const max = maxOf(f) ?? MAX_INTEGER;
  if (n > max) return fail(msg.max(f.label, max));
  return ok(n);
}

function parseMoney(f: FieldDef, v: unknown): Parsed {
  let n: number;
  if (typeof v === 'number' && Number.isSafeInteger(v)) n = v;
  else if (typeof v === 'string' && /^\d{1,15}$/.test(v)) n = Number(v);
  else if (typeof v === 'number' && v < 0) return fail(msg.min(f.label, 0));
  else return fail(msg.money(f.label));
  const min = Math.max(f.min ?? 0, 0);
  if (n < min) return fail(msg.min(f.label, min));
  const max = maxOf(f) ?? MAX_MONEY;
  if (n > max) return fail(msg.max(f.label, max));
  return ok(n);
}

function parseId(v: unknown, message: string): Parsed {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return ok(v);
  if (typeof v === 'string' && /^[1-9]\d{0,14}$/.test(v)) return ok(Number(v));
  return fail(message);
}

function parseText(f: FieldDef, v: unknown): Parsed {
  if (typeof v !== 'string') return fail(msg.text(f.label));
  const max = maxLengthOf(f) ?? DEFAULT_MAX_LENGTH.text;
  if (v.length > max) return fail(msg.maxLength(f.label, max));
  if (f.pattern !== undefined && !new RegExp(`^(?:${f.pattern})$`, 'u').test(v)) {
    return fail(f.patternMessage ?? msg.pattern(f.label));
  }
  return ok(v);
}

function parseDate(f: FieldDef, v: unknown): Parsed {
  if (typeof v !== 'string' || !isRealIsoDate(v)) return fail(msg.date(f.label));
  if (v < MIN_DATE || v > MAX_DATE) return fail(msg.dateRange(f.label));
  if (f.notFuture && v > todayIso()) return fail(msg.dateNotFuture(f.label));
  if (f.notPast && v < todayIso()) return fail(msg.dateNotPast(f.label));
  return ok(v);
}

function parseBoolean(f: FieldDef, v: unknown): Parsed {
  if (v === true || v === 'true' || v === 1 || v === '1') return ok(true);
  if (v === false || v === 'false' || v === 0 || v === '0') return ok(false);
  return fail(msg.boolean(f.label));
}

/** Checks one filled-in value (never null) against its field; returns the stored value. */
function parseValue(f: FieldDef, v: unknown): Parsed {
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext':
      return parseText(f, typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v);
    case 'number':
      return parseNumber(f, v);
    case 'money':
      return parseMoney(f, v);
    case 'date':
      return parseDate(f, v);
    case 'time':
      return typeof v === 'string' && isRealTime(v) ? ok(v) : fail(msg.time(f.label));
    case 'select':
      return typeof v === 'string' && (f.options ?? []).includes(v)
        ? ok(v)
        : fail(msg.chooseOne(f.label));
    case 'nik':
      return fromBuilder(digits(f.label, 16), v, msg.exactDigits(f.label, 16));
    case 'phone':
      return fromBuilder(phone(f.label), v, msg.digitsOnly(f.label));
    case 'email':
      return fromBuilder(email(f.label), v, msg.email(f.label));
    case 'image':
      return parseId(v, msg.image(f.label));
    case 'reference':
      return parseId(v, msg.chooseOne(f.label));
    case 'boolean':
      return parseBoolean(f, v);
  }
}

/** Trimmed strings; empty string, null and undefined all mean "not filled in". */
function normalize(v: unknown): unknown {
  const s = typeof v === 'string' ? v.trim() : v;
  return s === '' || s === undefined ? null : s;
}

/** The zod schema of a single field: null when optional and empty, the parsed value otherwise. */
export function fieldSchema(f: FieldDef): z.ZodType<FieldValue> {
  return z.preprocess(
    normalize,
    z.unknown().transform((v, ctx): FieldValue => {
      const value = v ?? f.default ?? null;
      if (value === null) {
        if (!f.required) return null;
        ctx.addIssue({ code: 'custom', message: msg.required(f.label) });
        return z.NEVER;
      }
      const parsed = parseValue(f, value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  );
}

export type FieldsSchema = z.ZodObject<Record<string, z.ZodType<FieldValue>>>;

/**
 * The zod object schema for a list of fields. Unknown keys are dropped; optional empty values
 * become null; `notBefore` rules are checked once both fields are otherwise valid.
 */
export function schemaFromFields(fields: readonly FieldDef[]): FieldsSchema {
  const shape: Record<string, z.ZodType<FieldValue>> = {};
  for (const f of fields) shape[f.name] = fieldSchema(f);
  const ordered = fields.filter((f) => f.notBefore !== undefined);
  const schema = z.object(shape);
  if (ordered.length === 0) return schema;
  const byName = new Map(fields.map((f) => [f.name, f]));
  return schema.superRefine(
    (data, ctx) => {
      for (const later of ordered) {
        const earlier = byName.get(later.notBefore ?? '');
        const a = data[later.name];
        const b = earlier ? data[earlier.name] : null;
        if (!earlier || a == null || b == null || a >= b) continue;
        ctx.addIssue({
          code: 'custom',
          path: [later.name],
          message:
            later.kind === 'number'
              ? msg.notLessThan(later.label, earlier.label)
              : msg.dateNotBefore(later.label, earlier.label),
        });
      }
    },
    {
      // Not when the body is no object at all (null, an array): that issue is reported already,
      // and there are no fields to compare.
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !Array.isArray(payload.value) &&
        !payload.issues.some((i) =>
          ordered.some((f) => i.path?.[0] === f.name || i.path?.[0] === f.notBefore),
        ),
    },
  );
}

/** A ZodError as the API's `errors` object: `{ field: [messages] }`; issues of the whole form go under `_form`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Starting values a form takes from the user's profile (e.g. No. HP), only where the profile has one. */
export function profileDefaults(
  fields: readonly FieldDef[],
  profile: Partial<Record<ProfileField, unknown>>,
): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    if (!f.defaultFromProfile) continue;
    const v = profile[f.defaultFromProfile];
    if (typeof v === 'string' && v.trim() !== '') out[f.name] = v;
  }
  return out;
}

type JsonSchema = Record<string, unknown>;

function jsonSchemaOfField(f: FieldDef): JsonSchema {
  const base: JsonSchema = { title: f.label, ...(f.hint ? { description: f.hint } : {}) };
  const type = (t: string): JsonSchema => ({ type: f.required ? t : [t, 'null'] });
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext':
      return {
        ...base,
        ...type('string'),
        maxLength: maxLengthOf(f),
        ...(f.pattern ? { pattern: `^(?:${f.pattern})$` } : {}),
      };
    case 'number':
      return {
        ...base,
        ...type(f.decimal ? 'number' : 'integer'),
        minimum: f.min,
        maximum: maxOf(f),
      };
    case 'money':
      return { ...base, ...type('integer'), minimum: Math.max(f.min ?? 0, 0), maximum: maxOf(f) };
    case 'date':
      return { ...base, ...type('string'), format: 'date' };
    case 'time':
      return { ...base, ...type('string'), pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' };
    case 'select':
      return {
        ...base,
        ...type('string'),
        enum: [...(f.options ?? []), ...(f.required ? [] : [null])],
      };
    case 'nik':
      return { ...base, ...type('string'), pattern: '^\\d{16}$' };
    case 'phone':
      return { ...base, ...type('string'), pattern: '^\\+?[\\d\\s-]{8,20}$' };
    case 'email':
      return { ...base, ...type('string'), format: 'email' };
    case 'image':
    case 'reference':
      return { ...base, ...type('integer'), minimum: 1 };
    case 'boolean':
      return { ...base, ...type('boolean') };
  }
}

/**
 * A JSON Schema (2020-12 / OpenAPI 3.1) of the body the fields accept, for the API documentation.
 * Validation itself is `schemaFromFields`, which is more forgiving (trims, accepts numeric strings).
 */
export function jsonSchemaFromFields(fields: readonly FieldDef[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, jsonSchemaOfField(f)])),
    required: fields.filter((f) => f.required && f.default === undefined).map((f) => f.name),
  };
}
