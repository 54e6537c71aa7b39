/**
 * Streaming table writers for export: `.xlsx` written directly (xlsxStream.ts, ADR 0803), `.csv`
 * through papaparse. Both write into a stream the file store consumes as it goes, so a million
 * rows never sit in memory. A sheet holds at most `sheetRows` data rows (Excel: 1,048,575 under a
 * header); the writer continues on a new sheet named `{name}(2)`, `{name}(3)`, …
 */
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as ExcelTypes from 'exceljs';
import ExcelJS from './exceljs.js';
import Papa from 'papaparse';
import type { Cell, ColumnStyle } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { XlsxStream } from './xlsxStream.js';

/** Excel's rows per sheet less the header row. */
export const EXCEL_SHEET_ROWS = 1_048_575;

/** Rows per sheet: EXPORT_SHEET_ROWS (tests make it small), else Excel's limit. */
export function sheetRowLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EXPORT_SHEET_ROWS);
  return Number.isInteger(n) && n > 0 && n <= EXCEL_SHEET_ROWS ? n : EXCEL_SHEET_ROWS;
}

/** A table sink with sheets; `out` is the file's bytes. */
export interface TableWriter {
  out: PassThrough;
  /** Starts a sheet; `styles` format its columns (xlsx only: dates as date cells, number formats). */
  sheet(name: string, headers: string[], styles?: (ColumnStyle | null)[]): Promise<void>;
  row(cells: Cell[]): Promise<void>;
  close(): Promise<void>;
  fail(err: Error): void;
}

const SHEET_NAME_BAD = /[[\]:*?/\\]/g;

function sheetName(name: string, used: Set<string>): string {
  const base = (name.replace(SHEET_NAME_BAD, '_').trim() || 'Sheet').slice(0, 28);
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base}(${i})`.slice(0, 31);
  used.add(n.toLowerCase());
  return n;
}

/** exceljs asks the loop to yield now and then, or it holds the sheet until commit (ARCHITECTURE.md). */
const YIELD_EVERY = 10_000;

/** An `.xlsx` writer: the SpreadsheetML written directly, deflated off the event loop (ADR 0803). */
export function xlsxWriter(sheetRows = sheetRowLimit()): TableWriter {
  const out = new PassThrough();
  const book = new XlsxStream(out);
  const used = new Set<string>();
  let name = '';
  let headers: string[] = [];
  let styles: (ColumnStyle | null)[] = [];
  let inSheet = 0;
  let part = 1;
  const open = async (n: string) => {
    // Every part of a sheet has the header: bold on grey, frozen, its columns 15 wide.
    await book.addSheet(sheetName(n, used), { cells: headers, styles });
    inSheet = 0;
  };
  return {
    out,
    async sheet(n, h, st = []) {
      name = n;
      headers = h;
      styles = st;
      part = 1;
      await open(n);
    },
    async row(cells) {
      if (inSheet >= sheetRows) {
        part++;
        await open(`${name}(${part})`);
      }
      await book.addRow(cells);
      inSheet++;
    },
    async close() {
      await book.close();
    },
    fail(err) {
      book.fail(err);
    },
  };
}

/** The former `.xlsx` writer through exceljs's WorkbookWriter (ADR 0801), kept for the bench's comparison (ADR 0803). */
export function exceljsXlsxWriter(sheetRows = sheetRowLimit()): TableWriter {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const used = new Set<string>();
  let ws: ExcelTypes.Worksheet | null = null;
  let name = '';
  let headers: string[] = [];
  let inSheet = 0;
  let part = 1;
  let written = 0;
  const open = (n: string) => {
    ws = wb.addWorksheet(sheetName(n, used));
    ws.addRow(headers).commit();
    inSheet = 0;
  };
  return {
    out,
    async sheet(n, h) {
      if (ws) (ws as ExcelTypes.Worksheet).commit();
      name = n;
      headers = h;
      part = 1;
      open(n);
    },
    async row(cells) {
      if (inSheet >= sheetRows) {
        (ws as unknown as ExcelTypes.Worksheet).commit();
        part++;
        open(`${name}(${part})`);
      }
      (ws as unknown as ExcelTypes.Worksheet).addRow(cells).commit();
      inSheet++;
      if (++written % YIELD_EVERY === 0) await sleep(50);
    },
    async close() {
      if (ws) (ws as ExcelTypes.Worksheet).commit();
      await wb.commit();
    },
    fail(err) {
      out.destroy(err);
    },
  };
}

/** A `.csv` writer (UTF-8 with a BOM, so Excel reads the Chinese); only the first sheet is written. */
export function csvWriter(): TableWriter {
  const out = new PassThrough();
  let sheets = 0;
  let buffer: Cell[][] = [];
  const flush = async () => {
    if (!buffer.length) return;
    const text = `${Papa.unparse(buffer, { newline: '\r\n' })}\r\n`;
    buffer = [];
    if (!out.write(text)) await new Promise((r) => out.once('drain', r));
  };
  return {
    out,
    async sheet(_n, h) {
      sheets++;
      if (sheets > 1) return;
      out.write('\ufeff');
      buffer.push(h);
    },
    async row(cells) {
      if (sheets > 1) return;
      buffer.push(cells);
      if (buffer.length >= 1000) await flush();
    },
    async close() {
      await flush();
      out.end();
    },
    fail(err) {
      out.destroy(err);
    },
  };
}
