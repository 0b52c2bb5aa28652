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
import { formatIssueDate, issueDateAsInstant } from './date-id.ts';
import { LetterFlow, tableColumns } from './flow.ts';
import type { LetterPdfInput, LetterPdfRow } from './letter-input.ts';
import {
  BODY,
  BOTTOM,
  INDENT,
  LEAD,
  LEFT,
  M,
  PAGE_H,
  PAGE_W,
  PARA_GAP,
  WIDTH,
  capitalise,
  glue,
  oneLine,
  regency,
  stripPrefix,
  type Names,
} from './layout.ts';
import { letterhead } from './letterhead.ts';
import { prepareLogo, type PreparedLogo } from './logo.ts';
import { drawDraftWatermarks, drawPageNumbers } from './page-marks.ts';
import {
  E_SIGN_LEAD,
  QR_COLUMN,
  QR_SIZE,
  drawNoQr,
  drawQr,
  electronicSignature,
} from './qr-column.ts';
import { SIG_GAP, drawSignature, signatureLines, type Signature } from './signature.ts';
import { ASCENT, Typesetter, type Line } from './typeset.ts';

export type {
  LetterPdfInput,
  LetterPdfRow,
  LetterPdfSigner,
  LetterPdfVillage,
} from './letter-input.ts';
export { DRAFT_WATERMARK } from './page-marks.ts';

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

/** The village's names as printed, and what the letter calls itself. */
interface LetterNames extends Names {
  /** "surat pengantar" or "surat keterangan". */
  noun: string;
}

function renderWithLogo(input: LetterPdfInput, logo: PreparedLogo | null): Promise<Buffer> {
  const v = input.village;
  const dateText = formatIssueDate(input.issueDate);
  if (!input.draft && !input.verifyUrl.trim()) throw new Error('verifyUrl wajib diisi');
  const created = creationDate(input);
  const names: LetterNames = {
    desa: stripPrefix(v.name, /^desa\s+/i),
    kec: stripPrefix(v.kecamatan, /^(kecamatan|kec\.)\s*/i),
    kab: regency(v.kabupaten),
    noun: /^\s*surat\s+pengantar\b/i.test(input.title) ? 'surat pengantar' : 'surat keterangan',
  };
  const { doc, done } = openDocument(input, names, created);

  const ts = new Typesetter(doc);
  doc.fillColor('#000000').strokeColor('#000000');
  const flow = new LetterFlow(doc, ts);

  flow.y = letterhead(ts, doc, input, logo, names);
  drawTitle(flow, input);

  // ---- Opening ---------------------------------------------------------------------------
  const { desa, kec, kab } = names;
  flow.paragraph(
    `Yang bertanda tangan di bawah ini, Kepala Desa ${desa}, Kecamatan ${kec}, ` +
      `${kab.label} ${kab.name}, menerangkan dengan sebenarnya bahwa:`,
  );
  flow.y += PARA_GAP - 2;

  // ---- Applicant and detail tables (shared columns so the colons line up) ----------------
  const details = input.details ?? [];
  const cols = tableColumns(ts, input.applicant.length, [...input.applicant, ...details]);
  flow.table(input.applicant, true, cols);
  flow.y += PARA_GAP;

  const closing = setClosingBlock(ts, input, names, dateText);
  drawStatement(flow, input, details, closing);
  if (details.length > 0) {
    flow.table(details, false, cols);
    flow.y += PARA_GAP;
  }
  drawClosingBlock(flow, input, closing);

  drawPageNumbers(ts, doc, input.number);
  if (input.draft) drawDraftWatermarks(ts, doc);

  doc.end();
  return done;
}

/** A buffered A4 document with the letter's metadata; `done` resolves to its bytes. */
function openDocument(
  input: LetterPdfInput,
  { desa, kec, kab, noun }: LetterNames,
  created: Date,
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
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
  return { doc, done };
}

/** The underlined title and "Nomor : …", centred. */
function drawTitle(flow: LetterFlow, input: LetterPdfInput): void {
  const { ts, doc } = flow;
  flow.y += 16;
  const titleLines = flow.set(input.title.toUpperCase(), WIDTH, 'bold', 13);
  for (const line of titleLines) {
    ts.drawLine(line, LEFT, flow.y, WIDTH, 'center');
    const x0 = LEFT + (WIDTH - line.width) / 2;
    const uy = flow.y + 13 * ASCENT + 2;
    doc
      .moveTo(x0, uy)
      .lineTo(x0 + line.width, uy)
      .lineWidth(0.8)
      .stroke();
    flow.y += 16;
  }
  flow.y += 1;
  for (const line of flow.set(`Nomor : ${input.number}`, WIDTH)) {
    ts.drawLine(line, LEFT, flow.y, WIDTH, 'center');
    flow.y += LEAD;
  }
  flow.y += 14;
}

