import { describe, expect, it } from 'vitest';
import { field } from '../fields.ts';
import { formatDateTimeId } from '../dates.ts';
import { formatFieldValue, requestReference } from './format.ts';
import { LETTER_TYPES } from './registry.ts';

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

  it('prints a quantity with its unit, thousands grouped; a bare number as it is', () => {
    const weight = field.number('w', 'Berat Bayi', { unit: 'gram' });
    expect(formatFieldValue(weight, 3250)).toBe('3.250 gram');
    expect(formatFieldValue(weight, '3250')).toBe('3.250 gram');
    const length = field.number('l', 'Panjang Bayi', { decimal: true, unit: 'cm' });
    expect(formatFieldValue(length, 49.5)).toBe('49,5 cm');
    expect(formatFieldValue(field.number('g', 'Tamu', { unit: 'orang' }), 1200)).toBe(
      '1.200 orang',
    );
    expect(formatFieldValue(field.number('y', 'Tahun Pembuatan'), 2018)).toBe('2018');
    expect(formatFieldValue(field.money('m', 'M', { unit: 'Rp' }), 1200000)).toBe('Rp1.200.000');
  });

  it('gives every weight, length, head count and amount of money of a letter its unit', () => {
    const units = Object.fromEntries(
      LETTER_TYPES.flatMap((t) =>
        t.fields
          .filter((f) => f.kind === 'number' || f.kind === 'money')
          .map((f) => [`${t.code}.${f.name}`, f.unit ?? null]),
      ),
    );
    expect(units).toEqual({
      'irr.guest_estimate': 'orang',
      'kbnbs.manufacture_year': null,
      'kkel.birth_order': null,
      'kkel.baby_weight': 'gram',
      'kkel.baby_length': 'cm',
      'kp.monthly_income': 'Rp',
      'kp.dependents': 'orang',
      'ktm.monthly_income': 'Rp',
      'ktm.dependents': 'orang',
      'ku.employee_count': 'orang',
    });
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
