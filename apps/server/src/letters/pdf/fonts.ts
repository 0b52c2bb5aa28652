/**
 * Fonts for letter PDFs: Tinos (metric-compatible with Times New Roman, the face Indonesian
 * government letters are typed in) from the `@fontsource/tinos` package, never downloaded.
 *
 * Fontsource ships Tinos split into unicode-range subsets (latin, latin-ext, vietnamese,
 * greek, greek-ext, cyrillic, cyrillic-ext, hebrew), one WOFF file each. We read them once
 * per process, unwrap the WOFF container to a plain TrueType buffer (so fontkit does not
 * re-inflate tables for every document), and read each file's cmap to know exactly which
 * code points it draws. Text is then cut into runs per subset file ({@link toRuns}).
 *
 * Characters no subset covers (Arabic, CJK, Javanese script, emoji, …) are drawn as "?":
 * the letter still renders and the substitution is visible rather than an empty box.
 * Hebrew is deliberately not used: it is right-to-left and pdfkit does no bidi reordering,
 * so it would print backwards; it becomes "?" too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

export type FontStyle = 'regular' | 'bold' | 'italic';

/** Subsets in order of preference: a code point goes to the first one whose cmap has it. */
const SUBSETS = [
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
] as const;

const STYLE_FILE: Record<FontStyle, string> = {
  regular: '400-normal',
  bold: '700-normal',
  italic: '400-italic',
};

export interface FontFace {
  /** Name registered with pdfkit, e.g. "tinos-bold-2". */
  key: string;
  /** Plain TrueType bytes (WOFF container removed). */
  data: Buffer;
}

export interface FontSet {
  style: FontStyle;
  faces: FontFace[];
  /** For each BMP code point: 1 + index into `faces`, or 0 when no face has a glyph. */
  coverage: Uint8Array;
  /** Per face, the code points it has a glyph for. */
  covers: Set<number>[];
}

export interface TextRun {
  /** Index into FontSet.faces. */
  face: number;
  text: string;
}

let cache: Record<FontStyle, FontSet> | null = null;

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@fontsource/tinos/package.json')), 'files');
}

/** All three styles, loaded and analysed once per process. */
export function loadFonts(): Record<FontStyle, FontSet> {
  if (cache) return cache;
  const dir = fontDir();
  const load = (style: FontStyle): FontSet => {
    const faces: FontFace[] = [];
    const coverage = new Uint8Array(0x10000);
    const covers: Set<number>[] = [];
    SUBSETS.forEach((subset, i) => {
      const woff = readFileSync(join(dir, `tinos-${subset}-${STYLE_FILE[style]}.woff`));
      const data = woffToSfnt(woff);
      const cps = cmapCodePoints(data);
      faces.push({ key: `tinos-${style}-${i}`, data });
      covers.push(new Set(cps));
      for (const cp of cps) {
        if (cp < 0x10000 && coverage[cp] === 0) coverage[cp] = i + 1;
      }
    });
    return { style, faces, coverage, covers };
  };
  cache = { regular: load('regular'), bold: load('bold'), italic: load('italic') };
  return cache;
}

/** Unicode replacement used for characters no Tinos subset can draw. */
export const MISSING_GLYPH = '?';

/**
 * Cleans text for drawing: NFC (so "e" + combining acute finds the precomposed glyph),
 * control and invisible format characters removed, tabs to spaces, line breaks kept as \n.
 */
export function cleanText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === '\n' ? c : ''));
}

/**
 * Splits (already cleaned) text into runs drawable by one face each; code points no face
 * covers become {@link MISSING_GLYPH}. Neutral characters (space, punctuation, digits) stay
 * in the current run when its face has them, so "Иван Петров" is one Cyrillic run.
 */
export function toRuns(text: string, set: FontSet): TextRun[] {
  const runs: TextRun[] = [];
  let face = -1;
  let buf = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let f = cp < 0x10000 ? (set.coverage[cp] ?? 0) - 1 : -1;
    let out = ch;
    if (f < 0) {
      out = MISSING_GLYPH;
      f = 0;
    } else if (face >= 0 && f !== face && set.covers[face]?.has(cp)) {
      f = face;
    }
    if (f !== face) {
      if (buf) runs.push({ face, text: buf });
      buf = '';
      face = f;
    }
    buf += out;
  }
  if (buf) runs.push({ face, text: buf });
  return runs;
}

// ---------------------------------------------------------------------------------------
// Minimal SFNT plumbing (WOFF 1.0 unwrapping and cmap reading); no extra dependency.

/** WOFF 1.0 → TrueType/OpenType bytes. Tables are inflated and re-laid out 4-byte aligned. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Bukan berkas WOFF');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = woff.readUInt32BE(e);
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const checksum = woff.readUInt32BE(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error('Tabel WOFF rusak');
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  const headerSize = 12 + numTables * 16;
  let size = headerSize;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(offset, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

/** Code points mapped to a real glyph (id ≠ 0) by the font's Unicode cmap (format 4 or 12). */
export function cmapCodePoints(font: Buffer): number[] {
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const r = 12 + i * 16;
    if (font.toString('latin1', r, r + 4) === 'cmap') cmap = font.readUInt32BE(r + 8);
  }
  if (cmap < 0) return [];
  const n = font.readUInt16BE(cmap + 2);
  let best = -1;
  let bestFormat = 0;
  for (let i = 0; i < n; i++) {
    const r = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(r);
    const encoding = font.readUInt16BE(r + 2);
    const sub = cmap + font.readUInt32BE(r + 4);
    const format = font.readUInt16BE(sub);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 12 || (format === 4 && bestFormat !== 12))) {
      best = sub;
      bestFormat = format;
    }
  }
  const cps: number[] = [];
  if (best < 0) return cps;
  if (bestFormat === 12) {
    const groups = font.readUInt32BE(best + 12);
    for (let g = 0; g < groups; g++) {
      const r = best + 16 + g * 12;
      const start = font.readUInt32BE(r);
      const end = font.readUInt32BE(r + 4);
      const gid = font.readUInt32BE(r + 8);
      for (let c = start; c <= end; c++) if (gid + (c - start) !== 0) cps.push(c);
    }
    return cps;
  }
  const segX2 = font.readUInt16BE(best + 6);
  const ends = best + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  for (let s = 0; s < segX2 / 2; s++) {
    const end = font.readUInt16BE(ends + s * 2);
    const start = font.readUInt16BE(starts + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const ro = font.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let gid: number;
      if (ro === 0) gid = (c + delta) & 0xffff;
      else {
        const p = rangeOffsets + s * 2 + ro + (c - start) * 2;
        gid = font.readUInt16BE(p);
        if (gid !== 0) gid = (gid + delta) & 0xffff;
      }
      if (gid !== 0) cps.push(c);
    }
  }
  return cps;
}
