import { todayIso } from './dates.ts';
import { MAX_ID } from './ids.ts';
import type { FieldDef, FieldValues, ProfileField } from './field-defs.ts';

// What a field definition implies beyond its shape (field-defs.ts): its limits, how money and
// times are read, a form's starting values and the JSON Schema of a body. Zod-free (issue 20):
// a definition's validation is in schemas/fields.ts.

export * from './field-defs.ts';

export const DEFAULT_MAX_LENGTH = { text: 255, textarea: 5000, richtext: 20000 } as const;
/** Whole numbers must fit a 32-bit INTEGER column on both SQLite and PostgreSQL. */
export const MAX_INTEGER = 2_147_483_647;
/** Money is stored as BIGINT rupiah; below 1 trillion keeps it a safe JavaScript integer. */
export const MAX_MONEY = 999_999_999_999;

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

/**
 * Rupiah as people write them: "1200000", "1.200.000", "Rp 1.200.000", "Rp1.200.000,-" or
 * "1.200.000,00" → "1200000"; anything else (a fraction, "1.20.000", "1,5") is returned as is
 * and refused. Dots only between groups of three digits, so "1.5" is never read as 15.
 */
export function moneyDigits(value: string): string {
  const s = value
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/,(?:-|00)$/, '');
  if (/^\d{1,3}(?:[.\s]\d{3})+$/.test(s)) return s.replace(/[.\s]/g, '');
  return s;
}

/** The digits of a money input shown grouped: "1200000" or "Rp 1.200.000" → "1.200.000". */
export function formatMoneyInput(value: string): string {
  const d = moneyDigits(value);
  return /^\d{1,15}$/.test(d) ? String(Number(d)).replace(/\B(?=(\d{3})+(?!\d))/g, '.') : value;
}

/** "7:30", "07.30", "7.30" or "0730" → "07:30"; anything else is returned as is (and refused). */
export function timeOfDay(value: string): string {
  const m = /^(\d{1,2})[.:]?(\d{2})$/.exec(value.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : value;
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
        ...(f.minLength !== undefined ? { minLength: f.minLength } : {}),
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
      return { ...base, ...type('integer'), minimum: 1, maximum: MAX_ID };
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
