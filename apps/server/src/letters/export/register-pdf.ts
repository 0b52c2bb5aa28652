/**
 * The register of outgoing letters (*buku agenda surat keluar*) as a printable PDF: A4
 * landscape, a table of the letters issued in a period, on the letters' own type stack (Tinos
 * through `letters/pdf/typeset.ts`, fonts embedded, no network).
 *
 * - The first page has the title: BUKU AGENDA SURAT KELUAR, the village (kecamatan, kabupaten)
 *   and the period. Every later page has a one-line running head with the village and the
 *   period.
 * - The table's header row is repeated at the top of every page.
 * - A row is never split over a page break: rows are measured first (pass 1), then pages are
 *   filled with whole rows (pass 2). Every cell's text is bounded (a number ≤ 120 characters, a
 *   name ≤ 100, the purpose ≤ 500), so a row is always far shorter than a page.
 * - Every page has "Halaman x dari y" at its foot (known before drawing, from pass 1), and when
 *   it was printed.
 *
 * The document is returned as a stream while its pages are drawn, one page per turn of the
 * event loop, so a register of thousands of letters neither blocks the server nor piles up in
 * memory ahead of a slow reader.
 */
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatDateId, formatDateTimeId } from '@balai/domain';
import { ASCENT, Typesetter, type Line } from '../pdf/typeset.ts';
import type { FontStyle } from '../pdf/fonts.ts';

export interface RegisterPdfRow {
  number: string;
  /** Issue instant (ISO); printed as the village day, "23 November 2026". */
  issuedAt: string;
  typeTitle: string;
  applicantName: string;
  purpose: string | null;
}

export interface RegisterPdfInput {
  /** "Sukamaju" (without "Desa"). */
  villageName: string;
  kecamatan: string;
  kabupaten: string;
  /** Village days, inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
  /** When the register is of one letter type: its title, printed after the period. */
  typeTitle?: string | null;
  /** When it was printed (ISO): the footer, and the PDF's creation date. */
  printedAt: string;
  rows: readonly RegisterPdfRow[];
}

/** The table's columns: header and share of the width (the last takes the rest). */
export const REGISTER_COLUMNS = [
  { header: 'No.', width: 34, align: 'right' },
  { header: 'Nomor Surat', width: 150, align: 'left' },
  { header: 'Tanggal', width: 84, align: 'left' },
  { header: 'Jenis Surat', width: 150, align: 'left' },
  { header: 'Pemohon', width: 140, align: 'left' },
  { header: 'Keperluan', width: 0, align: 'left' },
] as const;

// A4 landscape, in points.
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const LEFT = 42.52; // 1.5 cm
const RIGHT = PAGE_W - 42.52;
const TOP = 36;
const FOOT_Y = PAGE_H - 30;
/** The table ends above the footer. */
const BOTTOM = PAGE_H - 44;
const WIDTH = RIGHT - LEFT;

const SIZE = 9;
const LEADING = 11;
const PAD_X = 3;
const PAD_Y = 3;
const BORDER = 0.5;
const HEADER_FILL = '#e7e5e4';
/** A cell's text is cut to this many characters (longer than any field allows), so a row always fits a page. */
const MAX_CELL = 600;

const NBSP = '\u00a0';

interface Cell {
  text: string;
  style: FontStyle;
}

interface PreparedRow {
  cells: Cell[];
  height: number;
}

/** "Periode 1 November 2026 s.d. 30 November 2026" (one day: "Periode 23 November 2026"). */
export function periodLabel(from: string, to: string): string {
  return from === to
    ? `Periode ${formatDateId(from)}`
    : `Periode ${formatDateId(from)} s.d. ${formatDateId(to)}`;
}

function columnWidths(): number[] {
  const fixed = REGISTER_COLUMNS.reduce((s, c) => s + c.width, 0);
  return REGISTER_COLUMNS.map((c) => (c.width === 0 ? WIDTH - fixed : c.width));
}

/** The village day of an instant (WIB, UTC+7), as "23 November 2026" that never breaks. */
function issueDay(iso: string): string {
  const day = new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);
  return formatDateId(day).replace(/ /g, NBSP);
}

const clip = (s: string) => (s.length > MAX_CELL ? `${s.slice(0, MAX_CELL - 1)}…` : s);

