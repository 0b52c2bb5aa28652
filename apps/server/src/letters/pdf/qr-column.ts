/**
 * The column left of the signature: the verification QR code with its URL (a draft has a note
 * instead), and under it who signed electronically and when.
 */
import { formatDateTimeId } from '@balai/domain';
import type { LetterPdfSigner } from './letter-input.ts';
import { CM, LEFT, RIGHT, glue } from './layout.ts';
import { qrMatrix } from './qr.ts';
import { SIG_W } from './signature.ts';
import type { Line, Typesetter } from './typeset.ts';

export const QR_SIZE = 2.4 * CM;
/** Width of the column left of the signature, under the QR code. */
export const QR_COLUMN = RIGHT - SIG_W - 0.3 * CM - LEFT;
const E_SIGN_SIZE = 8;
export const E_SIGN_LEAD = 10;

/** "Ditandatangani secara elektronik oleh … pada …", set under the QR code; none unsigned. */
export function electronicSignature(ts: Typesetter, signer: LetterPdfSigner | undefined): Line[] {
  if (!signer?.signedAt) return [];
  const who = `${signer.name.trim()} (${signer.position}${signer.onBehalf ? ', a.n. Kepala Desa' : ''})`;
  const when = formatDateTimeId(signer.signedAt).replace(', ', ' pukul ');
  return ts.setText(glue(`Ditandatangani secara elektronik oleh ${who} pada ${when}.`), {
    style: 'italic',
    size: E_SIGN_SIZE,
    width: QR_COLUMN,
  });
}

/** A draft's QR column: no code, a note that the issued letter carries it; the y below. */
export function drawNoQr(ts: Typesetter, x: number, y: number): number {
  const width = QR_COLUMN;
  let ty = y + 1;
  for (const line of ts.setText(
    'DRAF tanpa kode QR: kode QR untuk memeriksa keaslian dicetak pada surat yang sudah terbit.',
    { style: 'italic', size: 8.5, width },
  )) {
    ts.drawLine(line, x, ty, width);
    ty += 10.5;
  }
  return Math.max(ty, y + QR_SIZE + 3) + 2;
}

/** Draws the QR code and the URL; answers the y below them. */
export function drawQr(
  ts: Typesetter,
  doc: PDFKit.PDFDocument,
  url: string,
  x: number,
  y: number,
): number {
  const qr = qrMatrix(url);
  const m = QR_SIZE / qr.size;
  doc.save();
  for (const [r, c, len] of qr.runs) {
    // A hair wider than the module so neighbouring boxes never show a seam when rasterised.
    doc.rect(x + c * m, y + r * m, len * m + 0.02, m + 0.02);
  }
  doc.fill('#000000');
  doc.restore();
  const isWeb = /^https?:\/\//i.test(url);
  // The verification URL is ours (not resident input): the QR area may link to it.
  if (isWeb) doc.link(x, y, QR_SIZE, QR_SIZE, url);

  const tx = x + QR_SIZE + 0.3 * CM;
  const tw = RIGHT - SIG_W - 0.3 * CM - tx;
  let ty = y + 1;
  for (const line of ts.setText('Pindai kode QR ini untuk memeriksa keaslian surat:', {
    style: 'italic',
    size: 8.5,
    width: tw,
  })) {
    ts.drawLine(line, tx, ty, tw);
    ty += 10.5;
  }
  // The URL on one line if at all possible (people type it, tests grep for it): beside the
  // QR code at 8 pt down to 6 pt, else under the QR code across the whole left column.
  const natural = ts.widthOf(url, 'regular', 1);
  const fit = (width: number) => Math.min(8, width / natural);
  const under = RIGHT - SIG_W - 0.3 * CM - x;
  if (fit(tw) >= 6) {
    const line = ts.setText(url, { size: fit(tw), width: tw })[0];
    if (line) ts.drawLine(line, tx, ty + 1.5, tw);
    return y + QR_SIZE + 3;
  }
  const size = Math.max(6, fit(under));
  let uy = y + QR_SIZE + 3;
  for (const line of ts.setText(url, { size, width: under })) {
    ts.drawLine(line, x, uy, under);
    uy += size * 1.25;
  }
  return uy;
}
