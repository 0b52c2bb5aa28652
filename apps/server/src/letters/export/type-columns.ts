/**
 * The letter's own data in a desk's export (issue 25.7): the per-type export (one letter type)
 * has, after the queue's columns, a column for each of the type's fields, headed by the field's
 * label ("Nama Usaha", "Alamat Usaha"), in form order. Keperluan and No. HP are already queue
 * columns and are not repeated. The cross-type export keeps the queue's columns only: its
 * letters have different fields.
 *
 * Values are written as the letter prints them ("3.250 gram", "08.30", "Ya"), except dates
 * (a date cell: "dd/mm/yyyy" in XLSX, "2026-11-23" in CSV) and money (a whole number of rupiah
 * the spreadsheet can sum).
 */
import { formatFieldValue, type FieldDef, type FieldValues, type LetterType } from '@balai/domain';
import type { Cell, Column } from './spreadsheet.ts';

/** Fields the queue's columns already hold (`purpose` → Keperluan, `phone` → No. HP). */
const QUEUE_FIELDS = new Set(['purpose', 'phone']);

/** The type's fields that get a column of their own, in form order. */
export function exportedFields(type: LetterType): FieldDef[] {
  return type.fields.filter((f) => !QUEUE_FIELDS.has(f.name) && !f.secret);
}

function columnOf(f: FieldDef): Column {
  switch (f.kind) {
    case 'date':
      return { header: f.label, width: 14, kind: 'date' };
    case 'money':
      return { header: f.label, width: 16, kind: 'integer' };
    case 'textarea':
      return { header: f.label, width: 40 };
    default:
      return { header: f.label, width: Math.min(40, Math.max(14, f.label.length + 2)) };
  }
}

function cellOf(f: FieldDef, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (f.kind === 'date') return typeof value === 'string' ? value : String(value);
  if (f.kind === 'money' && typeof value === 'number') return value;
  return formatFieldValue(f, value);
}

/** The extra columns of a type's export and how a request's stored data fills them. */
export function typeFieldColumns(type: LetterType): {
  columns: Column[];
  cells: (data: string | FieldValues | null | undefined) => Cell[];
} {
  const fields = exportedFields(type);
  return {
    columns: fields.map(columnOf),
    cells: (data) => {
      const values: FieldValues =
        typeof data === 'string' ? (JSON.parse(data) as FieldValues) : (data ?? {});
      return fields.map((f) => cellOf(f, values[f.name]));
    },
  };
}
