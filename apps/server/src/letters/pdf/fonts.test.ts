import { describe, expect, it } from 'vitest';
import { cleanText, loadFonts, toRuns } from './fonts.ts';
import { formatIssueDate } from './date-id.ts';

describe('fonts', () => {
  it('reads every Tinos subset and knows its coverage', () => {
    const { regular, bold, italic } = loadFonts();
    for (const set of [regular, bold, italic]) {
      expect(set.faces).toHaveLength(7);
      for (const face of set.faces) expect(face.data.readUInt32BE(0)).toBe(0x00010000);
      expect(set.coverage['A'.charCodeAt(0)]).toBe(1);
      expect(set.coverage['Ж'.charCodeAt(0)]).toBeGreaterThan(1);
      expect(set.coverage['λ'.charCodeAt(0)]).toBeGreaterThan(1);
      expect(set.coverage['李'.charCodeAt(0)]).toBe(0);
    }
  });

  it('cuts text into runs per subset and replaces what no subset has', () => {
    const set = loadFonts().regular;
    const runs = toRuns(cleanText('Budi Иван 李 😀'), set);
    expect(runs.map((r) => r.text).join('')).toBe('Budi Иван ? ?');
    expect(runs.map((r) => r.face)).toEqual([0, 5, 0]);
  });

  it('cleans control characters and composes accents', () => {
    expect(cleanText('a\u0000b\u200Bc\r\nd\te\u0301')).toBe('abc\nd é');
  });

  it('formats Indonesian dates', () => {
    expect(formatIssueDate('2026-11-22')).toBe('22 November 2026');
    expect(formatIssueDate('2027-01-05')).toBe('5 Januari 2027');
    expect(() => formatIssueDate('22-11-2026')).toThrow();
  });
});
