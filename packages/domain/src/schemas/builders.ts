import { z } from 'zod';
import { isRealIsoDate, todayIso } from '../dates.ts';
import type { FieldDef } from '../field-defs.ts';
import { msg } from '../messages.ts';
import { cleanPlainText } from '../plain-text.ts';
import { BIODATA_FIELDS, type BiodataField } from '../user-fields.ts';

// The zod builders every request schema is made of (ADR 0021): one per kind of value, with the
// Indonesian messages of messages.ts. The model (user-fields.ts, settings-fields.ts, …) says what
// a field is; these say how a body's value is checked. Only schemas/ and the contract use them.

/** Empty strings from forms mean "not filled in". */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Trimmed first; empty (or absent) means "not filled in". */
export const trimmedOrNull = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : v;
  return s === '' || s === undefined ? null : s;
};
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** One line of plain text: trimmed, without control characters or bidi overrides (plain-text.ts). */
const oneLine = (v: unknown) => (typeof v === 'string' ? cleanPlainText(v, false) : v);

export const text = (label: string, max: number) =>
  z.preprocess(
    oneLine,
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(max, msg.maxLength(label, max)),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => blankToNull(oneLine(v)),
    z
      .string({ error: msg.maxLength(label, max) })
      .max(max, msg.maxLength(label, max))
      .nullable()
      .optional(),
  );

export const email = (label = 'E-mail') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(254, msg.maxLength(label, 254))
      .pipe(z.email({ error: msg.email(label) })),
  );

export const digits = (label: string, n: number) =>
  z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: msg.exactDigits(label, n) })
      .regex(new RegExp(`^\\d{${n}}$`), msg.exactDigits(label, n))
      .nullable()
      .optional(),
  );

export const phone = (label = 'No. HP') =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
    z
      .string({ error: msg.digitsOnly(label) })
      .regex(/^\+?\d{8,15}$/, `${label} hanya boleh berisi angka (8–15 digit), boleh diawali +.`)
      .nullable()
      .optional(),
  );

export const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.preprocess(
    blankToNull,
    z
      .enum(options, { error: msg.chooseOne(label) })
      .nullable()
      .optional(),
  );

export const pastDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: msg.date(label) })
      .refine(isRealIsoDate, msg.date(label))
      .refine((v) => v <= todayIso(), msg.dateNotFuture(label))
      .refine((v) => v >= '1900-01-01', `${label} tidak boleh sebelum tahun 1900.`)
      .nullable()
      .optional(),
  );

/** An empty box says it is required, not that it is too short. */
export const password = (label = 'Kata sandi', min = 8, max = 128) =>
  z
    .string({ error: msg.required(label) })
    .min(1, { message: msg.required(label), abort: true })
    .min(min, msg.minLength(label, min))
    .max(max, msg.maxLength(label, max));

/** A text the definition gives a pattern (No. KK, RT, RW): its own message when it does not fit. */
const patterned = (f: FieldDef) => {
  const message = f.patternMessage ?? msg.pattern(f.label);
  return z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: message })
      .regex(new RegExp(`^(?:${f.pattern})$`, 'u'), message)
      .nullable()
      .optional(),
  );
};

/** A field that may be left empty, its schema by kind. */
type OptionalFieldSchema =
  | ReturnType<typeof digits>
  | ReturnType<typeof phone>
  | ReturnType<typeof pastDate>
  | ReturnType<typeof choice>
  | ReturnType<typeof patterned>
  | ReturnType<typeof optionalText>;

/** The builder a definition's kind calls for (empty allowed; `userFieldSchema` adds required). */
function optionalFieldSchema(f: FieldDef): OptionalFieldSchema {
  switch (f.kind) {
    case 'nik':
      return digits(f.label, 16);
    case 'phone':
      return phone(f.label);
    case 'date':
      if (!f.notFuture) break;
      return pastDate(f.label);
    case 'select':
      return choice(f.label, f.options as unknown as readonly [string, ...string[]]);
    case 'text':
      return f.pattern !== undefined ? patterned(f) : optionalText(f.label, f.maxLength ?? 255);
  }
  throw new Error(`No user-field schema for ${f.name} (${f.kind}).`);
}

/**
 * The zod schema of a person's field, built from its definition (user-fields.ts): the profile's
 * biodata, and the applicant block of a letter (letters/applicant.ts), where more fields are
 * required. A required text must be filled in; any other required field must not be empty.
 */
export function userFieldSchema(f: FieldDef) {
  if (f.required && f.kind === 'text' && f.pattern === undefined) {
    return text(f.label, f.maxLength ?? 255);
  }
  const schema = optionalFieldSchema(f);
  return f.required
    ? schema.refine((v) => v !== null && v !== undefined, { message: msg.required(f.label) })
    : schema;
}

/**
 * The biodata a resident keeps in their profile; it becomes the applicant block of a letter.
 * The fields of `USER_FIELDS` after name and e-mail, each as its definition says.
 */
export const biodataShape = Object.fromEntries(
  BIODATA_FIELDS.map((f) => [f.name, optionalFieldSchema(f)]),
) as { [K in BiodataField]: OptionalFieldSchema };
