/**
 * The body's flow down the pages: the current y, a new page when the next lines do not fit,
 * paragraphs flowing line by line, and the two-column tables (label : value) whose rows are
 * never split over two pages when they fit on one.
 */
import type { FontStyle } from './fonts.ts';
import type { LetterPdfRow } from './letter-input.ts';
import {
  BODY,
  BOTTOM,
  CM,
  INDENT,
  LEAD,
  LEFT,
  M,
  PAGE_H,
  PAGE_W,
  RIGHT,
  WIDTH,
  glue,
} from './layout.ts';
import type { Align, Line, Typesetter } from './typeset.ts';

/** Where a table's columns start and how wide they are. */
export interface Columns {
  numX: number;
  numW: number;
  labelX: number;
  labelW: number;
  colonX: number;
  valueX: number;
  valueW: number;
}

/** One set of columns for all of a letter's tables, so the colons line up. */
export function tableColumns(
  ts: Typesetter,
  count: number,
  rows: readonly LetterPdfRow[],
): Columns {
  const numX = LEFT + 0.5 * CM;
  const numW = ts.widthOf(`${Math.max(count, 1)}.`, 'regular', BODY) + 8;
  const labelX = numX + numW;
  const widest = rows.reduce((m, [label]) => Math.max(m, ts.widthOf(label, 'regular', BODY)), 0);
  const labelW = Math.min(Math.max(widest + 6, 4 * CM), 6.2 * CM);
  const colonX = labelX + labelW;
  const valueX = colonX + ts.widthOf(':', 'regular', BODY) + 6;
  return { numX, numW, labelX, labelW, colonX, valueX, valueW: RIGHT - valueX };
}

export class LetterFlow {
  /** The top of the next line on the current page. */
  y = M.top;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly ts: Typesetter,
  ) {}

  newPage(): void {
    this.doc.addPage({
      size: [PAGE_W, PAGE_H],
      margins: { top: M.top, bottom: M.bottom, left: M.left, right: M.right },
    });
    this.y = M.top;
  }

  /** Moves to a new page unless `h` points still fit above the bottom margin. */
  ensure(h: number): void {
    if (this.y + h > BOTTOM + 0.01 && this.y > M.top + 0.01) this.newPage();
  }

  set(text: string, width: number, style: FontStyle = 'regular', size = BODY): Line[] {
    return this.ts.setText(text, { style, size, width });
  }

  /** Body paragraph(s), flowing across pages line by line. */
  paragraph(text: string, align: Align = 'justify', indent = INDENT): void {
    const lines = this.ts.setText(glue(text), { size: BODY, width: WIDTH, firstIndent: indent });
    lines.forEach((line, i) => {
      this.ensure(LEAD);
      this.ts.drawLine(line, LEFT, this.y, WIDTH, align);
      this.y += LEAD;
      // A little air between the paragraphs of one text (a typed "\n").
      if (line.last && i < lines.length - 1) this.y += 3;
    });
  }

  /** Where lines drawn from `top` as the body flows would end: y and lines on that page. */
  flowEnd(lines: readonly Line[], top: number): { y: number; onPage: number } {
    let yy = top;
    let onPage = 0;
    lines.forEach((line, i) => {
      if (yy + LEAD > BOTTOM + 0.01 && yy > M.top + 0.01) {
        yy = M.top;
        onPage = 0;
      }
      yy += LEAD;
      onPage++;
      if (line.last && i < lines.length - 1) yy += 3;
    });
    return { y: yy, onPage };
  }

  /** A table of rows, numbered 1., 2., … or not. */
  table(rows: readonly LetterPdfRow[], numbered: boolean, cols: Columns): void {
    const ts = this.ts;
    rows.forEach(([label, value], i) => {
      const labelLines = this.set(label, cols.labelW);
      const valueLines = this.set(value.trim() === '' ? '-' : glue(value), cols.valueW);
      const n = Math.max(labelLines.length, valueLines.length);
      // Keep a row on one page when it can fit on one; otherwise flow it line by line.
      if (n * LEAD <= BOTTOM - M.top) this.ensure(n * LEAD);
      for (let k = 0; k < n; k++) {
        this.ensure(LEAD);
        if (k === 0) {
          if (numbered) {
            const num = this.set(`${i + 1}.`, cols.numW);
            const first = num[0];
            if (first) ts.drawLine(first, cols.numX, this.y, cols.numW - 5, 'right');
          }
          const colon = this.set(':', 10)[0];
          if (colon) ts.drawLine(colon, cols.colonX, this.y, 10);
        }
        const l = labelLines[k];
        if (l) ts.drawLine(l, cols.labelX, this.y, cols.labelW);
        const val = valueLines[k];
        if (val) ts.drawLine(val, cols.valueX, this.y, cols.valueW);
        this.y += LEAD;
      }
    });
  }
}
