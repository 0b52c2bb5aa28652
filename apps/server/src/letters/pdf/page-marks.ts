/** What goes on every page once the letter is laid out: page numbers and a draft's watermark. */
import { BOTTOM, CM, LEFT, PAGE_H, PAGE_W, WIDTH } from './layout.ts';
import type { Typesetter } from './typeset.ts';

/** "Nomor …" and "Halaman i dari n" at the foot of each page, only when there is more than one. */
export function drawPageNumbers(ts: Typesetter, doc: PDFKit.PDFDocument, number: string): void {
  const range = doc.bufferedPageRange();
  if (range.count > 1) {
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      const fy = BOTTOM + 0.55 * CM;
      const left = ts.setText(`Nomor ${number}`, { size: 8.5, width: WIDTH / 2 })[0];
      if (left) ts.drawLine(left, LEFT, fy, WIDTH / 2);
      const right = ts.setText(`Halaman ${i + 1} dari ${range.count}`, {
        size: 8.5,
        width: WIDTH / 2,
      })[0];
      if (right) ts.drawLine(right, LEFT + WIDTH / 2, fy, WIDTH / 2, 'right');
    }
  }
}

/** The draft watermark on every page. */
export function drawDraftWatermarks(ts: Typesetter, doc: PDFKit.PDFDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    drawDraftWatermark(ts, doc);
  }
}

/** What a draft's watermark says, diagonally across every page (issue 25.3). */
export const DRAFT_WATERMARK = 'DRAF — BELUM BERLAKU';

/** The watermark: large, bold, translucent, corner to corner through the page's centre. */
function drawDraftWatermark(ts: Typesetter, doc: PDFKit.PDFDocument): void {
  // Three quarters of the page's diagonal, so it never runs off a corner.
  const diagonal = Math.hypot(PAGE_W, PAGE_H);
  const size = Math.min(64, (0.72 * diagonal) / ts.widthOf(DRAFT_WATERMARK, 'bold', 1));
  const line = ts.setText(DRAFT_WATERMARK, { style: 'bold', size, width: diagonal })[0];
  if (!line) return;
  const angle = (Math.atan2(PAGE_H, PAGE_W) * 180) / Math.PI;
  doc.save();
  doc.rotate(-angle, { origin: [PAGE_W / 2, PAGE_H / 2] });
  doc.fillColor('#b91c1c').fillOpacity(0.2);
  // One span whose ActualText is the whole phrase: text extraction and screen readers read
  // "DRAF — BELUM BERLAKU" rather than the diagonal glyphs one by one.
  doc.markContent('Span', { actual: DRAFT_WATERMARK });
  ts.drawLine(line, PAGE_W / 2 - line.width / 2, PAGE_H / 2 - size / 2, line.width);
  doc.endMarkedContent();
  doc.restore();
  doc.fillColor('#000000').fillOpacity(1);
}
