import { describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone, PHONE_INVALID } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['62812.3456.7890', '6281234567890'],
    ['(0812) 3456 7890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['0811234567', '62811234567'],
  ])('%s → %s', (input, phone) => {
    expect(normalizePhone(input)).toEqual({ ok: true, phone });
  });

  it.each([
    '',
    '0212345678', // a Jakarta landline: no WhatsApp
    '+1 415 555 0100',
    '0812345', // too short
    '08123456789012345', // too long
    '0812-abc-7890',
    '6281234567890; drop',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, message: PHONE_INVALID });
  });

  it('masks the middle of a number', () => {
    expect(maskPhone('6281234567890')).toBe('62812****7890');
  });
});
