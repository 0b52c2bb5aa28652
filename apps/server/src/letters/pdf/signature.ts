/**
 * The signature block at the bottom right: place and date, the signer's position (the
 * Sekretaris Desa signs "a.n. Kepala Desa"), room for the wet signature and stamp or the
 * signer's scanned signature, the name underlined and the NIP.
 */
import type { FontStyle } from './fonts.ts';
import type { LetterPdfSigner, LetterPdfVillage } from './letter-input.ts';
import { BODY, CM, LEAD, RIGHT } from './layout.ts';
import { ASCENT, type Line, type Typesetter } from './typeset.ts';

export const SIG_W = 6.8 * CM;
/** Between the closing paragraph and the place and date. */
export const SIG_GAP = 12;
/** Between "Kepala Desa …" and the name: room for a wet signature and the stamp over it. */
const SIG_SPACE = 3.25 * CM;

export interface Signature {
  place: Line[];
  role: Line[];
  name: Line[];
  nip: Line[];
  image: Uint8Array | null;
  height: number;
}

export function signatureLines(
  ts: Typesetter,
  v: LetterPdfVillage,
  desa: string,
  dateText: string,
  signer: LetterPdfSigner | undefined,
): Signature {
  const set = (text: string, style: FontStyle = 'regular') =>
    ts.setText(text, { style, size: BODY, width: SIG_W });
  // Keep the date whole: "{desa}, {date}" on one line, else the date on a line of its own.
  const whole = set(`${desa}, ${dateText}`);
  const place = whole.length === 1 ? whole : [...set(`${desa},`), ...set(dateText)];
  // The signer's own record when there is one; the settings' free text otherwise.
  const role = signer?.onBehalf
    ? [...set(`a.n. Kepala Desa ${desa}`), ...set(signer.position)]
    : set(`${signer?.position ?? 'Kepala Desa'} ${desa}`);
  const nameText = (signer ? signer.name : v.head_name).trim() || '-';
  const nipText = (signer ? signer.nip : v.head_nip)?.trim();
  const name = set(nameText, 'bold');
  const nip = nipText ? set(`NIP. ${nipText}`) : [];
  const lines = place.length + role.length + name.length + nip.length;
  const image = signer?.image && signer.image.length > 0 ? signer.image : null;
  return { place, role, name, nip, image, height: lines * LEAD + SIG_SPACE };
}

/** Draws the block with its top at `top`. */
export function drawSignature(
  ts: Typesetter,
  doc: PDFKit.PDFDocument,
  sig: Signature,
  top: number,
) {
  const x = RIGHT - SIG_W;
  let y = top;
  for (const line of [...sig.place, ...sig.role]) {
    ts.drawLine(line, x, y, SIG_W, 'center');
    y += LEAD;
  }
  if (sig.image) {
    // The signer's scanned signature, fitted into the room for it and centred.
    const room = { w: SIG_W - 0.5 * CM, h: SIG_SPACE - 0.3 * CM };
    doc.image(Buffer.from(sig.image), x + (SIG_W - room.w) / 2, y + 0.15 * CM, {
      fit: [room.w, room.h],
      align: 'center',
      valign: 'center',
    });
  }
  y += SIG_SPACE;
  for (const line of sig.name) {
    ts.drawLine(line, x, y, SIG_W, 'center');
    const x0 = x + Math.max(0, (SIG_W - line.width) / 2);
    const uy = y + BODY * ASCENT + 1.8;
    doc
      .moveTo(x0, uy)
      .lineTo(x0 + Math.min(line.width, SIG_W), uy)
      .lineWidth(0.8)
      .stroke();
    y += LEAD;
  }
  for (const line of sig.nip) {
    ts.drawLine(line, x, y, SIG_W, 'center');
    y += LEAD;
  }
}