/** Renders the register; the stream ends with the last byte of the PDF. */
export function renderRegisterPdf(input: RegisterPdfInput): Readable {
  const printed = new Date(input.printedAt);
  const desa = input.villageName;
  const period = `${periodLabel(input.from, input.to)}${input.typeTitle ? ` · ${input.typeTitle}` : ''}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    lang: 'id-ID',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `Buku Agenda Surat Keluar Desa ${desa}, ${period}`,
      Author: `Pemerintah Desa ${desa}`,
      Creator: 'Balai',
      Producer: 'Balai (PDFKit)',
      CreationDate: printed,
      ModDate: printed,
    },
  });
  const ts = new Typesetter(doc);
  const widths = columnWidths();
  const lefts = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const linesOf = (cell: Cell, i: number): Line[] =>
    ts.setText(cell.text, { style: cell.style, size: SIZE, width: widths[i]! - 2 * PAD_X });
  const measure = (cells: Cell[]): PreparedRow => ({
    cells,
    height: Math.max(...cells.map((c, i) => linesOf(c, i).length)) * LEADING + 2 * PAD_Y,
  });

  // Pass 1: every row's height, and the pages they fill.
  const header = measure(REGISTER_COLUMNS.map((c) => ({ text: c.header, style: 'bold' })));
  const titleHeight = 3 * 17 + 10;
  const runningHeadHeight = LEADING + 8;
  const rows: PreparedRow[] = input.rows.map((r, i) =>
    measure([
      { text: String(i + 1), style: 'regular' },
      { text: clip(r.number), style: 'regular' },
      { text: issueDay(r.issuedAt), style: 'regular' },
      { text: clip(r.typeTitle), style: 'regular' },
      { text: clip(r.applicantName), style: 'regular' },
      { text: clip(r.purpose ?? '–'), style: 'regular' },
    ]),
  );
  const pages: PreparedRow[][] = [[]];
  let y = TOP + titleHeight + header.height;
  for (const row of rows) {
    if (y + row.height > BOTTOM && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = TOP + runningHeadHeight + header.height;
    }
    pages.at(-1)!.push(row);
    y += row.height;
  }

  const centred = (text: string, style: FontStyle, size: number, top: number) => {
    const lines = ts.setText(text, { style, size, width: WIDTH });
    return ts.drawLines(lines, LEFT, top, WIDTH, size + 3, 'center');
  };

  const drawRow = (row: PreparedRow, top: number, fill: string | null) => {
    if (fill) {
      doc.rect(LEFT, top, WIDTH, row.height).fillColor(fill).fill();
      doc.fillColor('#000000');
    }
    doc.lineWidth(BORDER).strokeColor('#444444');
    doc.rect(LEFT, top, WIDTH, row.height).stroke();
    for (const x of lefts.slice(1)) {
      doc
        .moveTo(x, top)
        .lineTo(x, top + row.height)
        .stroke();
    }
    row.cells.forEach((cell, i) => {
      const align = REGISTER_COLUMNS[i]!.align;
      ts.drawLines(
        linesOf(cell, i),
        lefts[i]! + PAD_X,
        top + PAD_Y + (LEADING - SIZE * (ASCENT + 0.216)) / 2,
        widths[i]! - 2 * PAD_X,
        LEADING,
        align,
      );
    });
    return top + row.height;
  };

  const drawPage = (n: number) => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    doc.fillColor('#000000');
    let top = TOP;
    if (n === 0) {
      top = centred('BUKU AGENDA SURAT KELUAR', 'bold', 14, top);
      top = centred(
        `Pemerintah Desa ${desa}, Kecamatan ${input.kecamatan}, ${input.kabupaten}`,
        'regular',
        11,
        top,
      );
      top = centred(period, 'regular', 11, top);
      top = TOP + titleHeight;
    } else {
      const head = ts.setText(`Buku Agenda Surat Keluar Desa ${desa} · ${period}`, {
        style: 'italic',
        size: SIZE,
        width: WIDTH,
      });
      ts.drawLines(head.slice(0, 1), LEFT, top, WIDTH, LEADING);
      top += runningHeadHeight;
    }
    top = drawRow(header, top, HEADER_FILL);
    const body = pages[n]!;
    for (const row of body) top = drawRow(row, top, null);
    if (n === 0 && rows.length === 0) {
      ts.drawLines(
        ts.setText('Tidak ada surat yang terbit pada periode ini.', {
          style: 'italic',
          size: SIZE + 1,
          width: WIDTH,
        }),
        LEFT,
        top + 8,
        WIDTH,
        LEADING,
        'center',
      );
    }
    const foot = `Halaman ${n + 1} dari ${pages.length}`;
    ts.drawLines(
      ts.setText(foot, { size: SIZE, width: WIDTH }),
      LEFT,
      FOOT_Y,
      WIDTH,
      LEADING,
      'right',
    );
    ts.drawLines(
      ts.setText(`Dicetak ${formatDateTimeId(input.printedAt)}`, { size: SIZE, width: WIDTH }),
      LEFT,
      FOOT_Y,
      WIDTH,
      LEADING,
      'left',
    );
  };

  // Pass 2: one page per turn of the event loop, pausing while a slow reader has 1 MB unread.
  const draw = async () => {
    for (let n = 0; n < pages.length; n++) {
      if (doc.destroyed) return;
      drawPage(n);
      await new Promise((r) => setImmediate(r));
      while (doc.readableLength > 1 << 20 && !doc.destroyed) {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    doc.end();
  };
  draw().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}

/** The whole PDF in memory (tests, previews). */
export async function registerPdfBytes(input: RegisterPdfInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of renderRegisterPdf(input)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
