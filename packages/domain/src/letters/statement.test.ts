import { describe, expect, it } from 'vitest';
import type { LetterType } from './letter-type.ts';
import { letterTypeByCode } from './registry.ts';
import { renderStatement, statementPlaceholders } from './statement.ts';

const ku = letterTypeByCode('ku') as LetterType;
const data = {
  business_name: 'Warung Berkah',
  business_type: 'Warung sembako',
  business_address: 'Jl. Raya Sukamaju No. 12',
  business_started_at: '2018-03-01',
  employee_count: null,
};

describe('renderStatement', () => {
  it('fills placeholders and formats dates the Indonesian way', () => {
    expect(renderStatement(ku, data, { village: 'Sukamaju' })).toBe(
      'Berdasarkan pengamatan dan keterangan yang ada, nama tersebut di atas benar-benar memiliki usaha Warung Berkah (Warung sembako) yang beralamat di Jl. Raya Sukamaju No. 12 sejak 1 Maret 2018.',
    );
  });

  it('prints an optional part only when its placeholders are filled', () => {
    expect(renderStatement(ku, { ...data, employee_count: 3 }, { village: 'Sukamaju' })).toMatch(
      /sejak 1 Maret 2018 dengan jumlah karyawan 3 orang\.$/,
    );
  });

  it('formats money with words, times with a dot, and select options in lower case', () => {
    const kp = letterTypeByCode('kp') as LetterType;
    const text = renderStatement(
      kp,
      { occupation: 'Buruh tani', monthly_income: 1750000, dependents: 0 },
      { village: 'Cibeber' },
    );
    expect(text).toContain('warga Desa Cibeber yang bekerja sebagai buruh tani');
    expect(text).toContain('Rp1.750.000 (satu juta tujuh ratus lima puluh ribu rupiah) per bulan');
    expect(text).toContain('jumlah tanggungan 0 orang');
    const kkem = letterTypeByCode('kkem') as LetterType;
    const death = renderStatement(
      kkem,
      { death_time: '21:40', deceased_gender: 'Laki-laki', death_cause: 'Kecelakaan' },
      { village: 'Cibeber' },
    );
    expect(death).toContain('pukul 21.40');
    expect(death).toContain('jenis kelamin laki-laki');
    expect(death).toContain('sebab kematian kecelakaan');
  });

  it('keeps acronyms at the start of free text', () => {
    const pk = letterTypeByCode('pk') as LetterType;
    expect(renderStatement(pk, { lost_item: 'STNK motor' }, { village: 'X' })).toContain(
      'telah kehilangan STNK motor',
    );
    expect(renderStatement(pk, { lost_item: 'Dompet hitam' }, { village: 'X' })).toContain(
      'telah kehilangan dompet hitam',
    );
  });

  it('never reads placeholders typed by the resident', () => {
    const text = renderStatement(
      ku,
      { ...data, business_name: '{village} [{business_type}]' },
      { village: 'Sukamaju' },
    );
    expect(text).toContain('usaha {village} [{business_type}] (Warung sembako)');
  });

  it('prints a dash for a missing value outside an optional part', () => {
    expect(renderStatement(ku, { ...data, business_name: '' }, { village: 'Sukamaju' })).toContain(
      'usaha - (Warung sembako)',
    );
  });

  it('lists the placeholders of a template once each', () => {
    expect(statementPlaceholders('{a} {b|lower} [{a}, {village}]')).toEqual(['a', 'b', 'village']);
  });
});
