import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { USER_FIELDS, type UserField } from '../user-fields.ts';
import { userFieldSchema } from '../schemas/builders.ts';

/** The user fields a letter does not print (user-fields.ts). */
const NOT_ON_LETTERS = ['email', 'phone'] as const satisfies readonly UserField[];
/** The applicant fields a letter can be issued without; every other one is required. */
const OPTIONAL_ON_LETTERS: readonly UserField[] = ['kk_number', 'rt', 'rw', 'hamlet'];

export type ApplicantField = Exclude<UserField, (typeof NOT_ON_LETTERS)[number]>;

/**
 * The applicant block of every letter (LETTERS.md), in the order the letter's table prints it:
 * the user fields (user-fields.ts) but the contact ones, the same labels and rules, with the
 * fields a letter needs made required.
 */
export const APPLICANT_FIELDS: readonly FieldDef[] = USER_FIELDS.filter(
  (f) => !(NOT_ON_LETTERS as readonly string[]).includes(f.name),
).map(({ unique: _unique, ...f }) => ({
  ...f,
  required: !(OPTIONAL_ON_LETTERS as readonly string[]).includes(f.name),
}));

/** The applicant block frozen into a request when it is submitted. */
export type ApplicantSnapshot = Record<ApplicantField, string | null>;

export const APPLICANT_LABELS = Object.fromEntries(
  APPLICANT_FIELDS.map((f) => [f.name, f.label]),
) as Record<ApplicantField, string>;

/**
 * An applicant typed by an administrator filing on a resident's behalf: the applicant fields,
 * each with the profile's schema (users.ts `userFieldSchema`) and required as the letter needs,
 * so data a valid profile holds is always a valid applicant.
 */
export const applicantSchema = z.object(
  Object.fromEntries(APPLICANT_FIELDS.map((f) => [f.name, userFieldSchema(f)])) as {
    [K in ApplicantField]: ReturnType<typeof userFieldSchema>;
  },
);

const blank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Labels of the required applicant fields the profile lacks, in form order (empty when complete). */
export function missingApplicantFields(
  profile: Partial<Record<ApplicantField, unknown>>,
): string[] {
  return APPLICANT_FIELDS.filter((f) => f.required && blank(profile[f.name as ApplicantField])).map(
    (f) => f.label,
  );
}

/** The applicant block taken from a user's profile, to be frozen into the request. */
export function applicantFromProfile(
  profile: Partial<Record<ApplicantField, unknown>>,
): ApplicantSnapshot {
  const out = {} as ApplicantSnapshot;
  for (const { name } of APPLICANT_FIELDS) {
    const v = profile[name as ApplicantField];
    out[name as ApplicantField] = blank(v) ? null : String(v).trim();
  }
  return out;
}
