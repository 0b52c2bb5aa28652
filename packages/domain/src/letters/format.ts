import { formatDateId } from '../dates.ts';
import type { FieldDef } from '../fields.ts';
import { formatRupiah } from '../money.ts';

/**
 * A field's value as people read it, on the letter and on screen: "22 November 2026",
 * "Rp1.500.000", "08.30", "49,5"; null when it is not filled in.
 */
export function formatFieldValue(field: FieldDef, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'date':
      return typeof value === 'string' ? formatDateId(value) : String(value);
    case 'time':
      return String(value).replace(':', '.');
    case 'money':
      return typeof value === 'number' ? formatRupiah(value) : String(value);
    case 'number':
      return String(value).replace('.', ',');
    case 'boolean':
      return value ? 'Ya' : 'Tidak';
    default:
      return String(value);
  }
}

/**
 * The reference residents and the office quote for a request: the type's code and the id,
 * "KU-000042". It is not the letter's number, which only an issued letter has.
 */
export function requestReference(code: string, id: number): string {
  return `${code.toUpperCase()}-${String(id).padStart(6, '0')}`;
}
