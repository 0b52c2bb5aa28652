import { describe, expect, it } from 'vitest';
import { formatLetterNumber, sequenceKey } from './numbering.ts';

const DEFAULT = '{code}/{seq:3}/{village_code}/{month_roman}/{year}';

describe('letter numbers', () => {
  it('fills the default format', () => {
    expect(
      formatLetterNumber(DEFAULT, {
        classificationCode: '500',
        seq: 7,
        villageCode: '3201012001',
        issuedOn: '2026-11-22',
      }),
    ).toBe('500/007/3201012001/XI/2026');
    expect(
      formatLetterNumber(DEFAULT, {
        classificationCode: '474.1',
        seq: 1234,
        villageCode: '32.01.01.2001',
        issuedOn: '2026-01-02',
      }),
    ).toBe('474.1/1234/32.01.01.2001/I/2026');
  });

  it('fills every placeholder and leaves no hole where the village code is missing', () => {
    const parts = { classificationCode: '470', seq: 12, villageCode: null, issuedOn: '2026-04-30' };
    expect(formatLetterNumber(DEFAULT, parts)).toBe('470/012/IV/2026');
    expect(formatLetterNumber('{village_code}/{seq}/{month}/{year}', parts)).toBe('12/04/2026');
    expect(formatLetterNumber('KET-{seq:5}-{village_code}', parts)).toBe('KET-00012');
    expect(
      formatLetterNumber('{code}.{seq}.{village_code}.{year}', { ...parts, villageCode: ' ' }),
    ).toBe('470.12.2026');
  });

  it('never prints the same number twice for lack of {seq}', () => {
    const parts = { classificationCode: '470', seq: 3, villageCode: 'DS', issuedOn: '2026-04-30' };
    expect(formatLetterNumber('{code}/{year}', parts)).toBe('470/2026/3');
  });

  it('draws from one register per printed classification code, or one for all, per year when the year is printed', () => {
    expect(sequenceKey(DEFAULT, '470', 2026)).toEqual({ scope: '470', year: 2026 });
    expect(sequenceKey('{seq:3}/DS/{month_roman}/{year}', '470', 2026)).toEqual({
      scope: '*',
      year: 2026,
    });
    expect(sequenceKey('{code}/{seq}', '500', 2026)).toEqual({ scope: '500', year: 0 });
  });
});
