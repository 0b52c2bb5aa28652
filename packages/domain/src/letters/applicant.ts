import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { userField } from '../user-fields.ts';
import { userFieldSchema } from '../users.ts';

/** The applicant fields a letter cannot be issued without. */
const REQUIRED_FOR_LETTERS: readonly string[] = [
  'name',
  'nik',
  'birth_place',
  'birth_date',
  'gender',
  'religion',
  'marital_status',
  'occupation',
  'education',
  'nationality',
  'address',
];

/**
 * The applicant block of every letter (LETTERS.md), in the order the letter's table prints it:
 * a subset of the user fields (user-fields.ts), the same labels and rules, with the fields a
 * letter needs made required.
 */
export const APPLICANT_FIELDS: readonly FieldDef[] = (
  [
    'name',
    'nik',
    'kk_number',
    'birth_place',
    'birth_date',
    'gender',
    'religion',
    'marital_status',
    'occupation',
    'education',
    'nationality',
    'address',
    'rt',
    'rw',
    'hamlet',
  ] as const
).map((name) => {
  const { unique: _unique, ...f } = userField(name);
  return { ...f, required: REQUIRED_FOR_LETTERS.includes(name) };
});

export type ApplicantField =
  | 'name'
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
