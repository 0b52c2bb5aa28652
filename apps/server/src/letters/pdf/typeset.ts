/**
 * A small typesetter on top of pdfkit: our own line breaking (so one line may mix the Tinos
 * subset files, see fonts.ts), justification, and breaking of words longer than a line.
 * Text is only ever drawn with `lineBreak: false` and no `link` option, so pdfkit neither
 * wraps nor links anything: every string appears literally.
 */
import PDFDocument from 'pdfkit';
import { cleanText, loadFonts, toRuns, type FontSet, type FontStyle } from './fonts.ts';

type Doc = PDFKit.PDFDocument;

/** Tinos' ascender, in em: the baseline sits this far below the top of a line box. */
export const ASCENT = 0.891;

export type Align = 'left' | 'center' | 'right' | 'justify';

interface Piece {
  face: number;
  text: string;
  /** Width at 1000 pt. */
  w: number;
}

interface Word {
  pieces: Piece[];
  w: number;
}

export interface Line {
  style: FontStyle;
  size: number;
  words: Word[];
  /** Natural width in points with single spaces. */
  width: number;
  /** Left offset of this line (first-line indent). */
  indent: number;
  /** Last line of its paragraph (never stretched when justifying). */
  last: boolean;
}

export interface SetOptions {
  style?: FontStyle;
  size: number;
  width: number;
  /** Extra indent of each paragraph's first line. */
  firstIndent?: number;
}

/** Font sources handed to pdfkit: parsed fontkit objects shared by every document if possible. */
type FontSource = Parameters<Doc['registerFont']>[1];
let sources: Map<string, FontSource> | null = null;

function fontSources(): Map<string, FontSource> {
  if (sources) return sources;
  const fonts = loadFonts();
  const map = new Map<string, FontSource>();
  // pdfkit accepts an already parsed fontkit font as a source (anything with `layout`).
  // Parsing once and sharing it saves re-reading the tables for every letter. pdfkit does
  // not expose its fontkit, so parse through a scratch document; fall back to the bytes.
  const scratch = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  for (const set of Object.values(fonts)) {
    for (const face of set.faces) {
      let src: FontSource = face.data;
      try {
        scratch.font(face.data);
        const parsed = (scratch as unknown as { _font?: { font?: { layout?: unknown } } })._font
          ?.font;
        if (parsed && typeof parsed.layout === 'function') {
          shareLayouts(parsed as unknown as ShapingFont);
          src = parsed as unknown as FontSource;
        }
      } catch {
        src = face.data;
      }
      map.set(face.key, src);
    }
  }
  sources = map;
  return map;
}

/** The part of a fontkit font and its glyph runs that {@link shareLayouts} relies on. */
interface ShapingFont {
  layout(text: string, ...rest: unknown[]): { positions: object[] };
}

/**
 * A kept run costs at most about 1 KB (18,000 new words grew the heap by 21 MB, this cache and
 * the width cache together), so at most ~5 MB per face. The letters' own vocabulary is a few
 * hundred words; names and addresses fill the rest, and when it is full it starts again.
 */
const LAYOUT_CACHE_MAX = 5_000;

/**
 * Shapes each string once per process instead of once per letter. pdfkit keeps a layout cache
 * per document only, so every letter shaped all its words again through fontkit's OpenType
 * features (~1.7 ms of a ~7 ms letter). Shaping depends only on the font and the string, so
 * the run is kept here; each call gets its own copy of the positions, which pdfkit scales in
 * place to the document's font size. Calls with features or a script pass straight through.
 */
function shareLayouts(font: ShapingFont): void {
  const layout = font.layout.bind(font);
  const runs = new Map<string, { positions: object[] }>();
  const copy = <T extends object>(o: T): T =>
    Object.assign(Object.create(Object.getPrototypeOf(o) as object) as T, o);
  font.layout = (text: string, ...rest: unknown[]) => {
    if (rest.some((arg) => arg !== undefined)) return layout(text, ...rest);
    let run = runs.get(text);
    if (!run) {
      run = layout(text);
      if (runs.size >= LAYOUT_CACHE_MAX) runs.clear();
      runs.set(text, run);
    }
    const fresh = copy(run);
    fresh.positions = run.positions.map(copy);
    return fresh;
  };
}

/** Widths at 1000 pt per face and string, shared across documents (bounded). */
const widthCache = new Map<string, number>();
const WIDTH_CACHE_MAX = 50_000;

export class Typesetter {
  readonly fonts: Record<FontStyle, FontSet>;
  private currentKey = '';
  private currentSize = -1;
  private readonly registered = new Set<string>();

  constructor(readonly doc: Doc) {
    this.fonts = loadFonts();
  }

  /** Makes sure every font is loaded and parsed (first letter of a process is then fast). */
  static warmUp(): void {
    fontSources();
  }

  private use(key: string, size: number): void {
    if (!this.registered.has(key)) {
      const src = fontSources().get(key);
      if (src === undefined) throw new Error(`Unknown font ${key}`);
      this.doc.registerFont(key, src);
      this.registered.add(key);
    }
    if (key !== this.currentKey) {
      this.doc.font(key);
      this.currentKey = key;
    }
    if (size !== this.currentSize) {
      this.doc.fontSize(size);
      this.currentSize = size;
    }
  }

  private faceKey(style: FontStyle, face: number): string {
    const f = this.fonts[style].faces[face];
    if (!f) throw new Error(`Unknown face ${style}/${face}`);
    return f.key;
  }

