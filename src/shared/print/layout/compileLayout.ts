/**
 * Compiles a layout and one record's values into the pages of the print document (ADR 1054):
 * each page a `.fw-layout-page` box of the paper's size holding absolutely positioned elements
 * (mm). Pagination happens here, not in the browser: rows have a fixed height, so where the
 * sub-form table breaks is known in advance, the header row and the header and footer bands are
 * repeated on every page, and 第 n 页 / 共 m 页 is plain text. The print view, the designer's
 * preview and the PDF all show these same pages. Pure strings, no DOM; every value is escaped.
 */
import { bandBounds, layoutPageSize, type ElementStyle, type LayoutElement, type PrintLayoutModel, type TableElement } from './layoutModel.js';

/** What one record contributes: display texts by field, sub-form rows, the QR and image data URLs. */
export interface LayoutData {
  fields: Record<string, { label: string; text: string }>;
  subForms: Record<string, { labels: Record<string, string>; rows: Record<string, string>[] }>;
  /** `data:image/png;base64,…` of the record's QR code, or ''. */
  qrcode: string;
  /** Image element `src` → embedded data URL ('' or absent: an empty frame). */
  images: Record<string, string>;
}

const EPS = 0.01;
const mm = (n: number) => `${Math.round(n * 100) / 100}mm`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeText = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
const SAFE_DATA_IMG = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
/** Default text size in pt. */
export const DEFAULT_FONT_PT = 10.5;

const box = (x: number, y: number, w: number, h: number) => `position:absolute;left:${mm(x)};top:${mm(y)};width:${mm(w)};height:${mm(h)};box-sizing:border-box;`;

function textCss(style: ElementStyle | undefined): string {
  const s = style ?? {};
  const justify = s.align === 'center' ? 'center' : s.align === 'right' ? 'flex-end' : 'flex-start';
  return `display:flex;align-items:center;justify-content:${justify};overflow:hidden;font-size:${s.fontSize ?? DEFAULT_FONT_PT}pt;line-height:1.25;${s.bold ? 'font-weight:700;' : ''}${s.border ? `border:${mm(s.border)} solid #000;` : ''}`;
}

function textBox(el: LayoutElement, y: number, text: string): string {
  const align = el.style?.align ?? 'left';
  return `<div class="fw-el" data-el="${escapeHtml(el.id)}" style="${box(el.x, y, el.w, el.h)}${textCss(el.style)}"><div style="width:100%;text-align:${align}">${escapeText(text)}</div></div>`;
}

function imageBox(el: LayoutElement, y: number, src: string, alt: string): string {
  const frame = el.style?.border ? `border:${mm(el.style.border)} solid #000;` : '';
  if (!SAFE_DATA_IMG.test(src)) return `<div class="fw-el" data-el="${escapeHtml(el.id)}" style="${box(el.x, y, el.w, el.h)}${frame}"></div>`;
  return `<img class="fw-el" data-el="${escapeHtml(el.id)}" alt="${alt}" src="${src}" style="${box(el.x, y, el.w, el.h)}${frame}object-fit:contain">`;
}

/** One element (not a table) at vertical position `y`, on page `n` of `m`. */
function elementHtml(el: LayoutElement, y: number, data: LayoutData, n: number, m: number): string {
  switch (el.kind) {
    case 'field': {
      const f = data.fields[el.field] ?? { label: el.field, text: '' };
      return textBox(el, y, el.show === 'label' ? f.label : el.show === 'value' ? f.text : `${f.label}：${f.text}`);
    }
    case 'text':
      return textBox(el, y, el.text);
    case 'pageNumber':
      return textBox(el, y, el.format.replace(/\{n\}/g, String(n)).replace(/\{m\}/g, String(m)));
    case 'line': {
      const t = mm(el.style?.border ?? 0.3);
      const edge = el.w >= el.h ? `width:${mm(el.w)};height:0;border-top:${t} solid #000;` : `width:0;height:${mm(el.h)};border-left:${t} solid #000;`;
      return `<div class="fw-el" data-el="${escapeHtml(el.id)}" style="position:absolute;left:${mm(el.x)};top:${mm(y)};${edge}"></div>`;
    }
    case 'rect':
      return `<div class="fw-el" data-el="${escapeHtml(el.id)}" style="${box(el.x, y, el.w, el.h)}border:${mm(el.style?.border ?? 0.3)} solid #000"></div>`;
    case 'image':
      return imageBox(el, y, data.images[el.src] ?? '', '图片');
    case 'qrcode':
      return imageBox(el, y, data.qrcode, '二维码');
    case 'table':
      return '';
  }
}

/** Part of the table: its header row at `top`, then `rows`. */
function tableHtml(t: TableElement, top: number, labels: Record<string, string>, rows: Record<string, string>[]): string {
  const size = `font-size:${t.style?.fontSize ?? DEFAULT_FONT_PT}pt;`;
  const cell = (x: number, y: number, w: number, h: number, text: string, head: boolean, align: string) =>
    `<div style="${box(x, y, w, h)}border-right:0.2mm solid #000;border-bottom:0.2mm solid #000;display:flex;align-items:center;overflow:hidden;white-space:nowrap;padding:0 1mm;${size}${head ? 'font-weight:700;background:#f2f2f2;' : ''}"><div style="width:100%;overflow:hidden;text-overflow:ellipsis;text-align:${align}">${escapeHtml(text)}</div></div>`;
  const width = t.columns.reduce((s, c) => s + c.width, 0);
  const parts = [`<div class="fw-table-frame" style="position:absolute;left:${mm(t.x)};top:${mm(top)};width:${mm(width)};height:${mm(t.headerHeight + rows.length * t.rowHeight)};box-sizing:border-box;border-left:0.2mm solid #000;border-top:0.2mm solid #000"></div>`];
  let x = t.x;
  for (const c of t.columns) {
    parts.push(cell(x, top, c.width, t.headerHeight, labels[c.field] ?? c.field, true, 'center'));
    rows.forEach((row, i) => parts.push(cell(x, top + t.headerHeight + i * t.rowHeight, c.width, t.rowHeight, row[c.field] ?? '', false, t.style?.align ?? 'left')));
    x += c.width;
  }
  return `<div class="fw-el fw-table" data-el="${escapeHtml(t.id)}">${parts.join('')}</div>`;
}

