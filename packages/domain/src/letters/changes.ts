import type { FieldDef } from '../fields.ts';
import { APPLICANT_FIELDS, type ApplicantSnapshot } from './applicant.ts';
import { formatFieldValue } from './format.ts';
import type { LetterType } from './letter-type.ts';

/** One field an edit changed, as the timeline and the audit log show it. */
export interface FieldChange {
  /** The field's name; applicant fields are prefixed `applicant.`. */
  field: string;
  label: string;
  /** The value as people read it ("Rp1.500.000", "22 November 2026"); null when empty. */
  old: string | null;
  new: string | null;
}

/** Identity numbers never travel whole in a change record: "…3456". */
const MASKED = new Set(['nik', 'kk_number']);
const mask = (v: string | null) => (v === null ? null : `…${v.slice(-4)}`);

function diff(
  fields: readonly FieldDef[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  prefix: string,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of fields) {
    const old = formatFieldValue(f, before[f.name]);
    const now = formatFieldValue(f, after[f.name]);
    if (old === now) continue;
    const hide = prefix !== '' && MASKED.has(f.name);
    out.push({
      field: `${prefix}${f.name}`,
      label: f.label,
      old: hide ? mask(old) : old,
      new: hide ? mask(now) : now,
    });
  }
  return out;
}

/**
 * What an edit of a request changed, field by field in form order: the type's fields, then the
 * applicant block when it was retyped. Values compare as they are read, so "1500000" and
 * 1500000 are no change; NIK and No. KK are shown by their last four digits only.
 */
export function letterChanges(
  type: LetterType,
  before: { data: Readonly<Record<string, unknown>>; applicant?: ApplicantSnapshot },
  after: { data: Readonly<Record<string, unknown>>; applicant?: ApplicantSnapshot },
): FieldChange[] {
  const changes = diff(type.fields, before.data, after.data, '');
  if (before.applicant && after.applicant) {
    changes.push(...diff(APPLICANT_FIELDS, before.applicant, after.applicant, 'applicant.'));
  }
  return changes;
}
