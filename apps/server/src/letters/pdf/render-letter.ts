/**
 * Official village letter → PDF bytes (A4). Pure: everything arrives resolved in
 * {@link LetterPdfInput}; nothing is read from the database or fetched over the network, and
 * the same input always gives the same bytes (fixed metadata dates, no random ids).
 *
 * Layout, top to bottom: letterhead (logo left; PEMERINTAH KABUPATEN / KECAMATAN / DESA;
 * address line and phone/e-mail line, each broken only between its parts; thick + thin rule),
 * underlined title, "Nomor : …", opening sentence, numbered applicant table, statement, detail
 * table (only fields the statement does not quote), purpose, closing sentence, and at the
 * bottom the signature block (right, 3.25 cm for the wet signature and stamp) beside the
 * verification QR code (left). Every type with typical data fits one A4 page. Long letters
 * continue on further pages: a table row is never split, and the purpose, closing sentence,
 * place and date, signature and QR stay together (they move to the next page together);
 * "Halaman i dari n" is printed only when there is more than one page. docs/letters.md has
 * the rules.
 */
import PDFDocument from 'pdfkit';
import { formatDateTimeId } from '@balai/domain';
import { formatIssueDate, issueDateAsInstant } from './date-id.ts';
import { prepareLogo, type PreparedLogo } from './logo.ts';
import { qrMatrix } from './qr.ts';
import { ASCENT, Typesetter, type Align, type Line } from './typeset.ts';
import type { FontStyle } from './fonts.ts';

export interface LetterPdfVillage {
  /** e.g. "Sukamaju" (a leading "Desa " is tolerated and not doubled). */
  name: string;
  kecamatan: string;
  /** e.g. "Bogor"; "Kota Bogor" / "Kabupaten Bogor" are understood too. */
  kabupaten: string;
  provinsi: string;
  address: string;
  postal_code: string;
  phone: string;
  email: string;
  head_name: string;
  /** Village heads are elected and often have no NIP: null/empty omits the NIP line. */
  head_nip: string | null;
  /** PNG, JPEG or WebP bytes; null for a letterhead without logo. */
  logo: Uint8Array | null;
}

/** One table row: label and value, printed in this order. */
export type LetterPdfRow = readonly [label: string, value: string];

export interface LetterPdfInput {
  village: LetterPdfVillage;
  /** e.g. "SURAT KETERANGAN USAHA". */
  title: string;
  /** e.g. "500/007/3201012001/XI/2026". */
  number: string;
  /** Applicant block in print order: Nama Lengkap, NIK, Tempat/Tanggal Lahir, … */
  applicant: readonly LetterPdfRow[];
  /** The type's statement, filled in; "\n" separates paragraphs. */
  statement: string;
  /** The type's fields, printed as a table below the statement. */
  details?: readonly LetterPdfRow[];
  /** Keperluan; null/empty omits the purpose sentence (optional for some types). */
  purpose: string | null;
  /** Issue date "YYYY-MM-DD", printed as "22 November 2026". */
  issueDate: string;
  /** Exact issue time for the PDF CreationDate; defaults to issueDate 00:00 WIB. */
  issuedAt?: Date | string;
  /** Public verification URL encoded in the QR code and printed beside it (unused by a draft). */
  verifyUrl: string;
  /**
   * A preview, not a letter (issue 25.3): a diagonal "DRAF — BELUM BERLAKU" across every page
   * and no QR code (a note in its place says it comes with the issued letter).
   */
  draft?: boolean;
  /** PDF Subject metadata; defaults to a description of the letter. */
  subject?: string;
  /** Who signs (issue 15): replaces the settings' head_name/head_nip in the signature block. */
  signer?: LetterPdfSigner;
}

/** The signer of the letter, from their own account (docs/signing.md). */
export interface LetterPdfSigner {
  name: string;
  nip: string | null;
  /** "Kepala Desa" or "Sekretaris Desa". */
  position: string;
  /** The Sekretaris Desa signs "a.n. Kepala Desa …". */
  onBehalf: boolean;
  /** The signature image (PNG), drawn in the room for the signature. */
  image: Uint8Array | null;
  /**
   * When the signer approved it: prints "Ditandatangani secara elektronik oleh … pada …" under
   * the QR code. Null for a block that only names the head of village (a preview, a type
   * without approval).
   */
  signedAt: string | null;
}

