import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatDateId } from '@balai/domain';
import type { RegisterMonthlyReport } from '@balai/domain/contract';
import { Typesetter } from '../../letters/pdf/typeset.ts';
import type { FontStyle } from '../../letters/pdf/fonts.ts';
import { REPORT_LINES } from './workbook.ts';

/**
 * The monthly report as an A4 portrait PDF on the letters' type stack (Tinos, embedded): the
 * table of the month by sex, then the late reports, page after page as needed.
 */

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 56;
const WIDTH = PAGE_W - 2 * LEFT;
const TOP = 56;
const BOTTOM = PAGE_H - 56;
const SIZE = 10.5;
const LEADING = 15;

export function renderReportPdf(
  r: RegisterMonthlyReport,
  village: string,
  printedAt: Date,
): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    lang: 'id-ID',
    displayTitle: true,
    info: {
      Title: `Laporan Bulanan Penduduk Desa ${village} ${r.month}`,
      Author: `Pemerintah Desa ${village}`,
      Creator: 'Balai',
      Producer: 'Balai (PDFKit)',
      CreationDate: printedAt,
    },
  });
  const ts = new Typesetter(doc);
  let y = TOP;
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = TOP;
  };
  const text = (
    s: string,
    x: number,
    w: number,
    style: FontStyle = 'regular',
    size = SIZE,
    align: 'left' | 'right' | 'center' = 'left',
  ) => {
    const lines = ts.setText(s, { style, size, width: w });
    ts.drawLines(lines, x, y, w, size + 4.5, align);
    return lines.length * (size + 4.5);
  };
  const ensure = (h: number) => {
    if (y + h > BOTTOM) newPage();
  };

  newPage();
  y += text('LAPORAN BULANAN PENDUDUK', LEFT, WIDTH, 'bold', 14, 'center');
  y += text(`DESA ${village.toUpperCase()}`, LEFT, WIDTH, 'bold', 12, 'center');
  y += text(
    `Bulan ${formatDateId(r.from).replace(/^\d+ /, '')} (${formatDateId(r.from)} – ${formatDateId(r.to)}), menurut tanggal kejadian`,
    LEFT,
    WIDTH,
    'regular',
    SIZE,
    'center',
  );
  y += 14;

  const cols = [WIDTH - 3 * 80, 80, 80, 80];
  const xs = cols.map((_, i) => LEFT + cols.slice(0, i).reduce((a, b) => a + b, 0));
  const row = (cells: string[], style: FontStyle) => {
    const h = LEADING + 6;
    ensure(h);
    doc.lineWidth(0.5).rect(LEFT, y, WIDTH, h).stroke();
    cells.forEach((c, i) => {
      const save = y;
      y += 4;
      text(c, xs[i]! + 5, cols[i]! - 10, style, SIZE, i === 0 ? 'left' : 'right');
      y = save;
    });
    y += h;
  };
  row(['Rincian', 'Laki-laki', 'Perempuan', 'Jumlah'], 'bold');
  for (const [label, key] of REPORT_LINES) {
    const v = r[key] as { male: number; female: number; total: number };
    row(
      [label, String(v.male), String(v.female), String(v.total)],
      key === 'start' || key === 'end' ? 'bold' : 'regular',
    );
  }
  y += 8;
  ensure(LEADING * 2);
  y += text(
    'Jumlah akhir bulan = awal bulan + lahir + datang − meninggal − pindah keluar − hilang; akhir bulan ini sama dengan awal bulan berikutnya.',
    LEFT,
    WIDTH,
    'italic',
    9,
  );

  const lists = [
    ['Terjadi bulan ini, dilaporkan kemudian', r.late_reports],
    ['Dilaporkan bulan ini, terjadi bulan sebelumnya', r.reported_late_this_month],
  ] as const;
  for (const [title, list] of lists) {
    y += 12;
    ensure(LEADING * 3);
    y += text(title, LEFT, WIDTH, 'bold', 11);
    if (list.length === 0) {
      y += text('Tidak ada.', LEFT, WIDTH);
      continue;
    }
    for (const e of list) {
      ensure(LEADING);
      y += text(
        `${e.person_name} — ${e.kind_label}, terjadi ${formatDateId(e.occurred_on)}, dilaporkan ${formatDateId(e.reported_on)}`,
        LEFT + 10,
        WIDTH - 10,
      );
    }
  }
  doc.end();
  return doc as unknown as Readable;
}
