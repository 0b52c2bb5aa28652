import { describe, expect, it } from 'vitest';
import { LETTER_TYPES } from './registry.ts';
import { normalizeSearch, searchLetterTypes } from './search.ts';

const codes = (query: string) => searchLetterTypes(LETTER_TYPES, query).map((t) => t.code);

describe('the catalogue search', () => {
  it.each([
    ['SKTM', 'ktm'],
    ['sktm', 'ktm'],
    ['SKU', 'ku'],
    ['SKCK', 'pskck'],
    ['domisili', 'kdtt'],
    ['pengantar nikah', 'pp'],
    ['nikah', 'pp'],
    ['beasiswa', 'ktm'],
    ['KUR', 'ku'],
    ['izin keramaian', 'irr'],
    ['akta kelahiran', 'kkel'],
    ['e-KTP', 'kks'],
    ['ektp', 'kks'],
    ['Surat Keterangan Usaha', 'ku'],
  ])('finds %s first as %s', (query, code) => {
    expect(codes(query)[0]).toBe(code);
  });

  it('lists every type for an empty query, and none for nonsense', () => {
    expect(codes('')).toHaveLength(LETTER_TYPES.length);
    expect(codes('  ')).toHaveLength(LETTER_TYPES.length);
    expect(codes('xyzzy')).toEqual([]);
  });

  it('finds both letters for a word they share, those named by it first', () => {
    expect(codes('domisili').slice(0, 2)).toEqual(['kdtt', 'ktts']);
    expect(codes('beda nama')).toEqual(['kbnbs', 'kbnkk']);
  });

  it('normalises case, accents and punctuation', () => {
    expect(normalizeSearch('  Pengantar—NIKAH! ')).toBe('pengantar nikah');
    expect(normalizeSearch('Café')).toBe('cafe');
  });
});

describe('letter names and aliases', () => {
  it('every type has a unique full name and some aliases', () => {
    const names = LETTER_TYPES.map((t) => t.name);
    expect(new Set(names).size).toBe(LETTER_TYPES.length);
    for (const t of LETTER_TYPES) {
      expect(t.name).toMatch(/^Surat /);
      expect(t.aliases.length).toBeGreaterThan(0);
    }
  });
});