const CM = 72 / 2.54;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const M = { top: 2 * CM, bottom: 2 * CM, left: 2.5 * CM, right: 2 * CM };
const LEFT = M.left;
const RIGHT = PAGE_W - M.right;
const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE_H - M.bottom;

const BODY = 12;
const LEAD = 14;
const PARA_GAP = 7;
const INDENT = 1.25 * CM;
const LOGO_BOX = 2.4 * CM;
const SIG_W = 6.8 * CM;
/** Between the closing paragraph and the place and date. */
const SIG_GAP = 12;
/** Between "Kepala Desa …" and the name: room for a wet signature and the stamp over it. */
const SIG_SPACE = 3.25 * CM;
const QR_SIZE = 2.4 * CM;
/** The letterhead's address and contact lines: 10.5 pt, shrunk to 9 pt at most to stay one line. */
const CONTACT_SIZE = 10.5;
const CONTACT_MIN = 9;
const CONTACT_LEAD = 12.5;

/** Warms the caches (fonts parsed once per process) so the first letter is fast too. */
export function warmUpLetterPdf(): void {
  Typesetter.warmUp();
}

export async function renderLetterPdf(input: LetterPdfInput): Promise<Buffer> {
  const bytes = input.village.logo;
  let logo: PreparedLogo | null = null;
  if (bytes && bytes.length > 0) {
    // A logo sharp cannot read must not block issuing letters: print without it.
    logo = await prepareLogo(bytes).catch(() => null);
  }
  return renderWithLogo(input, logo);
}

