/** Administration exports as .xlsx (SheetJS): Chinese headers, one row per record. */
import * as XLSX from 'xlsx';
import type { FastifyReply } from 'fastify';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined | Date;
}

/** Most rows one export writes (administration tables stay far below it). */
export const MAX_EXPORT_ROWS = 100_000;

/** An .xlsx workbook of one sheet. */
export function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Buffer {
  const aoa = [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.value(r) ?? ''))];
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: 'yyyy-mm-dd hh:mm:ss' });
  sheet['!cols'] = columns.map(() => ({ wch: 15 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Sends a workbook as a download named `{baseName}_{YYYYMMDD}.xlsx`. */
export function sendXlsx(reply: FastifyReply, baseName: string, data: Buffer): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const name = `${baseName}_${stamp}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(data);
}
