import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { HttpError } from '../../lib/http-error.ts';
import { readHeader, type ColumnKey, type HeaderMap } from './columns.ts';

/**
 * Reading a register file row by row (issue 24): an `.xlsx` through exceljs's streaming reader
 * (sheet by sheet, row by row: the workbook is never built whole), or a `.csv` (`;` or `,`).
 * Every sheet but "Kode Data" whose first row names a name column is data (OpenSID reads every
 * other sheet: a file whose data sheet has another name still imports); a row whose second cell
 * is `###` ends a sheet. A formula anywhere refuses the whole file: its value is the result of a
 * calculation the office should see and fix first.
 */

export const MAX_IMPORT_MB = 40;

export const fileProblem = (message: string, status = 422) =>
  new HttpError(status, message, { file: [message] });

export const NOT_A_REGISTER =
  'Berkas bukan XLSX atau CSV yang dapat dibaca. Unggah berkas .xlsx (Excel) atau .csv dari OpenSID atau templat Balai.';
export const EMPTY_FILE = 'Berkas kosong. Unggah berkas .xlsx atau .csv yang berisi data penduduk.';
export const NO_NAME_COLUMN =
  'Tidak ada lembar berisi kolom nama (judul "nama" atau "Nama lengkap" di baris pertama). Periksa baris judul, atau unduh templat.';
export const formulaProblem = (sheet: string, row: number, col: number) =>
  `Sel ${columnLetter(col)}${row} di lembar "${sheet}" berisi rumus. Simpan data sebagai nilai (Salin → Tempel Nilai) lalu unggah lagi; tidak ada data yang disimpan.`;

function columnLetter(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** One data row: its sheet, its row number (1 = header), its cells by column key. */
export interface SheetRow {
  sheet: string;
  row: number;
  cells: Partial<Record<ColumnKey, unknown>>;
}

export interface ReadEvents {
  /** A data sheet's header was read. */
  onSheet(sheet: string, header: HeaderMap): void;
}

export type FileKind = 'xlsx' | 'csv';

/** What the bytes are: an XLSX (a zip), a CSV (text), or neither (422). */
export function kindOf(bytes: Buffer): FileKind {
  if (bytes.length === 0) throw fileProblem(EMPTY_FILE);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'xlsx';
  const head = bytes.subarray(0, 4096);
  // Text: no NUL and no other control byte but tab, CR, LF; not a PDF, an image or a zip of another kind.
  if (head.includes(0) || /^%PDF/.test(head.toString('latin1', 0, 5)))
    throw fileProblem(NOT_A_REGISTER);
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) throw fileProblem(NOT_A_REGISTER);
  return 'csv';
}

/** A cell's plain value: text, number, Date, or null; a formula throws. */
function cellValue(v: unknown, where: () => string): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if ('formula' in o || 'sharedFormula' in o) throw fileProblem(where());
  if (Array.isArray(o.richText))
    return (o.richText as { text: string }[]).map((t) => t.text).join('');
  if ('text' in o) return o.text;
  if ('error' in o) return null;
  return null;
}

const text = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''));

/** The data rows of an XLSX, streamed. */
async function* xlsxRows(bytes: Buffer, events: ReadEvents): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let sawSheet = false;
  try {
    for await (const ws of reader) {
      const sheet = String((ws as { name?: string }).name ?? '');
      if (sheet.trim().toLowerCase() === 'kode data') {
        for await (const _row of ws) void _row;
        continue;
      }
      let header: HeaderMap | null = null;
      let ended = false;
      for await (const r of ws) {
        if (ended) continue;
        const values = (r.values as unknown[]).slice(1);
        const cells = values.map((v, i) => cellValue(v, () => formulaProblem(sheet, r.number, i)));
        if (!header) {
          header = readHeader(cells.map(text));
          if (!header) ended = true;
          else {
            sawSheet = true;
            events.onSheet(sheet, header);
          }
          continue;
        }
        if (text(cells[1]).trim() === '###') {
          ended = true;
          continue;
        }
        if (cells.every((c) => c === null || text(c).trim() === '')) continue;
        const out: SheetRow['cells'] = {};
        for (const [i, key] of header.columns) out[key] = cells[i] ?? null;
        yield { sheet, row: r.number, cells: out };
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw fileProblem(NOT_A_REGISTER);
  }
  if (!sawSheet) throw fileProblem(NO_NAME_COLUMN);
}

/** Records of a CSV text (RFC 4180 quoting, `;` or `,`). */
function* csvRecords(s: string, sep: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

/** The data rows of a CSV. A cell starting with "=" is a formula (refused as in XLSX). */
function* csvRows(bytes: Buffer, events: ReadEvents): Generator<SheetRow> {
  const s = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = s.slice(0, s.search(/\r|\n/) === -1 ? s.length : s.search(/\r|\n/));
  const sep =
    (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const sheet = 'CSV';
  let header: HeaderMap | null = null;
  let n = 0;
  for (const rec of csvRecords(s, sep)) {
    n++;
    if (!header) {
      header = readHeader(rec);
      if (!header) throw fileProblem(NO_NAME_COLUMN);
      events.onSheet(sheet, header);
      continue;
    }
    if ((rec[1] ?? '').trim() === '###') break;
    if (rec.every((c) => c.trim() === '')) continue;
    rec.forEach((c, i) => {
      if (/^=[A-Za-z(]/.test(c.trim())) throw fileProblem(formulaProblem(sheet, n, i));
    });
    const out: SheetRow['cells'] = {};
    for (const [i, key] of header.columns) out[key] = rec[i] ?? null;
    yield { sheet, row: n, cells: out };
  }
  if (!header) throw fileProblem(NO_NAME_COLUMN);
}

/** The data rows of a file, whichever kind it is. */
export function readRegisterFile(
  bytes: Buffer,
  events: ReadEvents,
): { kind: FileKind; rows: AsyncIterable<SheetRow> | Iterable<SheetRow> } {
  const kind = kindOf(bytes);
  return { kind, rows: kind === 'xlsx' ? xlsxRows(bytes, events) : csvRows(bytes, events) };
}
