/**
 * Tables written as streamed CSV or XLSX files (issue 12.5): the letter-request export and the
 * register of outgoing letters. Rows arrive in chunks from the database and leave as they are
 * written, so memory stays flat however many rows there are (docs/letters.md has the figures).
 *
 * Both formats neutralise text cells that a spreadsheet could read as a formula: a value
 * beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`
 * ({@link neutralise}). Instants are printed in village time (WIB, UTC+7, no daylight saving).
 */
import type { EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** How a column's values are written. */
export type ColumnKind = 'text' | 'integer' | 'datetime' | 'date';

export interface Column {
  header: string;
  /** XLSX column width, in characters. */
  width: number;
  kind?: ColumnKind;
}

/** A cell: text, a whole number, an instant (ISO, for `datetime`/`date` columns) or nothing. */
export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text a spreadsheet would take for a formula, made plain text: `=HYPERLINK("x")` becomes
 * `'=HYPERLINK("x")`. Applied to every text cell of both formats (OWASP's CSV injection advice).
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** WIB is UTC+7 all year. */
const WIB_MS = 7 * 3_600_000;

/** An ISO instant as a Date whose UTC fields read as village time (what XLSX dates store). */
function villageWallClock(iso: string): Date {
  return new Date(Date.parse(iso) + WIB_MS);
}

/** "2026-11-23T07:05:00Z" → "2026-11-23 14:05" (village time). */
export function villageDateTime(iso: string): string {
  const s = villageWallClock(iso).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

/** "2026-11-23T18:00:00Z" → "2026-11-24" (village day). */
export function villageDate(iso: string): string {
  return villageWallClock(iso).toISOString().slice(0, 10);
}

// ---- CSV ------------------------------------------------------------------------------------

/**
 * The separator: `;`. Excel splits a CSV it opens on the list separator of the Windows region,
 * which for Indonesia (id-ID, decimal comma) is `;`; a `,` file opens as one column there.
 */
export const CSV_SEPARATOR = ';';
/** UTF-8's byte order mark: without it Excel reads the file as ANSI and garbles "é", "ñ". */
const BOM = '\uFEFF';
const NEEDS_QUOTES = /[";,\r\n]/;

function csvCell(value: Cell, kind: ColumnKind): string {
  if (value === null || value === '') return '';
  let s: string;
  if (typeof value === 'number') s = String(value);
  else if (kind === 'datetime') s = villageDateTime(value);
  else if (kind === 'date') s = villageDate(value);
  else s = neutralise(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record (RFC 4180: quoted when it holds the separator, a quote or a line break; CRLF). */
export function csvRecord(columns: readonly Column[], values: readonly Cell[]): string {
  return (
    columns.map((c, i) => csvCell(values[i] ?? null, c.kind ?? 'text')).join(CSV_SEPARATOR) + '\r\n'
  );
}

/** A CSV file (BOM, header line, then the rows) streamed from chunks of rows. */
export function csvStream(
  columns: readonly Column[],
  chunks: AsyncIterable<readonly (readonly Cell[])[]>,
): Readable {
  return Readable.from(
    (async function* () {
      yield BOM + columns.map((c) => csvCell(c.header, 'text')).join(CSV_SEPARATOR) + '\r\n';
      for await (const rows of chunks) {
        let out = '';
        for (const row of rows) out += csvRecord(columns, row);
        yield out;
      }
    })(),
    { objectMode: false },
  );
}

// ---- XLSX -----------------------------------------------------------------------------------

export interface SheetOptions {
  /** Worksheet name (at most 31 characters). */
  sheetName: string;
  /** Lines printed above the table in bold (the register's title); none for a plain table. */
  title?: readonly string[];
  /** Print setup: landscape A4, header row repeated on every printed page. */
  landscape?: boolean;
  /** Workbook metadata: when it was made (fixed in tests). */
  created?: Date;
}

/**
 * Number formats of the columns that need one. Text and whole numbers keep the default style:
 * exceljs serialises each styled cell's style to find its id, which costs more than the cell.
 */
const XLSX_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  integer: undefined,
  datetime: 'dd/mm/yyyy hh:mm',
  date: 'dd/mm/yyyy',
};

function xlsxCell(value: Cell, kind: ColumnKind): string | number | Date | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (kind === 'datetime' || kind === 'date') {
    const d = villageWallClock(value);
    return kind === 'date' ? new Date(`${d.toISOString().slice(0, 10)}T00:00:00Z`) : d;
  }
  return neutralise(value);
}

/** Bytes of the sheet the zip may hold uncompressed before rows wait. */
const MAX_PENDING = 1 << 20;

/**
 * The stream holding the part of a streamed worksheet the zip has not compressed yet, when it
 * holds more than MAX_PENDING bytes. exceljs pipes the sheet's buffer into archiver's input
 * stream without heeding its `write()` result; that input is where a backlog piles up when
 * compressing is slower than writing rows.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): EventEmitter | null {
  const stream = (sheet as unknown as { _stream?: { pipes?: unknown[] } })._stream;
  for (const p of stream?.pipes ?? []) {
    const state = (p as { _writableState?: { length?: number } })._writableState;
    if ((state?.length ?? 0) > MAX_PENDING) return p as EventEmitter;
  }
  return null;
}

/**
 * Resolves on the output's 'drain' when the reader is behind, else after 2 ms: the zip input's
 * own 'drain' comes only once it is empty, and waiting for that would leave the compressor idle
 * while the next rows are written, so its backlog is looked at again shortly instead.
 */
function drained(backlog: EventEmitter, out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      backlog.off('drain', done);
      out.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, backlog === out ? 1_000 : 2);
    backlog.once('drain', done);
    out.once('close', done);
  });
}

/**
 * An XLSX workbook of one sheet, written with exceljs's streaming writer: each row is
 * committed (serialised into the zip) as soon as it is added. The writer ignores backpressure,
 * so after each chunk this waits for the reader to drain the output before reading more.
 */
export function xlsxStream(
  columns: readonly Column[],
  chunks: AsyncIterable<readonly (readonly Cell[])[]>,
  opts: SheetOptions,
): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const title = opts.title ?? [];
  const headerRow = title.length > 0 ? title.length + 2 : 1;
  const created = opts.created ?? new Date();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Balai';
  workbook.created = created;
  workbook.modified = created;
  const sheet = workbook.addWorksheet(opts.sheetName, {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: {
      paperSize: 9, // A4
      orientation: opts.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
  });
  sheet.columns = columns.map((c) => {
    const numFmt = XLSX_FORMATS[c.kind ?? 'text'];
    return numFmt ? { width: c.width, style: { numFmt } } : { width: c.width };
  });
  const kinds = columns.map((c) => c.kind ?? 'text');
  const cellStyles: Partial<ExcelJS.Style>[] = kinds.map((k) => {
    const numFmt = XLSX_FORMATS[k];
    return numFmt ? { numFmt } : {};
  });

  const write = async () => {
    for (const [i, line] of title.entries()) {
      const row = sheet.addRow([neutralise(line)]);
      row.font = { bold: true, size: i === 0 ? 14 : 11 };
      row.commit();
    }
    if (title.length > 0) sheet.addRow([]).commit();
    const header = sheet.addRow(columns.map((c) => neutralise(c.header)));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E5E4' } };
      cell.border = { bottom: { style: 'thin' } };
    });
    header.commit();
    const first = headerRow + 1;
    let last = headerRow;
    for await (const rows of chunks) {
      if (out.destroyed) return;
      for (const values of rows) {
        const row = sheet.addRow(kinds.map((k, i) => xlsxCell(values[i] ?? null, k)));
        // One style object per column: exceljs finds a style's id by the object's identity
        // (a WeakMap) before rendering it, and gives every new cell a fresh object otherwise.
        row.eachCell((cell, col) => {
          cell.style = cellStyles[col - 1]!;
        });
        row.commit();
        last += 1;
      }
      // Wait while the zip has more than 1 MB of the sheet to compress, or the reader has not
      // taken what was compressed: exceljs itself never waits, so its buffers would grow.
      for (;;) {
        if (out.destroyed) return;
        const backlog = out.writableNeedDrain ? out : zipBacklog(sheet);
        if (!backlog) break;
        await drained(backlog, out);
      }
    }
    if (last >= first) {
      sheet.autoFilter = {
        from: { row: headerRow, column: 1 },
        to: { row: last, column: columns.length },
      };
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
