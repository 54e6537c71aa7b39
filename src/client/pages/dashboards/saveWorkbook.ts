/**
 * Writes sheets as an .xlsx file and saves it. SheetJS (`xlsx`, the library of the server's
 * exports) loads on first use (ADR 1060), so the dashboard page and the shell never carry it.
 */
import { saveBlob } from '../../list/io/useJob';
import type { Sheet } from './exportSheets';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook of `sheets` as a Blob. */
export async function workbookBlob(sheets: Sheet[]): Promise<Blob> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  for (const s of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(s.rows);
    sheet['!cols'] = [{ wch: 24 }, { wch: 16 }];
    XLSX.utils.book_append_sheet(book, sheet, s.name);
  }
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], { type: XLSX_TYPE });
}

/** Saves `sheets` as the download `fileName`. */
export async function saveWorkbook(sheets: Sheet[], fileName: string): Promise<void> {
  saveBlob(await workbookBlob(sheets), fileName);
}
