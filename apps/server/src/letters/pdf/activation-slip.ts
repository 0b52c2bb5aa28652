/**
 * The slip of an activation code (issue 21.2, ADR 0029): two slips per A4 page, each a half
 * page (A5 landscape) with the village's letterhead, the person (name, NIK masked to its last
 * four digits, dusun/RW/RT), the code in large type, a QR code that opens the activation page
 * with the code filled in, the expiry date and short instructions; a dashed cut line between
 * the two. The code exists nowhere else: the database holds only its hash.
 */
import PDFDocument from 'pdfkit';
import { formatActivationCode, formatDateId } from '@balai/domain';
import type { LetterPdfVillage } from './letter-input.ts';
import { CM, LEFT, M, PAGE_H, PAGE_W, RIGHT, WIDTH, regency, stripPrefix } from './layout.ts';
import { letterhead } from './letterhead.ts';
import { prepareLogo, type PreparedLogo } from './logo.ts';
import { qrMatrix } from './qr.ts';
import { Typesetter } from './typeset.ts';

export interface ActivationSlip {
  name: string;
  /** The NIK as printed: masked but for its last four digits. */
  nik: string;
  /** "Dusun Krajan, RW 1, RT 2" (what the register knows). */
  place: string;
  /** The code, ten characters (printed in two groups). */
  code: string;
  /** The activation page with the code, on the village's public address. */
  url: string;
  /** Last day the code works, YYYY-MM-DD. */
  expiresOn: string;
}

/** Slips per A4 page. */
export const SLIPS_PER_PAGE = 2;
const HALF = PAGE_H / SLIPS_PER_PAGE;
/** Where a slip's letterhead starts below the top of its half. */
const SLIP_TOP = 0.9 * CM;
const QR_SIDE = 3.2 * CM;

