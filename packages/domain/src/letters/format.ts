import { formatDateId } from '../dates.ts';
import type { FieldDef } from '../fields.ts';
import { formatRupiah } from '../money.ts';

/**
 * A number the Indonesian way: "." between thousands, "," before the fraction. Only quantities
 * are grouped ("3.250 gram"); a bare number such as a year of manufacture stays "2018".
 */
export function formatNumberId(value: number, group = true): string {
  const sign = value < 0 ? '-' : '';
  const [int = '0', frac] = String(Math.abs(value)).split('.');
  const whole = group ? int.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : int;
  return `${sign}${whole}${frac ? `,${frac}` : ''}`;
}

/**
 * A field's value as people read it, on the letter and on screen: "22 November 2026",
 * "Rp1.500.000", "08.30", "3.250 gram", "49,5 cm", "300 orang"; null when it is not filled in.
 * A number field's `unit` is printed after the value; money always reads "Rp…".
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
    case 'number': {
      const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
      const unit = field.unit && field.unit !== 'Rp' ? field.unit : null;
      if (!Number.isFinite(n)) return String(value);
      const text = formatNumberId(n, unit !== null);
      return unit ? `${text} ${unit}` : text;
    }
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
