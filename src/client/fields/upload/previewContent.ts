/** What the built-in viewer shows for a file's bytes (docx via mammoth, sheets via SheetJS); loaded on demand. */
import type { BuiltinKind } from './fileKinds';

/** Rows shown per sheet and columns per row (a bigger sheet says it is cut). */
export const SHEET_ROW_LIMIT = 2000;
export const SHEET_COL_LIMIT = 100;

export type PreviewContent =
  | { kind: 'docx'; html: string }
  | { kind: 'sheet'; sheets: { name: string; rows: string[][]; cut: boolean }[] }
  | { kind: 'text'; text: string }
  | { kind: 'pdf' | 'image'; blob: Blob };

/** The content of `blob` of `kind` (`ext` tells csv from xlsx). */
export async function previewContent(kind: BuiltinKind, ext: string, blob: Blob): Promise<PreviewContent> {
  if (kind === 'docx') {
    const mammoth = await import('mammoth');
    const { value } = await mammoth.convertToHtml({ arrayBuffer: await blob.arrayBuffer() });
    return { kind, html: value };
  }
  if (kind === 'sheet') {
    const XLSX = await import('xlsx');
    // csv is read as UTF-8 text; SheetJS would guess a legacy code page from raw bytes.
    const book = ext === 'csv' ? XLSX.read(await blob.text(), { type: 'string' }) : XLSX.read(await blob.arrayBuffer(), { type: 'array' });
    return {
      kind,
      sheets: book.SheetNames.map((name) => {
        const all = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: false, defval: '' });
        const rows = all.slice(0, SHEET_ROW_LIMIT).map((r) => r.slice(0, SHEET_COL_LIMIT).map((c) => String(c ?? '')));
        return { name, rows, cut: all.length > SHEET_ROW_LIMIT || all.some((r) => r.length > SHEET_COL_LIMIT) };
      }),
    };
  }
  if (kind === 'text') return { kind, text: await blob.text() };
  // An office file's blob here is already the server's PDF of it (OnlinePreviewPage asks for it).
  return { kind: kind === 'office' ? 'pdf' : kind, blob };
}
