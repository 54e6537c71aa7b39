/**
 * The paper layout of a print template and the CSS every print output uses (issue 17 item 1):
 * the browser's print view at /view-report and the server's PDF render the same sheets with the
 * same styles, so what a user previews is what the PDF holds. Pure strings, no DOM.
 */
import type { Static } from 'typebox';
import { layoutPageCss } from './layout/compileLayout.js';
import { MAX_MARGIN_MM, type Orientation, type Paper, type PrintRenderSchema, type PrintSheetSchema } from '../contract/print.js';

export { MAX_MARGIN_MM, ORIENTATIONS, PAPERS, type Orientation, type Paper } from '../contract/print.js';

/** Paper, margins (mm) and the plain-text page header / footer of a template. */
export interface PrintLayout {
  paper: Paper;
  orientation: Orientation;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
  header: string;
  footer: string;
}

/** One rendered record: its id and the cleaned, filled body (src/shared/contract/print.ts). */
export type PrintSheet = Static<typeof PrintSheetSchema>;

/** What `POST /api/print/form/{form}/render` answers (src/shared/contract/print.ts). */
export type PrintRender = Static<typeof PrintRenderSchema>;

const SIZES: Record<Paper, [number, number]> = { A4: [210, 297], A5: [148, 210] };

/** Width and height of the paper in mm, turned for landscape. */
export function paperSize(layout: Pick<PrintLayout, 'paper' | 'orientation'>): { width: number; height: number } {
  const [w, h] = SIZES[layout.paper] ?? SIZES.A4;
  return layout.orientation === 'landscape' ? { width: h, height: w } : { width: w, height: h };
}

/** A string as a CSS string literal (for `content:`), so header text cannot end the rule. */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ').replace(/[<>]/g, ' ')}"`;
}

/** Text for the header / footer: the document-level placeholders `{{$form}}`, `{{$template}}`, `{{$printTime}}`. */
export function headerText(text: string, values: { form: string; template: string; printTime: string }): string {
  return text.replace(/\{\{\s*\$(form|template|printTime)\s*\}\}/g, (_, k: 'form' | 'template' | 'printTime') => values[k]);
}

/** The page number shown in every footer, as CSS counters (paged media) or as text (the screen's sheets). */
export const PAGE_NUMBER_CSS = '"第 " counter(page) " 页 / 共 " counter(pages) " 页"';
export const pageNumberText = (page: number, pages: number) => `第 ${page} 页 / 共 ${pages} 页`;

/**
 * The stylesheet of a print output: the @page size, margins and margin boxes (header top centre,
 * footer bottom left, page numbers bottom right) that Chromium prints and puts in PDFs; on screen
 * each record is a sheet of the paper's size with its own header, footer and number. `page: false`
 * leaves out the @page rules (a preview inside the app must not change the app's own printing).
 */
export function printCss(layout: PrintLayout & { page?: { width: number; height: number } }, header: string, footer: string, opts: { page?: boolean } = {}): string {
  // A layout template's pages carry their own bands and numbers (src/shared/print/layout).
  if (layout.page) return layoutPageCss(layout.page, opts);
  const { width, height } = paperSize(layout);
  const m = (n: number) => `${Math.max(0, Math.min(MAX_MARGIN_MM, Number(n) || 0))}mm`;
  const page = `@page { size: ${width}mm ${height}mm; margin: ${m(layout.marginTop)} ${m(layout.marginRight)} ${m(layout.marginBottom)} ${m(layout.marginLeft)};
  @top-center { content: ${cssString(header)}; font-size: 9pt; color: #555; }
  @bottom-left { content: ${cssString(footer)}; font-size: 9pt; color: #555; }
  @bottom-right { content: ${PAGE_NUMBER_CSS}; font-size: 9pt; color: #555; } }`;
  return `${opts.page === false ? '' : page}
.fw-print-doc { font-family: "Noto Sans CJK SC", "Noto Serif CJK SC", "Microsoft YaHei", sans-serif; font-size: 11pt; color: #000; }
.fw-print-doc table { border-collapse: collapse; }
.fw-sheet { box-sizing: border-box; background: #fff; position: relative; }
.fw-sheet-head, .fw-sheet-foot { display: none; }
@media screen {
  .fw-print-doc { background: #e9ebee; padding: 16px 0; }
  .fw-sheet { width: ${width}mm; min-height: ${height}mm; margin: 0 auto 16px; padding: ${m(layout.marginTop)} ${m(layout.marginRight)} ${m(layout.marginBottom)} ${m(layout.marginLeft)}; box-shadow: 0 1px 6px rgba(0,0,0,.25); }
  .fw-sheet-head, .fw-sheet-foot { display: flex; justify-content: space-between; position: absolute; left: ${m(layout.marginLeft)}; right: ${m(layout.marginRight)}; font-size: 9pt; color: #555; }
  .fw-sheet-head { top: 4mm; justify-content: center; }
  .fw-sheet-foot { bottom: 4mm; }
}
@media print {
  .fw-sheet { break-after: page; }
  .fw-sheet:last-child { break-after: auto; }
  .fw-screen-only { display: none !important; }
}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sheets of a render as HTML (bodies already cleaned by the server); a layout's sheets are its pages as they are. */
export function sheetsHtml(sheets: PrintSheet[], header: string, footer: string, opts: { layout?: boolean } = {}): string {
  if (opts.layout) return sheets.map((s) => `<section class="fw-sheet" data-record-id="${s.id}">${s.html}</section>`).join('');
  return sheets
    .map((s, i) => `<section class="fw-sheet" data-record-id="${s.id}"><div class="fw-sheet-head">${escapeHtml(header)}</div><div class="fw-sheet-body">${s.html}</div><div class="fw-sheet-foot"><span>${escapeHtml(footer)}</span><span>${pageNumberText(i + 1, sheets.length)}</span></div></section>`)
    .join('');
}

/** A whole HTML document of a render (the server's PDF input). */
export function printDocumentHtml(render: PrintRender, printTime: string): string {
  const values = { form: render.formTitle, template: render.template.name, printTime };
  const header = headerText(render.template.header, values);
  const footer = headerText(render.template.footer, values);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(render.formTitle)}</title><style>${printCss(render.template, header, footer)}</style></head><body style="margin:0"><div class="fw-print-doc">${sheetsHtml(render.sheets, header, footer, { layout: !!render.template.page })}</div></body></html>`;
}