function renderWithLogo(input: LetterPdfInput, logo: PreparedLogo | null): Promise<Buffer> {
  const v = input.village;
  const dateText = formatIssueDate(input.issueDate);
  if (!input.draft && !input.verifyUrl.trim()) throw new Error('verifyUrl wajib diisi');
  const created = creationDate(input);
  const desa = stripPrefix(v.name, /^desa\s+/i);
  const kec = stripPrefix(v.kecamatan, /^(kecamatan|kec\.)\s*/i);
  const kab = regency(v.kabupaten);
  const noun = /^\s*surat\s+pengantar\b/i.test(input.title)
    ? 'surat pengantar'
    : 'surat keterangan';

  const doc = new PDFDocument({
    size: [PAGE_W, PAGE_H],
    margins: { top: M.top, bottom: M.bottom, left: M.left, right: M.right },
    bufferPages: true,
    autoFirstPage: true,
    // No default Helvetica: only the embedded Tinos subsets end up in the file.
    font: null as unknown as string,
    lang: 'id-ID',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: oneLine(`${input.title} Nomor ${input.number}`),
      Author: oneLine(`Pemerintah Desa ${desa}`),
      Subject: oneLine(
        input.subject ??
          `${capitalise(noun)} Desa ${desa}, Kecamatan ${kec}, ${kab.label} ${kab.name}`,
      ),
      Keywords: oneLine(input.number),
      Creator: 'Balai',
      Producer: 'Balai (PDFKit)',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ts = new Typesetter(doc);
  doc.fillColor('#000000').strokeColor('#000000');
  let y = M.top;
  const newPage = () => {
    doc.addPage({
      size: [PAGE_W, PAGE_H],
      margins: { top: M.top, bottom: M.bottom, left: M.left, right: M.right },
    });
    y = M.top;
  };
  /** Moves to a new page unless `h` points still fit above the bottom margin. */
  const ensure = (h: number) => {
    if (y + h > BOTTOM + 0.01 && y > M.top + 0.01) newPage();
  };
  const set = (text: string, width: number, style: FontStyle = 'regular', size = BODY) =>
    ts.setText(text, { style, size, width });
  /** Body paragraph(s), flowing across pages line by line. */
  const paragraph = (text: string, align: Align = 'justify', indent = INDENT) => {
    const lines = ts.setText(glue(text), { size: BODY, width: WIDTH, firstIndent: indent });
    lines.forEach((line, i) => {
      ensure(LEAD);
      ts.drawLine(line, LEFT, y, WIDTH, align);
      y += LEAD;
      // A little air between the paragraphs of one text (a typed "\n").
      if (line.last && i < lines.length - 1) y += 3;
    });
  };

  /** Where lines drawn from `top` as the body flows would end: y and lines on that page. */
  const flowEnd = (lines: readonly Line[], top: number) => {
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
  };

  // ---- Letterhead ------------------------------------------------------------------------
  y = letterhead(ts, doc, input, logo, { desa, kec, kab });

  // ---- Title and number ------------------------------------------------------------------
  y += 16;
  const titleLines = set(input.title.toUpperCase(), WIDTH, 'bold', 13);
  for (const line of titleLines) {
    ts.drawLine(line, LEFT, y, WIDTH, 'center');
    const x0 = LEFT + (WIDTH - line.width) / 2;
    const uy = y + 13 * ASCENT + 2;
    doc
      .moveTo(x0, uy)
      .lineTo(x0 + line.width, uy)
      .lineWidth(0.8)
      .stroke();
    y += 16;
  }
  y += 1;
  for (const line of set(`Nomor : ${input.number}`, WIDTH)) {
    ts.drawLine(line, LEFT, y, WIDTH, 'center');
    y += LEAD;
  }
  y += 14;

  // ---- Opening ---------------------------------------------------------------------------
  paragraph(
    `Yang bertanda tangan di bawah ini, Kepala Desa ${desa}, Kecamatan ${kec}, ` +
      `${kab.label} ${kab.name}, menerangkan dengan sebenarnya bahwa:`,
  );
  y += PARA_GAP - 2;

  // ---- Applicant and detail tables (shared columns so the colons line up) ----------------
  const details = input.details ?? [];
  const cols = tableColumns(ts, input.applicant.length, [...input.applicant, ...details]);
  const table = (rows: readonly LetterPdfRow[], numbered: boolean) => {
    rows.forEach(([label, value], i) => {
      const labelLines = set(label, cols.labelW);
      const valueLines = set(value.trim() === '' ? '-' : glue(value), cols.valueW);
      const n = Math.max(labelLines.length, valueLines.length);
      // Keep a row on one page when it can fit on one; otherwise flow it line by line.
      if (n * LEAD <= BOTTOM - M.top) ensure(n * LEAD);
      for (let k = 0; k < n; k++) {
        ensure(LEAD);
        if (k === 0) {
          if (numbered) {
            const num = set(`${i + 1}.`, cols.numW);
            const first = num[0];
            if (first) ts.drawLine(first, cols.numX, y, cols.numW - 5, 'right');
          }
          const colon = set(':', 10)[0];
          if (colon) ts.drawLine(colon, cols.colonX, y, 10);
        }
        const l = labelLines[k];
        if (l) ts.drawLine(l, cols.labelX, y, cols.labelW);
        const val = valueLines[k];
        if (val) ts.drawLine(val, cols.valueX, y, cols.valueW);
        y += LEAD;
      }
    });
  };
  table(input.applicant, true);
  y += PARA_GAP;

  // ---- Purpose, closing, place and date, signature and QR (set here, drawn below) ---------
  // Kept together on one page: if they do not fit below the body they move to the next page
  // together (never the signature alone); the statement and tables above flow, and no table
  // row is split.
  const purpose = (input.purpose ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');
  const purposeLines = purpose
    ? ts.setText(glue(`${capitalise(noun)} ini dibuat untuk keperluan: ${purpose}.`), {
        size: BODY,
        width: WIDTH,
        firstIndent: INDENT,
      })
    : [];
  const closing = ts.setText(
    `Demikian ${noun} ini dibuat dengan sebenarnya untuk dapat dipergunakan ` +
      `sebagaimana mestinya.`,
    { size: BODY, width: WIDTH, firstIndent: INDENT },
  );
  const sig = signatureLines(ts, v, desa, dateText, input.signer);
  const signed = electronicSignature(ts, input.signer);
  const purposeH = purposeLines.length > 0 ? purposeLines.length * LEAD + PARA_GAP : 0;
  const closingH = closing.length * LEAD + SIG_GAP;
  const qrSideH = LEAD + QR_SIZE + 14 + signed.length * E_SIGN_LEAD;
  const blockH = purposeH + closingH + Math.max(sig.height, qrSideH);
  // A purpose too long to go along (it may hold 500 characters) flows like the body, and only
  // the closing moves with the signature.
  const together = purposeH + closingH + sig.height <= BOTTOM - M.top;

  // ---- Statement and details -------------------------------------------------------------
  const statement = input.statement.trim()
    ? ts.setText(glue(input.statement), { size: BODY, width: WIDTH, firstIndent: INDENT })
    : [];
  // When the closing block will not fit below the statement and moves to the next page, the
  // statement's last two lines go along, so that page does not start with the closing alone.
  let carry = 0;
  if (statement.length > 0 && details.length === 0 && together) {
    const end = flowEnd(statement, y);
    if (end.y + PARA_GAP + blockH > BOTTOM + 0.01 && end.onPage >= 4) carry = 2;
  }
  statement.forEach((line, i) => {
    if (carry > 0 && i === statement.length - carry) newPage();
    ensure(LEAD);
    ts.drawLine(line, LEFT, y, WIDTH, 'justify');
    y += LEAD;
    if (line.last && i < statement.length - 1) y += 3;
  });
  if (statement.length > 0) y += PARA_GAP;
  if (details.length > 0) {
    table(details, false);
    y += PARA_GAP;
  }

  // ---- The closing block, drawn --------------------------------------------------------
  if (together) ensure(blockH);
  for (const line of purposeLines) {
    if (!together) ensure(LEAD);
    ts.drawLine(line, LEFT, y, WIDTH, 'justify');
    y += LEAD;
  }
  if (purposeLines.length > 0) y += PARA_GAP;
  if (!together) ensure(closingH + Math.max(sig.height, qrSideH));
  for (const line of closing) {
    ts.drawLine(line, LEFT, y, WIDTH, 'justify');
    y += LEAD;
  }
  y += SIG_GAP;
  drawSignature(ts, doc, sig, y);
  let ey = input.draft
    ? drawNoQr(ts, LEFT, y + LEAD)
    : drawQr(ts, doc, input.verifyUrl, LEFT, y + LEAD) + 2;
  for (const line of signed) {
    ts.drawLine(line, LEFT, ey, QR_COLUMN);
    ey += E_SIGN_LEAD;
  }

  // ---- Page numbers (only when the letter runs over one page) ----------------------------
  const range = doc.bufferedPageRange();
  if (range.count > 1) {
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      const fy = BOTTOM + 0.55 * CM;
      const left = ts.setText(`Nomor ${input.number}`, { size: 8.5, width: WIDTH / 2 })[0];
      if (left) ts.drawLine(left, LEFT, fy, WIDTH / 2);
      const right = ts.setText(`Halaman ${i + 1} dari ${range.count}`, {
        size: 8.5,
        width: WIDTH / 2,
      })[0];
      if (right) ts.drawLine(right, LEFT + WIDTH / 2, fy, WIDTH / 2, 'right');
    }
  }
  if (input.draft) {
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      drawDraftWatermark(ts, doc);
    }
  }

  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------

interface Names {
  desa: string;
  kec: string;
  kab: { label: string; name: string };
}

function letterhead(
  ts: Typesetter,
  doc: PDFKit.PDFDocument,
  input: LetterPdfInput,
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

interface Columns {
  numX: number;
  numW: number;
  labelX: number;
  labelW: number;
  colonX: number;
  valueX: number;
  valueW: number;
}

function tableColumns(ts: Typesetter, count: number, rows: readonly LetterPdfRow[]): Columns {
  const numX = LEFT + 0.5 * CM;
  const numW = ts.widthOf(`${Math.max(count, 1)}.`, 'regular', BODY) + 8;
  const labelX = numX + numW;
  const widest = rows.reduce((m, [label]) => Math.max(m, ts.widthOf(label, 'regular', BODY)), 0);
  const labelW = Math.min(Math.max(widest + 6, 4 * CM), 6.2 * CM);
  const colonX = labelX + labelW;
  const valueX = colonX + ts.widthOf(':', 'regular', BODY) + 6;
  return { numX, numW, labelX, labelW, colonX, valueX, valueW: RIGHT - valueX };
}

interface Signature {
  place: Line[];
  role: Line[];
  name: Line[];
  nip: Line[];
  image: Uint8Array | null;
  height: number;
}

function signatureLines(
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

/** Width of the column left of the signature, under the QR code. */
const QR_COLUMN = RIGHT - SIG_W - 0.3 * CM - LEFT;
const E_SIGN_SIZE = 8;
const E_SIGN_LEAD = 10;

/** "Ditandatangani secara elektronik oleh … pada …", set under the QR code; none unsigned. */
function electronicSignature(ts: Typesetter, signer: LetterPdfSigner | undefined): Line[] {
  if (!signer?.signedAt) return [];
  const who = `${signer.name.trim()} (${signer.position}${signer.onBehalf ? ', a.n. Kepala Desa' : ''})`;
  const when = formatDateTimeId(signer.signedAt).replace(', ', ' pukul ');
  return ts.setText(glue(`Ditandatangani secara elektronik oleh ${who} pada ${when}.`), {
    style: 'italic',
    size: E_SIGN_SIZE,
    width: QR_COLUMN,
  });
}

function drawSignature(ts: Typesetter, doc: PDFKit.PDFDocument, sig: Signature, top: number) {
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

/** A draft's QR column: no code, a note that the issued letter carries it; the y below. */
function drawNoQr(ts: Typesetter, x: number, y: number): number {
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
function drawQr(
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

// ---------------------------------------------------------------------------------------

const NBSP = '\u00a0';
const MONTHS =
  'Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember';
/** Groups that read as one item and are never broken over two lines. */
const GLUED: readonly RegExp[] = [
  // a date: "23 November 2026"
  new RegExp(`\\b\\d{1,2} (?:${MONTHS}) \\d{4}\\b`, 'g'),
  // a quantity and its unit: "3.250 gram", "49,5 cm", "300 orang"
  /\d (?:gram|cm|orang)\b/g,
  // a vehicle's registration number: "F 1234 AB"
  /\b[A-Z]{1,2} \d{1,4} [A-Z]{1,3}\b/g,
  // a label and its number or time: "NIK 3201…", "RT 002", "RW 001", "No. 12", "pukul 08.00"
  /\b(?:NIK|RT|RW|No\.|pukul|Kode Pos) [\d.]+/g,
];

/**
 * Joins the words of each group in {@link GLUED} with no-break spaces, so the line breaking
 * (which breaks at ordinary spaces only) keeps them whole. The text stays the same to a reader
 * and to text extraction (a no-break space is white space).
 */
function glue(text: string): string {
  let out = text;
  for (const re of GLUED) out = out.replace(re, (m) => m.replace(/ /g, NBSP));
  return out;
}

function creationDate(input: LetterPdfInput): Date {
  if (input.issuedAt === undefined) return issueDateAsInstant(input.issueDate);
  const d = new Date(input.issuedAt);
  if (Number.isNaN(d.getTime())) throw new Error('issuedAt tidak valid');
  // PDF dates have whole seconds; drop milliseconds so the bytes only depend on the input.
  return new Date(Math.floor(d.getTime() / 1000) * 1000);
}

function stripPrefix(value: string, prefix: RegExp): string {
  const s = value.replace(/\s+/g, ' ').trim();
  const stripped = s.replace(prefix, '').trim();
  return stripped || s;
}

function regency(value: string): { label: string; name: string } {
  const s = value.replace(/\s+/g, ' ').trim();
  const kota = /^kota\s+(.+)$/i.exec(s);
  if (kota?.[1]) return { label: 'Kota', name: kota[1] };
  return { label: 'Kabupaten', name: stripPrefix(s, /^(kabupaten|kab\.)\s*/i) };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
