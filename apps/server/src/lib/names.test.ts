import { describe, expect, it } from 'vitest';
import { maskName, nameKey, nameWords } from './names.ts';

describe('applicant names', () => {
  it('splits a name into normalised words for search', () => {
    expect(nameWords('Ni Kadek  Ayu Léstari')).toEqual(['ni', 'kadek', 'ayu', 'lestari']);
    expect(nameWords('H. Abdul Qodir Al-Jaelani, S.Pd.')).toEqual([
      'h',
      'abdul',
      'qodir',
      'al',
      'jaelani',
      's',
      'pd',
    ]);
    expect(nameWords('%_\\')).toEqual([]);
    expect(nameKey('  SITI   Rahmawati ')).toBe('siti rahmawati');
    expect(nameWords('王小明 Wang')).toEqual(['王小明', 'wang']);
  });

  it('masks all but the first letters of each word', () => {
    expect(maskName('Siti Rahmawati')).toBe('Si** Ra*******');
    expect(maskName('Ni Kadek Ayu')).toBe('N* Ka*** Ay*');
    expect(maskName(' Budi ')).toBe('Bu**');
    expect(maskName('H. Abdul')).toBe('H* Ab***');
  });
});
