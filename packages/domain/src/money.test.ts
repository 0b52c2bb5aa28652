import { describe, expect, it } from 'vitest';
import { formatRupiah, terbilang } from './money.ts';

describe('formatRupiah', () => {
  it.each([
    [0, 'Rp0'],
    [500, 'Rp500'],
    [1500000, 'Rp1.500.000'],
    [999999999999, 'Rp999.999.999.999'],
  ])('%d → %s', (n, text) => expect(formatRupiah(n)).toBe(text));
});

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [45, 'empat puluh lima'],
    [100, 'seratus'],
    [115, 'seratus lima belas'],
    [250, 'dua ratus lima puluh'],
    [1000, 'seribu'],
    [1250, 'seribu dua ratus lima puluh'],
    [11000, 'sebelas ribu'],
    [100000, 'seratus ribu'],
    [1000000, 'satu juta'],
    [2500000, 'dua juta lima ratus ribu'],
    [1200750, 'satu juta dua ratus ribu tujuh ratus lima puluh'],
    [1000000000, 'satu miliar'],
    [
      123456789012,
      'seratus dua puluh tiga miliar empat ratus lima puluh enam juta tujuh ratus delapan puluh sembilan ribu dua belas',
    ],
  ])('%d → %s', (n, words) => expect(terbilang(n)).toBe(words));
});