  /** Width of `text` drawn in one face, at 1000 pt. */
  private advance(key: string, text: string): number {
    const ck = `${key}\u0000${text}`;
    let w = widthCache.get(ck);
    if (w === undefined) {
      this.use(key, 1000);
      w = this.doc.widthOfString(text);
      if (widthCache.size >= WIDTH_CACHE_MAX) widthCache.clear();
      widthCache.set(ck, w);
    }
    return w;
  }

  spaceWidth(style: FontStyle, size: number, face = 0): number {
    return (this.advance(this.faceKey(style, face), ' ') * size) / 1000;
  }

  private word(text: string, style: FontStyle): Word {
    const pieces = toRuns(text, this.fonts[style]).map((r) => ({
      face: r.face,
      text: r.text,
      w: this.advance(this.faceKey(style, r.face), r.text),
    }));
    return { pieces, w: pieces.reduce((s, p) => s + p.w, 0) };
  }

  /** Width in points of a single-line string (no wrapping). */
  widthOf(text: string, style: FontStyle, size: number): number {
    const words = cleanText(text)
      .split(/[ \n]+/)
      .filter(Boolean);
    if (words.length === 0) return 0;
    const sum = words.reduce((s, w) => s + this.word(w, style).w, 0);
    return (sum * size) / 1000 + (words.length - 1) * this.spaceWidth(style, size);
  }

  /**
   * Breaks text into lines of at most `width` points. "\n" starts a new paragraph; runs of
   * spaces collapse; a word wider than a line is cut between characters.
   */
  setText(text: string, opts: SetOptions): Line[] {
    const style = opts.style ?? 'regular';
    const { size, width } = opts;
    const firstIndent = opts.firstIndent ?? 0;
    const scale = size / 1000;
    const space = this.spaceWidth(style, size);
    const lines: Line[] = [];
    for (const para of cleanText(text).split('\n')) {
      const words = para.split(' ').filter(Boolean);
      let cur: Word[] = [];
      let curW = 0;
      let indent = firstIndent;
      const flush = (last: boolean) => {
        lines.push({ style, size, words: cur, width: curW, indent, last });
        cur = [];
        curW = 0;
        indent = 0;
      };
      for (const text of words) {
        const word = this.word(text, style);
        const ww = word.w * scale;
        const avail = width - indent;
        const need = cur.length === 0 ? ww : curW + space + ww;
        if (need <= avail + 0.01) {
          cur.push(word);
          curW = need;
          continue;
        }
        if (cur.length > 0 && ww <= width) {
          flush(false);
          cur.push(word);
          curW = ww;
          continue;
        }
        // Longer than the room left: fill the current line, then whole lines.
        let room = cur.length === 0 ? avail : avail - curW - space;
        if (room < size * 2) {
          if (cur.length > 0) flush(false);
          room = width - indent;
        }
        for (const chunk of this.splitWord(word, style, room / scale, width / scale)) {
          const cw = chunk.w * scale;
          const fits = cur.length === 0 ? cw : curW + space + cw;
          if (cur.length > 0 && fits > width - indent + 0.01) flush(false);
          curW = cur.length === 0 ? cw : curW + space + cw;
          cur.push(chunk);
        }
      }
      flush(true);
    }
    return lines;
  }

  /** Cuts a word into chunks: the first at most `first` wide, the rest at most `rest`. */
  private splitWord(word: Word, style: FontStyle, first: number, rest: number): Word[] {
    const chunks: Word[] = [];
    let limit = first;
    let pieces: Piece[] = [];
    let w = 0;
    for (const piece of word.pieces) {
      const key = this.faceKey(style, piece.face);
      let text = '';
      let tw = 0;
      for (const ch of piece.text) {
        const cw = this.advance(key, ch);
        if (w + tw + cw > limit && (w + tw > 0 || pieces.length > 0)) {
          if (text) pieces.push({ face: piece.face, text, w: tw });
          chunks.push({ pieces, w: w + tw });
          pieces = [];
          w = 0;
          text = '';
          tw = 0;
          limit = rest;
        }
        text += ch;
        tw += cw;
      }
      if (text) pieces.push({ face: piece.face, text, w: tw });
      w += tw;
    }
    if (pieces.length > 0) chunks.push({ pieces, w });
    return chunks;
  }

  /** Draws one line whose box top is `y`, within [x, x + width]. */
  drawLine(line: Line, x: number, y: number, width: number, align: Align = 'left'): void {
    const { style, size } = line;
    const scale = size / 1000;
    const space = this.spaceWidth(style, size);
    const room = width - line.indent;
    let cx = x + line.indent;
    let extra = 0;
    if (align === 'center') cx += Math.max(0, (room - line.width) / 2);
    else if (align === 'right') cx += Math.max(0, room - line.width);
    else if (align === 'justify' && !line.last && line.words.length > 1) {
      extra = Math.max(0, (room - line.width) / (line.words.length - 1));
    }
    // Each piece is drawn at its own measured position. Merging words into one text call with
    // pdfkit's wordSpacing lost whole runs of non-Latin text (a Cyrillic name followed by a
    // Greek one vanished), so spacing is done here, not by pdfkit.
    line.words.forEach((word) => {
      for (const piece of word.pieces) {
        this.use(this.faceKey(style, piece.face), size);
        this.doc.text(piece.text, cx, y, { lineBreak: false });
        cx += piece.w * scale;
      }
      cx += space + extra;
    });
  }

  /** Draws lines top-down from `y`; returns the y below the last line. */
  drawLines(
    lines: Line[],
    x: number,
    y: number,
    width: number,
    leading: number,
    align: Align = 'left',
  ): number {
    for (const line of lines) {
      this.drawLine(line, x, y, width, align);
      y += leading;
    }
    return y;
  }
}