/** A body element placed on a page at a vertical position. */
interface Placed { page: number; y: number; el: LayoutElement }

/**
 * Where every body element goes: without a table, all on page 1. With one, the elements beside or
 * above it stay on page 1; its rows fill page 1 from its top and every next page from the body's
 * top; the elements below it follow its real end (moved down as it grows, onto a new page when
 * they no longer fit).
 */
function placeBody(layout: PrintLayoutModel, data: LayoutData): { placed: Placed[]; tables: { page: number; top: number; from: number; to: number }[]; pages: number } {
  const body = bandBounds(layout, 'body');
  const elements = layout.elements.filter((e) => e.band === 'body');
  const table = elements.find((e): e is TableElement => e.kind === 'table');
  if (!table) return { placed: elements.map((el) => ({ page: 0, y: el.y, el })), tables: [], pages: 1 };
  const bottom = table.y + table.h;
  const before = elements.filter((e) => e !== table && e.y < bottom - EPS);
  const after = elements.filter((e) => e !== table && e.y >= bottom - EPS);
  const rows = data.subForms[table.subForm]?.rows ?? [];
  const tables: { page: number; top: number; from: number; to: number }[] = [];
  let page = 0, top = table.y, i = 0, end = top + table.headerHeight;
  for (;;) {
    const fit = Math.floor((body.bottom - top - table.headerHeight + EPS) / table.rowHeight);
    // A table whose header and first row do not fit below its place starts on the next page.
    if (fit < 1 && i < rows.length && top > body.top + EPS) { page++; top = body.top; continue; }
    const take = Math.min(Math.max(fit, 1), rows.length - i);
    tables.push({ page, top, from: i, to: i + take });
    i += take;
    end = top + table.headerHeight + take * table.rowHeight;
    if (i >= rows.length) break;
    page++;
    top = body.top;
  }
  const placed: Placed[] = before.map((el) => ({ page: 0, y: el.y, el }));
  if (after.length) {
    const shift = page === 0 ? Math.max(0, end - bottom) : end - bottom;
    let moved = after.map((el) => ({ page, y: el.y + shift, el }));
    if (moved.some((p) => p.y + p.el.h > body.bottom + EPS)) {
      const first = Math.min(...after.map((e) => e.y));
      page++;
      moved = after.map((el) => ({ page, y: body.top + el.y - first, el }));
    }
    placed.push(...moved);
  }
  return { placed, tables, pages: page + 1 };
}

/** The pages of one record: each a `.fw-layout-page` element with its bands and body. */
export function compileLayout(layout: PrintLayoutModel, data: LayoutData): string[] {
  const { width, height } = layoutPageSize(layout);
  const { placed, tables, pages } = placeBody(layout, data);
  const bands = layout.elements.filter((e) => e.band !== 'body');
  const table = layout.elements.find((e): e is TableElement => e.kind === 'table');
  const sub = table ? data.subForms[table.subForm] : undefined;
  const out: string[] = [];
  for (let p = 0; p < pages; p++) {
    const html: string[] = [];
    for (const el of bands) html.push(elementHtml(el, el.y, data, p + 1, pages));
    for (const t of tables.filter((t) => t.page === p)) html.push(tableHtml(table!, t.top, sub?.labels ?? {}, (sub?.rows ?? []).slice(t.from, t.to)));
    for (const { el, y } of placed.filter((e) => e.page === p)) html.push(elementHtml(el, y, data, p + 1, pages));
    out.push(`<div class="fw-layout-page" style="position:relative;width:${mm(width)};height:${mm(height)};overflow:hidden">${html.join('')}</div>`);
  }
  return out;
}

/** The CSS of layout pages: the paper as the @page size with no margins (the layout holds its own). */
export function layoutPageCss(size: { width: number; height: number }, opts: { page?: boolean } = {}): string {
  return `${opts.page === false ? '' : `@page { size: ${mm(size.width)} ${mm(size.height)}; margin: 0; }`}
.fw-print-doc { font-family: "Noto Sans CJK SC", "Noto Serif CJK SC", "Microsoft YaHei", sans-serif; font-size: ${DEFAULT_FONT_PT}pt; color: #000; }
.fw-layout-page { box-sizing: border-box; background: #fff; position: relative; overflow: hidden; }
@media screen {
  .fw-print-doc { background: #e9ebee; padding: 16px 0; }
  .fw-layout-page { margin: 0 auto 16px; box-shadow: 0 1px 6px rgba(0,0,0,.25); }
}
@media print {
  .fw-layout-page { break-after: page; }
  .fw-sheet:last-child .fw-layout-page:last-child { break-after: auto; }
  .fw-screen-only { display: none !important; }
}`;
}
