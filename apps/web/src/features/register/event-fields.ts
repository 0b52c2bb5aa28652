import {
  AREA_FIELDS,
  EVENT_LABELS,
  PERSON_FIELDS,
  field,
  type EventKind,
  type FieldDef,
  type FieldValues,
} from '@balai/domain';
import type { RegisterEventBody } from '@balai/domain/contract';

/**
 * The event form's fields, as definitions the generated form renders: the two dates every event
 * has (labels as the contract's `registerEventBody` says them) and, for a birth or an arrival,
 * the new person's fields from the register's definitions. A birth's date of birth is the
 * event's date, so it is not asked twice.
 */
export const EVENT_DATE_FIELDS: readonly FieldDef[] = [
  field.date('occurred_on', 'Tanggal kejadian', {
    required: true,
    notFuture: true,
    hint: 'Tanggal peristiwa itu terjadi; laporan bulanan menghitung menurut tanggal ini.',
  }),
  field.date('reported_on', 'Tanggal lapor', {
    required: true,
    notFuture: true,
    notBefore: 'occurred_on',
    hint: 'Tanggal warga melapor ke kantor desa.',
  }),
  field.textarea('note', 'Keterangan', { maxLength: 500 }),
];

/** Kinds that bring a new person into the register (and so need their data). */
export const NEW_PERSON_KINDS: readonly EventKind[] = ['birth', 'move_in'];

export const EVENT_KIND_OPTIONS = (Object.keys(EVENT_LABELS) as EventKind[]).map((k) => ({
  value: k,
  label: EVENT_LABELS[k],
}));

/** The form's fields for one kind of event. */
export function eventFields(kind: EventKind): readonly FieldDef[] {
  if (!NEW_PERSON_KINDS.includes(kind)) return EVENT_DATE_FIELDS;
  const person = PERSON_FIELDS.filter((f) => !(kind === 'birth' && f.name === 'birth_date'));
  return [...EVENT_DATE_FIELDS, ...person, ...AREA_FIELDS];
}

const DATE_NAMES = new Set(EVENT_DATE_FIELDS.map((f) => f.name));

/**
 * The request body from the form's checked values: the dates and note, then either the person
 * the event is about or the new person (a birth's date of birth is the day it happened).
 */
export function eventBody(
  kind: EventKind,
  values: FieldValues,
  subject: { personId?: number | null; familyId?: number | null },
): RegisterEventBody {
  const body: RegisterEventBody = {
    kind,
    occurred_on: String(values.occurred_on ?? ''),
    reported_on: String(values.reported_on ?? ''),
    note: values.note === null || values.note === undefined ? null : String(values.note),
  };
  if (!NEW_PERSON_KINDS.includes(kind)) return { ...body, person_id: subject.personId ?? null };
  const person: FieldValues = Object.fromEntries(
    Object.entries(values).filter(([k]) => !DATE_NAMES.has(k)),
  );
  if (kind === 'birth') person.birth_date = String(values.occurred_on ?? '');
  return { ...body, family_id: subject.familyId ?? null, person };
}

/** A correction's fields: the dates and note as they are now, and why (required, audited). */
export const CORRECTION_FIELDS: readonly FieldDef[] = [
  ...EVENT_DATE_FIELDS,
  field.textarea('reason', 'Alasan koreksi', {
    required: true,
    minLength: 3,
    maxLength: 500,
    hint: 'Dicatat bersama nilai lama dan baru.',
  }),
];
