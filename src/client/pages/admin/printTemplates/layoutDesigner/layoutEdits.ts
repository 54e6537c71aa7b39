/**
 * The designer's edits of a layout, as pure functions (no React, no antd): dropping a palette item
 * at a point, moving and resizing by a drag or by numbers, each clamped to the page and given the
 * band its top falls into. Positions are mm; the canvas converts pointer pixels with `pxToMm`.
 */
import { bandAt, layoutPageSize, type LayoutElement, type PrintLayoutModel } from '../../../../../shared/print/layout/layoutModel';
import type { LayoutFields } from '../../../../../shared/print/layout/layoutFields';

/** CSS pixels per mm (96 dpi), the canvas being drawn at real size. */
export const PX_PER_MM = 96 / 25.4;
export const pxToMm = (px: number) => Math.round((px / PX_PER_MM) * 10) / 10;

/** What the palette offers: a field of the form, or an element kind (a sub-form is a table). */
export type PaletteItem =
  | { kind: 'field'; field: string }
  | { kind: 'table'; subForm: string }
  | { kind: 'text' | 'line' | 'rect' | 'image' | 'qrcode' | 'pageNumber' };

const round = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** A fresh element id not used in the layout. */
export function nextId(layout: PrintLayoutModel): string {
  const used = new Set(layout.elements.map((e) => e.id));
  let n = layout.elements.length + 1;
  while (used.has(`e${n}`)) n++;
  return `e${n}`;
}

/** The element the palette item makes (size in mm), before it is placed. */
function makeElement(item: PaletteItem, fields: LayoutFields, id: string): LayoutElement {
  const base = { id, band: 'body' as const, x: 0, y: 0 };
  switch (item.kind) {
    case 'field': return { ...base, kind: 'field', field: item.field, show: 'both', w: 70, h: 8 };
    case 'text': return { ...base, kind: 'text', text: '文字', w: 40, h: 8 };
    case 'line': return { ...base, kind: 'line', w: 80, h: 0 };
    case 'rect': return { ...base, kind: 'rect', w: 60, h: 30 };
    case 'image': return { ...base, kind: 'image', src: '', w: 30, h: 30 };
    case 'qrcode': return { ...base, kind: 'qrcode', w: 25, h: 25 };
    case 'pageNumber': return { ...base, kind: 'pageNumber', format: '第 {n} 页 / 共 {m} 页', w: 45, h: 8, style: { align: 'right' } };
    case 'table': {
      const children = fields.subForms.find((s) => s.enName === item.subForm)?.children.slice(0, 6) ?? [];
      const width = round(Math.max(3, 150 / Math.max(1, children.length)));
      return { ...base, kind: 'table', subForm: item.subForm, columns: children.map((c) => ({ field: c.enName, width })), headerHeight: 8, rowHeight: 7, w: round(width * children.length), h: 30 };
    }
  }
}

/** Keeps an element on the page and inside the band its top falls into (a table stays in the body). */
export function placed(layout: PrintLayoutModel, el: LayoutElement): LayoutElement {
  const page = layoutPageSize(layout);
  const w = clamp(round(el.w), 0, page.width);
  const h = clamp(round(el.h), 0, page.height);
  const x = clamp(round(el.x), 0, round(page.width - w));
  let y = clamp(round(el.y), 0, round(page.height - h));
  const band = el.kind === 'table' ? 'body' : bandAt(layout, y);
  const top = band === 'header' ? 0 : band === 'body' ? layout.headerHeight : page.height - layout.footerHeight;
  const bottom = band === 'header' ? layout.headerHeight : band === 'body' ? page.height - layout.footerHeight : page.height;
  y = clamp(y, top, Math.max(top, round(bottom - h)));
  return { ...el, x, y, w, h: Math.min(h, bottom - top), band } as LayoutElement;
}

/** Adds the palette item with its top-left corner at (x, y) mm; answers the layout and the new id. */
export function dropItem(layout: PrintLayoutModel, item: PaletteItem, at: { x: number; y: number }, fields: LayoutFields): { layout: PrintLayoutModel; id: string } {
  const id = nextId(layout);
  const el = placed(layout, { ...makeElement(item, fields, id), x: at.x, y: at.y });
  return { layout: { ...layout, elements: [...layout.elements, el] }, id };
}

/** Changes one element (a drag's move or resize, or the property panel's numbers and styles), re-placed. */
export function updateElement(layout: PrintLayoutModel, id: string, patch: Partial<LayoutElement>): PrintLayoutModel {
  return { ...layout, elements: layout.elements.map((e) => (e.id === id ? placed(layout, { ...e, ...patch } as LayoutElement) : e)) };
}

/** Moves an element by a drag of (dx, dy) mm. */
export function moveElement(layout: PrintLayoutModel, id: string, dx: number, dy: number): PrintLayoutModel {
  const el = layout.elements.find((e) => e.id === id);
  return el ? updateElement(layout, id, { x: el.x + dx, y: el.y + dy }) : layout;
}

/** Resizes an element by a drag of its corner by (dw, dh) mm (at least 1 mm; a line keeps its zero side). */
export function resizeElement(layout: PrintLayoutModel, id: string, dw: number, dh: number): PrintLayoutModel {
  const el = layout.elements.find((e) => e.id === id);
  if (!el) return layout;
  const min = (v: number, was: number) => (was === 0 && el.kind === 'line' ? 0 : Math.max(1, v));
  return updateElement(layout, id, { w: min(el.w + dw, el.w), h: min(el.h + dh, el.h) });
}

/** Removes an element. */
export function removeElement(layout: PrintLayoutModel, id: string): PrintLayoutModel {
  return { ...layout, elements: layout.elements.filter((e) => e.id !== id) };
}

/** Changes paper, orientation or bands, and re-places every element on the new page. */
export function updatePage(layout: PrintLayoutModel, patch: Partial<Omit<PrintLayoutModel, 'elements' | 'version'>>): PrintLayoutModel {
  const next = { ...layout, ...patch };
  return { ...next, elements: next.elements.map((e) => placed(next, e)) };
}

/** The designer's stand-in values: `［label］` per field, three rows per sub-form. */
export function sampleData(fields: LayoutFields) {
  return {
    fields: Object.fromEntries(fields.main.map((f) => [f.enName, { label: f.label, text: `［${f.label}］` }])),
    subForms: Object.fromEntries(fields.subForms.map((s) => [s.enName, {
      labels: Object.fromEntries(s.children.map((c) => [c.enName, c.label])),
      rows: [1, 2, 3].map(() => Object.fromEntries(s.children.map((c) => [c.enName, `［${c.label}］`]))),
    }])),
    qrcode: '',
    images: {},
  };
}
