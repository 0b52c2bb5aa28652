import type { FieldDef } from './fields.ts';

/**
 * Identity numbers in lists (issue 18.8): a list answers many people at once, so it shows each
 * NIK and No. KK by its last four digits only ("************0002"); the detail of one request or
 * one user keeps the whole number, and reading it is audited. Searching by a whole NIK or its
 * first digits still finds the row: only the answer is masked.
 */
export const ID_SHOWN_DIGITS = 4;

/** The fields of a user or an applicant block that hold an identity number. */
export const ID_NUMBER_FIELDS = ['nik', 'kk_number'] as const;

/** `value` with every character but the last four as "*" (same length); empty stays empty. */
export function maskIdNumber<T extends string | null | undefined>(value: T): T {
  if (typeof value !== 'string' || value.length === 0) return value;
  const shown = value.slice(-ID_SHOWN_DIGITS);
  return ('*'.repeat(Math.max(0, value.length - shown.length)) + shown) as T;
}

/** A user or an applicant block with its NIK and No. KK masked. */
export function maskIdNumbers<T extends object>(record: T): T {
  const out = { ...record } as Record<string, unknown>;
  for (const key of ID_NUMBER_FIELDS) {
    if (typeof out[key] === 'string') out[key] = maskIdNumber(out[key]);
  }
  return out as T;
}

/** A letter type's data with its NIK fields (the father's, the deceased's, …) masked. */
export function maskIdFields<T extends Record<string, unknown>>(
  fields: readonly FieldDef[],
  data: T,
): T {
  const out: Record<string, unknown> = { ...data };
  for (const f of fields) {
    if (f.kind === 'nik' && typeof out[f.name] === 'string') {
      out[f.name] = maskIdNumber(out[f.name] as string);
    }
  }
  return out as T;
}