/**
 * Purpose, closing, place and date, signature and QR, set before the statement is drawn (to
 * know whether they fit below it) and drawn after it. They are kept together on one page: if
 * they do not fit below the body they move to the next page together (never the signature
 * alone); the statement and tables above flow, and no table row is split.
 */
interface ClosingBlock {
  purposeLines: Line[];
  closing: Line[];
  sig: Signature;
  /** "Ditandatangani secara elektronik …" under the QR code. */
  signed: Line[];
  closingH: number;
  qrSideH: number;
  /** The whole block's height. */
  blockH: number;
  /** False when the purpose is too long to go along and flows like the body. */
  together: boolean;
}

function setClosingBlock(
  ts: Typesetter,
  input: LetterPdfInput,
  { desa, noun }: LetterNames,
  dateText: string,
): ClosingBlock {
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
  const sig = signatureLines(ts, input.village, desa, dateText, input.signer);
  const signed = electronicSignature(ts, input.signer);
  const purposeH = purposeLines.length > 0 ? purposeLines.length * LEAD + PARA_GAP : 0;
  const closingH = closing.length * LEAD + SIG_GAP;
  const qrSideH = LEAD + QR_SIZE + 14 + signed.length * E_SIGN_LEAD;
  const blockH = purposeH + closingH + Math.max(sig.height, qrSideH);
  // A purpose too long to go along (it may hold 500 characters) flows like the body, and only
  // the closing moves with the signature.
  const together = purposeH + closingH + sig.height <= BOTTOM - M.top;
  return { purposeLines, closing, sig, signed, closingH, qrSideH, blockH, together };
}

/** The type's statement, flowing; its last lines go along when the closing block moves on. */
function drawStatement(
  flow: LetterFlow,
  input: LetterPdfInput,
  details: readonly LetterPdfRow[],
  block: ClosingBlock,
): void {
  const { ts } = flow;
  const statement = input.statement.trim()
    ? ts.setText(glue(input.statement), { size: BODY, width: WIDTH, firstIndent: INDENT })
    : [];
  // When the closing block will not fit below the statement and moves to the next page, the
  // statement's last two lines go along, so that page does not start with the closing alone.
  let carry = 0;
  if (statement.length > 0 && details.length === 0 && block.together) {
    const end = flow.flowEnd(statement, flow.y);
    if (end.y + PARA_GAP + block.blockH > BOTTOM + 0.01 && end.onPage >= 4) carry = 2;
  }
  statement.forEach((line, i) => {
    if (carry > 0 && i === statement.length - carry) flow.newPage();
    flow.ensure(LEAD);
    ts.drawLine(line, LEFT, flow.y, WIDTH, 'justify');
    flow.y += LEAD;
    if (line.last && i < statement.length - 1) flow.y += 3;
  });
  if (statement.length > 0) flow.y += PARA_GAP;
}

function drawClosingBlock(flow: LetterFlow, input: LetterPdfInput, block: ClosingBlock): void {
  const { ts, doc } = flow;
  const { purposeLines, closing, sig, signed, together } = block;
  if (together) flow.ensure(block.blockH);
  for (const line of purposeLines) {
    if (!together) flow.ensure(LEAD);
    ts.drawLine(line, LEFT, flow.y, WIDTH, 'justify');
    flow.y += LEAD;
  }
  if (purposeLines.length > 0) flow.y += PARA_GAP;
  if (!together) flow.ensure(block.closingH + Math.max(sig.height, block.qrSideH));
  for (const line of closing) {
    ts.drawLine(line, LEFT, flow.y, WIDTH, 'justify');
    flow.y += LEAD;
  }
  flow.y += SIG_GAP;
  const y = flow.y;
  drawSignature(ts, doc, sig, y);
  let ey = input.draft
    ? drawNoQr(ts, LEFT, y + LEAD)
    : drawQr(ts, doc, input.verifyUrl, LEFT, y + LEAD) + 2;
  for (const line of signed) {
    ts.drawLine(line, LEFT, ey, QR_COLUMN);
    ey += E_SIGN_LEAD;
  }
}

function creationDate(input: LetterPdfInput): Date {
  if (input.issuedAt === undefined) return issueDateAsInstant(input.issueDate);
  const d = new Date(input.issuedAt);
  if (Number.isNaN(d.getTime())) throw new Error('issuedAt tidak valid');
  // PDF dates have whole seconds; drop milliseconds so the bytes only depend on the input.
  return new Date(Math.floor(d.getTime() / 1000) * 1000);
}
