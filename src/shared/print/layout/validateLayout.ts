/**
 * Checks a layout sent by a client (or read from an imported JSON file) against its form: shape,
 * known fields, every element inside its band on the page, and limits. Answers the cleaned layout
 * (only known properties kept) or Chinese problems `{field, message}` (the API's 400 `errors`).
 */
import {
  BANDS, DEFAULT_PAGE_NUMBER_FORMAT, ELEMENT_KINDS, ELEMENT_KIND_LABELS, LAYOUT_PAPERS, MAX_LAYOUT_ELEMENTS, MAX_PAGE_MM, MAX_TABLE_COLUMNS, MIN_PAGE_MM,
  bandBounds, layoutPageSize, type ElementStyle, type LayoutElement, type PrintLayoutModel,
} from './layoutModel.js';
import { LAYOUT_SYSTEM_FIELDS, type LayoutFields } from './layoutFields.js';

export interface LayoutProblem { field: string; message: string }

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 10) / 10 : undefined);
/** Rounding slack for "inside the page" (mm). */
const EPS = 0.05;

/** The layout, or the problems that keep it from being saved. */
export function validateLayout(input: unknown, fields: LayoutFields): { layout?: PrintLayoutModel; errors: LayoutProblem[] } {
  const errors: LayoutProblem[] = [];
  const fail = (field: string, message: string) => { errors.push({ field, message }); };
  if (!isObj(input)) return { errors: [{ field: 'layout', message: '版式格式不正确' }] };
  const paper = input.paper as PrintLayoutModel['paper'];
  if (!LAYOUT_PAPERS.includes(paper)) fail('layout.paper', '纸张类型不正确');
  const orientation = input.orientation === 'landscape' ? 'landscape' : 'portrait';
  const layout: PrintLayoutModel = { version: 1, paper: LAYOUT_PAPERS.includes(paper) ? paper : 'A4', orientation, headerHeight: num(input.headerHeight) ?? -1, footerHeight: num(input.footerHeight) ?? -1, elements: [] };
  if (layout.paper === 'custom') {
    const width = num(input.width), height = num(input.height);
    if (width === undefined || width < MIN_PAGE_MM || width > MAX_PAGE_MM) fail('layout.width', `自定义纸张宽度须在${MIN_PAGE_MM}～${MAX_PAGE_MM}毫米之间`);
    if (height === undefined || height < MIN_PAGE_MM || height > MAX_PAGE_MM) fail('layout.height', `自定义纸张高度须在${MIN_PAGE_MM}～${MAX_PAGE_MM}毫米之间`);
    layout.width = width ?? 210;
    layout.height = height ?? 297;
  }
  const page = layoutPageSize(layout);
  if (layout.headerHeight < 0 || layout.footerHeight < 0) fail('layout.headerHeight', '页眉、页脚高度不能为负数');
  if (layout.headerHeight + layout.footerHeight > page.height - 20) fail('layout.headerHeight', '页眉与页脚过高，正文至少需要20毫米');
  if (!Array.isArray(input.elements)) {
    fail('layout.elements', '版式元素格式不正确');
    return { errors };
  }
  if (input.elements.length > MAX_LAYOUT_ELEMENTS) {
    fail('layout.elements', `元素数量不能超过${MAX_LAYOUT_ELEMENTS}个`);
    return { errors };
  }
  const main = new Map([...fields.main, ...LAYOUT_SYSTEM_FIELDS].map((f) => [f.enName, f]));
  const subs = new Map(fields.subForms.map((s) => [s.enName, s]));
  const ids = new Set<string>();
  let tables = 0;
  input.elements.forEach((raw, i) => {
    const at = `layout.elements[${i}]`;
    if (!isObj(raw) || !ELEMENT_KINDS.includes(raw.kind as never)) return fail(at, `第${i + 1}个元素的类型不正确`);
    const kind = raw.kind as LayoutElement['kind'];
    const name = `第${i + 1}个元素（${ELEMENT_KIND_LABELS[kind]}）`;
    const id = typeof raw.id === 'string' && raw.id && raw.id.length <= 40 ? raw.id : `e${i + 1}`;
    if (ids.has(id)) return fail(`${at}.id`, `${name}的编号重复`);
    ids.add(id);
    const band = raw.band as LayoutElement['band'];
    if (!BANDS.includes(band)) return fail(`${at}.band`, `${name}的区域不正确`);
    const [x, y, w, h] = [num(raw.x), num(raw.y), num(raw.w), num(raw.h)];
    if (x === undefined || y === undefined || w === undefined || h === undefined || w < 0 || h < 0 || (w === 0 && h === 0)) return fail(at, `${name}的位置或大小不正确`);
    const bounds = bandBounds(layout, band);
    if (x < -EPS || x + w > page.width + EPS || y < -EPS || y + h > page.height + EPS) return fail(at, `${name}超出页面范围`);
    if (y < bounds.top - EPS || y + h > bounds.bottom + EPS) return fail(at, `${name}超出${band === 'header' ? '页眉' : band === 'footer' ? '页脚' : '正文'}区域`);
    const base = { id, band, x, y, w, h, style: styleOf(raw.style) };
    switch (kind) {
      case 'field': {
        const field = String(raw.field ?? '');
        if (!main.has(field)) return fail(`${at}.field`, `字段「${field}」不存在`);
        const show = raw.show === 'label' || raw.show === 'value' ? raw.show : 'both';
        return void layout.elements.push({ ...base, kind, field, show });
      }
      case 'text':
        if (typeof raw.text !== 'string' || raw.text.length > 500) return fail(`${at}.text`, `${name}的文字不能超过500字`);
        return void layout.elements.push({ ...base, kind, text: raw.text });
      case 'image':
        if (typeof raw.src !== 'string' || !/^(?:\/api)?\/common\/download\?fileName=[^\s"'<>]{1,400}$/.test(raw.src)) return fail(`${at}.src`, `${name}请选择已上传的图片`);
        return void layout.elements.push({ ...base, kind, src: raw.src });
      case 'pageNumber': {
        const format = typeof raw.format === 'string' && raw.format.trim() ? raw.format : DEFAULT_PAGE_NUMBER_FORMAT;
        if (format.length > 50) return fail(`${at}.format`, `${name}的格式不能超过50字`);
        return void layout.elements.push({ ...base, kind, format });
      }
      case 'table': {
        if (band !== 'body') return fail(`${at}.band`, '子表格只能放在正文区域');
        if (++tables > 1) return fail(at, '一个版式只能有一个子表格');
        const sub = subs.get(String(raw.subForm ?? ''));
        if (!sub) return fail(`${at}.subForm`, `子表单「${String(raw.subForm ?? '')}」不存在`);
        const cols = Array.isArray(raw.columns) ? raw.columns : [];
        if (!cols.length || cols.length > MAX_TABLE_COLUMNS) return fail(`${at}.columns`, `子表格须有1～${MAX_TABLE_COLUMNS}列`);
        const known = new Set(sub.children.map((c) => c.enName));
        const columns = [];
        for (const [j, c] of cols.entries()) {
          const field = isObj(c) ? String(c.field ?? '') : '';
          const width = isObj(c) ? num(c.width) : undefined;
          if (!known.has(field)) return fail(`${at}.columns[${j}].field`, `子表单「${sub.label}」没有字段「${field}」`);
          if (width === undefined || width < 3) return fail(`${at}.columns[${j}].width`, '列宽至少3毫米');
          columns.push({ field, width });
        }
        if (x + columns.reduce((s, c) => s + c.width, 0) > page.width + EPS) return fail(`${at}.columns`, `${name}超出页面范围`);
        const headerHeight = num(raw.headerHeight) ?? 8, rowHeight = num(raw.rowHeight) ?? 7;
        const body = bandBounds(layout, 'body');
        if (headerHeight < 3 || rowHeight < 3) return fail(`${at}.rowHeight`, '表头与行高至少3毫米');
        if (headerHeight + rowHeight > body.bottom - body.top) return fail(`${at}.rowHeight`, '表头与行高超过正文高度');
        return void layout.elements.push({ ...base, kind, subForm: sub.enName, columns, headerHeight, rowHeight });
      }
      default:
        return void layout.elements.push({ ...base, kind } as LayoutElement);
    }
  });
  return errors.length ? { errors } : { layout, errors };
}

function styleOf(raw: unknown): ElementStyle | undefined {
  if (!isObj(raw)) return undefined;
  const style: ElementStyle = {};
  const size = num(raw.fontSize);
  if (size !== undefined) style.fontSize = Math.max(5, Math.min(72, size));
  if (raw.bold === true) style.bold = true;
  if (raw.align === 'center' || raw.align === 'right' || raw.align === 'left') style.align = raw.align;
  const border = num(raw.border);
  if (border !== undefined && border > 0) style.border = Math.min(3, border);
  return Object.keys(style).length ? style : undefined;
}
