import { describe, expect, it } from 'vitest';
import { checkNik, cleanIdNumber, nikBirth, regionCodeOfVillage } from './nik.ts';

const REGION = '320101';

describe('checkNik', () => {
  const cases: {
    name: string;
    nik: string;
    birthDate?: string;
    sex?: number;
    errors: number;
    warnings: RegExp[];
  }[] = [
    {
      name: 'valid man',
      nik: '3201011503900001',
      birthDate: '1990-03-15',
      sex: 1,
      errors: 0,
      warnings: [],
    },
    {
      name: 'valid woman (+40)',
      nik: '3201015503900002',
      birthDate: '1990-03-15',
      sex: 2,
      errors: 0,
      warnings: [],
    },
    { name: 'too short', nik: '320101150390001', errors: 1, warnings: [] },
    { name: 'too long', nik: '32010115039000011', errors: 1, warnings: [] },
    { name: 'letters', nik: '32010115039000AB', errors: 1, warnings: [] },
    {
      name: 'other region',
      nik: '3273011503900001',
      birthDate: '1990-03-15',
      sex: 1,
      errors: 0,
      warnings: [/Kode wilayah NIK \(327301\)/],
    },
    {
      name: 'woman without +40',
      nik: '3201011503900003',
      birthDate: '1990-03-15',
      sex: 2,
      errors: 0,
      warnings: [/untuk laki-laki/],
    },
    {
      name: 'man with +40',
      nik: '3201015503900004',
      birthDate: '1990-03-15',
      sex: 1,
      errors: 0,
      warnings: [/untuk perempuan/],
    },
    {
      name: 'mismatched date',
      nik: '3201011603900001',
      birthDate: '1990-03-15',
      sex: 1,
      errors: 0,
      warnings: [/berbeda dengan tanggal lahir/],
    },
    {
      name: 'mismatched year',
      nik: '3201011503910001',
      birthDate: '1990-03-15',
      sex: 1,
      errors: 0,
      warnings: [/berbeda/],
    },
    {
      name: 'impossible date',
      nik: '3201019913900001',
      errors: 0,
      warnings: [/bukan tanggal yang sah/],
    },
    { name: 'no birth data known', nik: '3201011503900001', errors: 0, warnings: [] },
  ];
  it.each(cases)('$name', ({ nik, birthDate, sex, errors, warnings }) => {
    const r = checkNik(nik, { regionCode: REGION, birthDate, sex });
    expect(r.errors).toHaveLength(errors);
    expect(r.warnings).toHaveLength(warnings.length);
    warnings.forEach((w, i) => expect(r.warnings[i]).toMatch(w));
  });

  it('skips the region check when the village code is unknown', () => {
    expect(checkNik('9999991503900001', { regionCode: null }).warnings).toEqual([]);
  });
});

describe('NIK helpers', () => {
  it.each([
    ['32 0101 1503 900001', '3201011503900001'],
    ['\u200B3201011503900001\uFEFF', '3201011503900001'],
    ["'3201011503900001", '3201011503900001'],
    [3201011503900001, '3201011503900001'],
    [null, ''],
  ])('cleanIdNumber(%j) = %s', (input, out) => expect(cleanIdNumber(input)).toBe(out));

  it.each([
    ['3201.01.2001', '320101'],
    ['3201012001', '320101'],
    ['', null],
    [null, null],
  ])('regionCodeOfVillage(%j) = %s', (input, out) => expect(regionCodeOfVillage(input)).toBe(out));

  it('reads the birth day and sex', () => {
    expect(nikBirth('3201015503900002')).toEqual({ day: 15, month: 3, yy: 90, sex: 2 });
    expect(nikBirth('12')).toBeNull();
  });
});