export async function renderActivationSlips(
  village: LetterPdfVillage,
  slips: readonly ActivationSlip[],
  createdAt: Date,
): Promise<Buffer> {
  if (slips.length === 0) throw new Error('tidak ada slip');
  const logo: PreparedLogo | null =
    village.logo && village.logo.length > 0
      ? await prepareLogo(village.logo).catch(() => null)
      : null;
  const names = {
    desa: stripPrefix(village.name, /^desa\s+/i),
    kec: stripPrefix(village.kecamatan, /^(kecamatan|kec\.)\s*/i),
    kab: regency(village.kabupaten),
  };
  const doc = new PDFDocument({
    size: [PAGE_W, PAGE_H],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    font: null as unknown as string,
    lang: 'id-ID',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `Slip Kode Aktivasi Akun Warga Desa ${names.desa}`,
      Author: `Pemerintah Desa ${names.desa}`,
      Creator: 'Balai',
      Producer: 'Balai (PDFKit)',
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ts = new Typesetter(doc);

  slips.forEach((slip, i) => {
    const slot = i % SLIPS_PER_PAGE;
    if (slot === 0) doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    doc.fillColor('#000000').strokeColor('#000000');
    doc.save();
    // The letterhead draws from the letter's top margin: shift it into this half.
    doc.translate(0, slot * HALF + SLIP_TOP - M.top);
    const below = letterhead(ts, doc, { village }, logo, names);
    drawSlip(ts, doc, slip, below);
    doc.restore();
    if (slot < SLIPS_PER_PAGE - 1 && i < slips.length - 1) cutLine(ts, doc, (slot + 1) * HALF);
  });
  doc.end();
  return done;
}

/** One slip's body below its letterhead (coordinates of the letterhead's page). */
function drawSlip(ts: Typesetter, doc: PDFKit.PDFDocument, slip: ActivationSlip, top: number) {
  let y = top + 12;
  for (const line of ts.setText('SLIP KODE AKTIVASI AKUN WARGA', {
    style: 'bold',
    size: 13,
    width: WIDTH,
  })) {
    ts.drawLine(line, LEFT, y, WIDTH, 'center');
    y += 16;
  }
  y += 6;
  const textWidth = WIDTH - QR_SIDE - 0.6 * CM;
  const qrTop = y;
  const labelW = 2.6 * CM;
  const rows: [string, string][] = [
    ['Nama', slip.name],
    ['NIK', slip.nik],
    ['Alamat', slip.place || '-'],
  ];
  for (const [label, value] of rows) {
    const lines = ts.setText(value, { size: 11.5, width: textWidth - labelW - 10 });
    ts.drawLine(ts.setText(label, { size: 11.5, width: labelW })[0]!, LEFT, y, labelW);
    ts.drawLine(ts.setText(':', { size: 11.5, width: 10 })[0]!, LEFT + labelW, y, 10);
    y = ts.drawLines(lines, LEFT + labelW + 10, y, textWidth - labelW - 10, 14);
  }
  y += 8;
  ts.drawLine(
    ts.setText('Kode aktivasi:', { size: 11.5, width: textWidth })[0]!,
    LEFT,
    y,
    textWidth,
  );
  y += 16;
  const code = formatActivationCode(slip.code);
  // The code large, in a box, so it is read and typed without doubt.
  const size = 28;
  const codeLine = ts.setText(code, {
    style: 'bold',
    size,
    width: textWidth,
  })[0]!;
  const boxW = codeLine.width + 24;
  doc
    .roundedRect(LEFT, y, boxW, size + 14, 4)
    .lineWidth(1.2)
    .stroke();
  ts.drawLine(codeLine, LEFT + 12, y + 7, codeLine.width + 1);
  y += size + 14 + 8;
  for (const line of ts.setText(
    `Berlaku sampai ${formatDateId(slip.expiresOn)}; hanya dapat dipakai satu kali.`,
    {
      style: 'bold',
      size: 11,
      width: textWidth,
    },
  )) {
    ts.drawLine(line, LEFT, y, textWidth);
    y += 13.5;
  }
  y += 4;
  const steps = [
    `1. Buka ${displayUrl(slip.url)} atau pindai kode QR di samping.`,
    '2. Ketik kode di atas, nomor HP (atau e-mail), dan kata sandi baru.',
    '3. Setelah itu masuk dengan NIK atau nomor HP dan kata sandi tersebut.',
    'Simpan slip ini baik-baik dan jangan berikan kodenya kepada orang lain. Kode yang hilang dapat dicabut dan diganti oleh kantor desa.',
  ];
  for (const step of steps) {
    for (const line of ts.setText(step, { size: 10, width: WIDTH })) {
      ts.drawLine(line, LEFT, y, WIDTH);
      y += 12;
    }
  }
  drawQr(doc, slip.url, RIGHT - QR_SIDE, qrTop);
  ts.drawLine(
    ts.setText('Pindai untuk aktivasi', { style: 'italic', size: 8.5, width: QR_SIDE + 20 })[0]!,
    RIGHT - QR_SIDE - 10,
    qrTop + QR_SIDE + 3,
    QR_SIDE + 20,
    'center',
  );
}

/** The page of the activation without its code and scheme, to read out: "desa.id/auth/activate". */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\?.*$/, '');
}

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number) {
  const qr = qrMatrix(url);
  const m = QR_SIDE / qr.size;
  doc.save();
  for (const [r, c, len] of qr.runs) doc.rect(x + c * m, y + r * m, len * m + 0.02, m + 0.02);
  doc.fill('#000000');
  doc.restore();
}

/** A dashed line across the page with "gunting di sini" in its middle. */
function cutLine(ts: Typesetter, doc: PDFKit.PDFDocument, y: number) {
  const label = ts.setText('gunting di sini', { style: 'italic', size: 8, width: 200 })[0]!;
  const gap = label.width + 16;
  const mid = PAGE_W / 2;
  doc.save();
  doc.lineWidth(0.6).dash(4, { space: 3 }).strokeColor('#555555');
  doc
    .moveTo(0.8 * CM, y)
    .lineTo(mid - gap / 2, y)
    .stroke();
  doc
    .moveTo(mid + gap / 2, y)
    .lineTo(PAGE_W - 0.8 * CM, y)
    .stroke();
  doc.undash();
  doc.restore();
  doc.fillColor('#555555');
  ts.drawLine(label, mid - label.width / 2, y - 4.5, label.width + 1);
  doc.fillColor('#000000');
}
