/**
 * Test support: values that break a field's rules, with the message the user must see.
 * Used by the table-driven tests of both registries; not exported from the package.
 */
import { todayIso } from '../dates.ts';
import { maxLengthOf, maxOf, type FieldDef } from '../fields.ts';
import { msg } from '../messages.ts';

export interface BrokenCase {
  why: string;
  value: unknown;
  message: string;
}

/** YYYY-MM-DD `days` from today in village time (negative for the past). */
export function daysFromToday(days: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function brokenCases(f: FieldDef): BrokenCase[] {
  const L = f.label;
  const cases: BrokenCase[] = [];
  const add = (why: string, value: unknown, message: string) => cases.push({ why, value, message });
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext': {
      const max = maxLengthOf(f) ?? 0;
      const tooLong = f.pattern ? '1'.repeat(max + 1) : 'a'.repeat(max + 1);
      add(`longer than ${max}`, tooLong, msg.maxLength(L, max));
      add('not a string', { text: 'x' }, msg.text(L));
      if (f.pattern) add('not matching the pattern', '@@@', f.patternMessage ?? msg.pattern(L));
      break;
    }
    case 'number': {
      add('letters', 'dua', msg.number(L));
      add('thousand separators', '1.000.000', msg.number(L));
      if (!f.decimal) add('a fraction', 1.5, msg.integer(L));
      if (f.min !== undefined) add(`below ${f.min}`, f.min - 1, msg.min(L, f.min));
      const max = maxOf(f) ?? 0;
      add(`above ${max}`, max + 1, msg.max(L, max));
      break;
    }
    case 'money':
      add('rupiah with separators and cents', '1.500.000,50', msg.money(L));
      add('separators in the wrong places', '1.50.000', msg.money(L));
      add('a fraction', 1500000.5, msg.money(L));
      add('negative', -1, msg.min(L, 0));
      add('text', 'satu juta', msg.money(L));
      add('above the limit', (maxOf(f) ?? 0) + 1, msg.max(L, maxOf(f) ?? 0));
      break;
    case 'date':
      add('an impossible day', '2025-02-30', msg.date(L));
      add('day-month-year order', '17-08-2025', msg.date(L));
      add('before 1900', '1899-12-31', msg.dateRange(L));
      if (f.notFuture) add('tomorrow', daysFromToday(1), msg.dateNotFuture(L));
      if (f.notPast) add('yesterday', daysFromToday(-1), msg.dateNotPast(L));
      break;
    case 'time':
      add('hour 24', '24:00', msg.time(L));
      add('seconds', '08:30:00', msg.time(L));
      add('minute 60', '08:60', msg.time(L));
      break;
    case 'select':
      add('not an option', 'Bukan pilihan', msg.chooseOne(L));
      add('an option in other case', (f.options?.[0] ?? '').toLowerCase(), msg.chooseOne(L));
      break;
    case 'nik':
      add('15 digits', '320101010190000', msg.exactDigits(L, 16));
      add('17 digits', '32010101019000011', msg.exactDigits(L, 16));
      add('a letter', '320101010190000A', msg.exactDigits(L, 16));
      add('a number, not a string', 3201010101900001, msg.exactDigits(L, 16));
      break;
    case 'phone':
      add('letters', '08abc1234', `${L} hanya boleh berisi angka (8–15 digit), boleh diawali +.`);
      add('too short', '0812', `${L} hanya boleh berisi angka (8–15 digit), boleh diawali +.`);
      break;
    case 'email':
      add('no domain', 'warga@', msg.email(L));
      break;
    case 'image':
      add('zero', 0, msg.image(L));
      add('text', 'foto.jpg', msg.image(L));
      break;
    case 'reference':
      add('zero', 0, msg.chooseOne(L));
      add('negative', -3, msg.chooseOne(L));
      break;
    case 'boolean':
      add('a word', 'mungkin', msg.boolean(L));
      break;
  }
  return cases;
}
