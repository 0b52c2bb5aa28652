/**
 * The letterhead (kop surat): logo left; PEMERINTAH KABUPATEN / KECAMATAN / DESA; the address
 * line and the phone/e-mail line, each broken only between its parts; a thick and a thin rule.
 */
import type { LetterPdfInput } from './letter-input.ts';
import { CM, LEFT, M, RIGHT, WIDTH, type Names } from './layout.ts';
import type { PreparedLogo } from './logo.ts';
import type { Line, Typesetter } from './typeset.ts';

const LOGO_BOX = 2.4 * CM;
/** The letterhead's address and contact lines: 10.5 pt, shrunk to 9 pt at most to stay one line. */
const CONTACT_SIZE = 10.5;
const CONTACT_MIN = 9;
const CONTACT_LEAD = 12.5;

/** Draws the letterhead; answers the y below its rules. */
export function letterhead(
  ts: Typesetter,
  doc: PDFKit.PDFDocument,
  input: Pick<LetterPdfInput, 'village'>,
  logo: PreparedLogo | null,
  names: Names,
): number {
  const v = input.village;
  const top = M.top;
  const gap = 0.3 * CM;
  const heads: { text: string; size: number; lead: number }[] = [
    { text: `PEMERINTAH ${names.kab.label} ${names.kab.name}`.toUpperCase(), size: 14, lead: 17 },
    { text: `KECAMATAN ${names.kec}`.toUpperCase(), size: 14, lead: 17 },
    { text: `DESA ${names.desa}`.toUpperCase(), size: 18, lead: 22 },
  ];
  // Centre on the page when the lines fit between equal reserves on both sides (the usual
  // kop surat); otherwise centre in the room right of the logo, shrinking long lines.
  const reserve = logo ? LOGO_BOX + gap : 0;
  const symmetric = heads.every((h) => ts.widthOf(h.text, 'bold', h.size) <= WIDTH - 2 * reserve);
  const x = LEFT + reserve;
  const width = symmetric ? WIDTH - 2 * reserve : WIDTH - reserve;

  let y = top;
  for (const h of heads) {
    const natural = ts.widthOf(h.text, 'bold', h.size);
    const size = natural > width ? Math.max(h.size * 0.75, (h.size * width) / natural) : h.size;
    const lines = ts.setText(h.text, { style: 'bold', size, width });
    for (const line of lines) {
      ts.drawLine(line, x, y, width, 'center');
      y += (h.lead * size) / h.size;
    }
  }
  // The address and the phone/e-mail line, each broken only between its parts (", " and
  // " • "), never inside one: "Kode Pos 16720" and an e-mail address always stay whole.
  const address = [
    ...v.address
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    v.postal_code.trim() ? `Kode Pos ${v.postal_code.trim()}` : '',
  ].filter(Boolean);
  const reach = [
    v.phone.trim() ? `Telp. ${v.phone.trim()}` : '',
    v.email.trim() ? `Surel: ${v.email.trim()}` : '',
  ].filter(Boolean);
  const groups = [
    { parts: address, sep: ', ' },
    { parts: reach, sep: ' \u2022 ' },
  ].filter((g) => g.parts.length > 0);
  // One size for both lines: the largest at which each fits on one line, if that is 9 pt or more.
  const shared = Math.min(
    CONTACT_SIZE,
    ...groups.map((g) => {
      const natural = ts.widthOf(g.parts.join(g.sep), 'italic', CONTACT_SIZE);
      return Math.floor(((CONTACT_SIZE * width) / natural) * 10) / 10;
    }),
  );
  const contact = groups.flatMap((g) =>
    contactLines(ts, g.parts, g.sep, width, shared >= CONTACT_MIN ? shared : CONTACT_SIZE),
  );
  if (contact.length > 0) {
    y += 2;
    for (const line of contact) {
      ts.drawLine(line, x, y, width, 'center');
      y += (CONTACT_LEAD * line.size) / CONTACT_SIZE;
    }
  }
  let bottom = y + 3;
  if (logo) {
    const scale = Math.min(LOGO_BOX / logo.width, LOGO_BOX / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    const boxTop = top + Math.max(0, (bottom - top - LOGO_BOX) / 2);
    doc.image(logo.png, LEFT + (LOGO_BOX - w) / 2, boxTop + (LOGO_BOX - h) / 2, {
      width: w,
      height: h,
    });
    bottom = Math.max(bottom, boxTop + LOGO_BOX + 3);
  }
  doc.lineCap('butt');
  doc.moveTo(LEFT, bottom).lineTo(RIGHT, bottom).lineWidth(2.6).stroke();
  doc
    .moveTo(LEFT, bottom + 3.4)
    .lineTo(RIGHT, bottom + 3.4)
    .lineWidth(0.8)
    .stroke();
  return bottom + 3.4;
}

/**
 * Lines of one part of the letterhead's contact text: all parts on one line if they fit at
 * `size`, otherwise as many whole parts per line as fit. Only a part wider than a line by
 * itself is broken between words.
 */
function contactLines(
  ts: Typesetter,
  parts: string[],
  sep: string,
  width: number,
  size: number,
): Line[] {
  const style = 'italic';
  const one = parts.join(sep);
  if (ts.widthOf(one, style, size) <= width + 0.01) {
    return ts.setText(one, { style, size, width: width + 1000 }).slice(0, 1);
  }
  // A line broken after a comma keeps it; a line broken at " • " drops the bullet.
  const tail = sep.trim() === ',' ? ',' : '';
  const texts: string[] = [];
  let cur = '';
  for (const part of parts) {
    const next = cur ? `${cur}${sep}${part}` : part;
    if (!cur || ts.widthOf(`${next}${tail}`, style, size) <= width) {
      cur = next;
    } else {
      texts.push(`${cur}${tail}`);
      cur = part;
    }
  }
  if (cur) texts.push(cur);
  return texts.flatMap((t) => ts.setText(t, { style, size, width }));
}
