import { describe, expect, it } from 'vitest';
import { field } from '../fields.ts';
import { formatDateTimeId } from '../dates.ts';
import { formatFieldValue, requestReference } from './format.ts';

describe('formatFieldValue', () => {
  it('writes each kind the Indonesian way', () => {
    expect(formatFieldValue(field.date('d', 'D'), '2026-11-22')).toBe('22 November 2026');
    expect(formatFieldValue(field.time('t', 'T'), '08:30')).toBe('08.30');
    expect(formatFieldValue(field.money('m', 'M'), 2500000)).toBe('Rp2.500.000');
    expect(formatFieldValue(field.number('n', 'N', { decimal: true }), 49.5)).toBe('49,5');
    expect(formatFieldValue(field.boolean('b', 'B'), true)).toBe('Ya');
    expect(formatFieldValue(field.boolean('b', 'B'), false)).toBe('Tidak');
    expect(formatFieldValue(field.text('x', 'X'), '<b>apa adanya</b>')).toBe('<b>apa adanya</b>');
  });

  it('gives null for what is not filled in', () => {
    for (const empty of [null, undefined, '']) {
      expect(formatFieldValue(field.text('x', 'X'), empty)).toBeNull();
    }
  });
});

describe('formatDateTimeId', () => {
  it('reads an instant in village time (WIB), whatever the machine time zone', () => {
    expect(formatDateTimeId('2026-11-22T07:05:00.000Z')).toBe('22 November 2026, 14.05 WIB');
    expect(formatDateTimeId('2026-12-31T17:30:00Z')).toBe('1 Januari 2027, 00.30 WIB');
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatDateTimeId('bukan tanggal')).toBe('bukan tanggal');
  });
});

describe('requestReference', () => {
  it('joins the type code and the zero-padded id', () => {
    expect(requestReference('ku', 42)).toBe('KU-000042');
    expect(requestReference('pskck', 1234567)).toBe('PSKCK-1234567');
  });
});
