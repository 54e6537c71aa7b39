/**
 * Reading an uploaded table row by row: `.xlsx` through exceljs's streaming WorkbookReader,
 * `.csv` through papaparse's stream parser, and only legacy `.xls` through SheetJS (which holds
 * the whole sheet in memory: ARCHITECTURE.md). `readRows` reads the first sheet only;
 * `readSheetRows` goes on through every sheet (sub-form sheets follow the main one).
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type * as ExcelTypes from 'exceljs';
import ExcelJS from './exceljs.js';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { badRequest } from '../../http/HttpError.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from './importLimits.js';

/** The message of spec 01 §2.5 for a file of another kind. */
export const ONLY_EXCEL = '提示：仅允许导入“xls”或“xlsx”格式文件！';

/** The table kind of a file name, or a 400. */
export function tableKind(fileName: string): 'xlsx' | 'xls' | 'csv' {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'xls' || ext === 'csv') return ext;
  throw badRequest(ONLY_EXCEL);
}

const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/**
 * OOXML text (ST_Xstring) carries CR, control characters and a literal `_xHHHH_` as `_xHHHH_`
 * escapes (Excel writes a cell's CRLF as `_x000D_` + LF); exceljs's reader leaves them as text.
 */
export function unescapeXstring(s: string): string {
  return s.includes('_x') ? s.replace(XSTRING_ESCAPE, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : s;
}

/** A cell as plain data: rich text joined, a formula's cached result, a hyperlink's text. */
function plain(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return unescapeXstring(v);
  if (v instanceof Date || typeof v !== 'object') return v;
  const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
  if (Array.isArray(o.richText)) return unescapeXstring(o.richText.map((r) => r.text).join(''));
  if ('result' in o) return plain(o.result);
  if ('text' in o) return plain(o.text);
  if ('error' in o) return null;
  return String(v);
}

/** Decodes UTF-8 across chunk boundaries (a character split between two chunks stays whole). */
async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const c of chunks) {
    const text = typeof c === 'string' ? c : decoder.write(c);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs 4.4's streaming reader decodes each zip chunk on its own, so a Chinese character split
 * between two chunks became two U+FFFD (seen: 系统管理员 → 系��管理员 at row 2994). It passes
 * strings through untouched: the sheet and shared-string streams are handed to it decoded.
 */
function decodeWholeCharacters(reader: ExcelTypes.stream.xlsx.WorkbookReader): void {
  const r = reader as unknown as {
    _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
    _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  };
  const sheet = r._parseWorksheet;
  r._parseWorksheet = function (iterator, sheetNo) {
    return sheet.call(this, utf8(iterator), sheetNo);
  };
  const shared = r._parseSharedStrings;
  r._parseSharedStrings = function (entry) {
    entry.setEncoding('utf8');
    return shared.call(this, entry);
  };
}

/**
 * A row's cells within IMPORT_LIMITS (issue 26 item 3), checked as each row comes, before it is
 * kept anywhere: its number, its width and each text's length.
 */
function bounded(rowNo: number, cells: unknown[]): unknown[] {
  if (rowNo > IMPORT_LIMITS.rows) throw badRequest(LIMIT_MESSAGES.rows);
  if (cells.length > IMPORT_LIMITS.columns) throw badRequest(LIMIT_MESSAGES.columns);
  for (const c of cells) if (typeof c === 'string' && c.length > IMPORT_LIMITS.cellChars) throw badRequest(LIMIT_MESSAGES.cellChars(rowNo));
  return cells;
}

/** One row of a workbook: which sheet (0 = the first), the sheet's name where the file gives it, the cells. */
export interface SheetRow {
  sheet: number;
  name: string | null;
  cells: unknown[];
}

async function* xlsxRows(body: Readable, allSheets: boolean): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  decodeWholeCharacters(reader);
  // exceljs reads sheet names from xl/workbook.xml; files whose sheet comes first (some writers
  // order the zip so) would fail on the missing model, and the name is not needed here.
  (reader as unknown as { model?: unknown }).model ??= { sheets: [] };
  try {
    let index = 0;
    for await (const sheet of reader) {
      const name = sheetName(sheet);
      let expected = 1;
      for await (const row of sheet) {
        if (row.number > IMPORT_LIMITS.rows) throw badRequest(LIMIT_MESSAGES.rows);
        // Empty rows are skipped by the reader: keep row numbers true to the file.
        for (; expected < row.number; expected++) yield { sheet: index, name, cells: [] };
        const values = row.values as unknown[];
        if (values.length > IMPORT_LIMITS.columns + 1) throw badRequest(LIMIT_MESSAGES.columns);
        yield { sheet: index, name, cells: bounded(row.number, values.slice(1).map(plain)) };
        expected = row.number + 1;
      }
      if (!allSheets) break;
      index++;
    }
  } catch (err) {
    if ((err as Error)?.name === 'HttpError') throw err;
    throw badRequest('文件无法读取，请使用导入模板');
  } finally {
    body.destroy();
  }
}

