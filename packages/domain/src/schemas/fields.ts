import { z } from 'zod';
import { isRealIsoDate, isRealTime, todayIso } from '../dates.ts';
import type { FieldDef, FieldKind, FieldValue } from '../field-defs.ts';
import {
  DEFAULT_MAX_LENGTH,
  MAX_INTEGER,
  MAX_MONEY,
  maxLengthOf,
  maxOf,
  moneyDigits,
  timeOfDay,
} from '../fields.ts';
import { MAX_ID } from '../ids.ts';
import { msg } from '../messages.ts';
import { cleanPlainText } from '../plain-text.ts';
import { digits, email, phone } from './builders.ts';

// A field definition's validation (field-defs.ts, fields.ts): the zod schema of one field and of
// a list of fields, which the letter and content registries, the register and the letter
// bodies of the contract are built from.

const MIN_DATE = '1900-01-01';
const MAX_DATE = '2100-12-31';

type Parsed = { ok: true; value: FieldValue } | { ok: false; message: string };
const ok = (value: FieldValue): Parsed => ({ ok: true, value });
const fail = (message: string): Parsed => ({ ok: false, message });

/** Runs one of the builders (builders.ts) on a filled-in value; `message` covers a value it empties. */
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
  else if (typeof v === 'string' && /^\d{1,15}$/.test(moneyDigits(v))) n = Number(moneyDigits(v));
  else if (typeof v === 'number' && v < 0) return fail(msg.min(f.label, 0));
  else return fail(msg.money(f.label));
  const min = Math.max(f.min ?? 0, 0);
  if (n < min) return fail(msg.min(f.label, min));
  const max = maxOf(f) ?? MAX_MONEY;
  if (n > max) return fail(msg.max(f.label, max));
  return ok(n);
}

/** A record's id: 1 to MAX_ID (ids.ts), as a number or its digits. */
function parseId(v: unknown, message: string): Parsed {
  const n = typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ID) return ok(n);
  return fail(message);
}

function parseText(f: FieldDef, v: unknown): Parsed {
  if (typeof v !== 'string') return fail(msg.text(f.label));
  const max = maxLengthOf(f) ?? DEFAULT_MAX_LENGTH.text;
  if (v.length > max) return fail(msg.maxLength(f.label, max));
  if (f.minLength !== undefined && v.length < f.minLength) {
    return fail(msg.minLength(f.label, f.minLength));
  }
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
      return parseText(f, v);
    case 'number':
      return parseNumber(f, v);
    case 'money':
      return parseMoney(f, v);
    case 'date':
      return parseDate(f, v);
    case 'time': {
      const t = typeof v === 'string' ? timeOfDay(v) : '';
      return isRealTime(t) ? ok(t) : fail(msg.time(f.label));
    }
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

const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'richtext']);

/**
 * Trimmed strings; empty string, null and undefined all mean "not filled in". Text fields lose
 * control characters and bidi overrides first (plain-text.ts), one-line ones their line breaks.
 */
function normalize(f: FieldDef, v: unknown): unknown {
  let s = v;
  if (typeof v === 'string')
    s = TEXT_KINDS.has(f.kind) ? cleanPlainText(v, f.kind !== 'text') : v.trim();
  return s === '' || s === undefined ? null : s;
}

/** The zod schema of a single field: null when optional and empty, the parsed value otherwise. */
export function fieldSchema(f: FieldDef): z.ZodType<FieldValue> {
  return z.preprocess(
    (v) => normalize(f, v),
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

/** True when a date, time or number compares as such (a failed field holds something else). */
const comparable = (v: unknown): v is string | number =>
  (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';

/**
 * The zod object schema for a list of fields. Unknown keys are dropped; optional empty values
 * become null. The `notBefore` rules are checked alongside the fields' own checks, so every
 * problem of a form shows at once: a pair is skipped only when one of its two fields is itself
 * wrong or empty. A time with `notBeforeOnSameDay` is compared only when its end date is empty
 * or the same as its start date (an event ending at 01.00 the next day is fine).
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
      const wrong = new Set(ctx.issues.map((i) => String(i.path?.[0] ?? '')));
      for (const later of ordered) {
        const earlier = byName.get(later.notBefore ?? '');
        if (!earlier || wrong.has(later.name) || wrong.has(earlier.name)) continue;
        const a: unknown = data[later.name];
        const b: unknown = earlier ? data[earlier.name] : null;
        if (!comparable(a) || !comparable(b) || a >= b) continue;
        const days = later.notBeforeOnSameDay;
        if (days) {
          const [from, until] = days;
          if (wrong.has(from) || wrong.has(until)) continue;
          const start: unknown = data[from];
          const end: unknown = data[until];
          if (typeof start !== 'string' || (end != null && end !== start)) continue;
        }
        ctx.addIssue({
          code: 'custom',
          path: [later.name],
          message:
            later.kind === 'number'
              ? msg.notLessThan(later.label, earlier.label)
              : later.kind === 'time'
                ? msg.timeNotBefore(later.label, earlier.label)
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
        !Array.isArray(payload.value),
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