/** The sheet's name, when the workbook part that names sheets came before it in the zip. */
function sheetName(sheet: unknown): string | null {
  try {
    const name = (sheet as { name?: unknown }).name;
    return typeof name === 'string' && name ? name : null;
  } catch {
    return null;
  }
}

async function* csvRows(body: Readable): AsyncGenerator<SheetRow> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false }) as unknown as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
  body.pipe(parser);
  let first = true;
  let rowNo = 0;
  try {
    for await (const row of parser) {
      if (first && row.length) row[0] = row[0].replace(/^\ufeff/, '');
      first = false;
      // papaparse yields one empty field for an empty line.
      yield { sheet: 0, name: null, cells: bounded(++rowNo, row.length === 1 && row[0] === '' ? [] : row) };
    }
  } finally {
    body.unpipe(parser);
    body.destroy();
  }
}

async function* xlsRows(body: Readable, allSheets: boolean): AsyncGenerator<SheetRow> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const c of body) {
    bytes += (c as Buffer).length;
    if (bytes > IMPORT_LIMITS.xlsBytes) throw badRequest(LIMIT_MESSAGES.xlsBytes);
    chunks.push(c as Buffer);
  }
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(Buffer.concat(chunks), { cellDates: true, dense: true });
  } catch {
    throw badRequest('文件无法读取，请使用导入模板');
  }
  for (const [index, name] of wb.SheetNames.entries()) {
    if (index > 0 && !allSheets) break;
    const ws = wb.Sheets[name];
    if (!ws) continue;
    // SheetJS makes a row for every line of the sheet's range: check its size before.
    const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
    if (range.e.r + 1 > IMPORT_LIMITS.rows) throw badRequest(LIMIT_MESSAGES.rows);
    if (range.e.c + 1 > IMPORT_LIMITS.columns) throw badRequest(LIMIT_MESSAGES.columns);
    let rowNo = 0;
    for (const row of XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: null, blankrows: true }) as unknown[][]) yield { sheet: index, name, cells: bounded(++rowNo, row) };
  }
}

/** The rows of every sheet of the file, in order (each sheet's first row is its header). */
export function readSheetRows(body: Readable, kind: 'xlsx' | 'xls' | 'csv'): AsyncGenerator<SheetRow> {
  return kind === 'xlsx' ? xlsxRows(body, true) : kind === 'csv' ? csvRows(body) : xlsRows(body, true);
}

/** The rows of the file's first sheet (the first one is the header). */
export async function* readRows(body: Readable, kind: 'xlsx' | 'xls' | 'csv'): AsyncGenerator<unknown[]> {
  const rows = kind === 'xlsx' ? xlsxRows(body, false) : kind === 'csv' ? csvRows(body) : xlsRows(body, false);
  for await (const r of rows) yield r.cells;
}
