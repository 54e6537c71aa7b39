/**
 * The visual print designer's layout (issue 30 item 3, ADR 1054): a page of a chosen paper,
 * header and footer bands repeated on every page, and a body; elements placed at absolute
 * positions in mm (page coordinates, origin at the top-left corner of the paper). Pure data.
 */

/** Papers the designer offers; `continuous` is the 241 × 140 mm continuous form (针式打印纸). */
export const LAYOUT_PAPERS = ['A4', 'A5', 'continuous', 'custom'] as const;
export type LayoutPaper = (typeof LAYOUT_PAPERS)[number];
export const LAYOUT_PAPER_LABELS: Record<LayoutPaper, string> = { A4: 'A4', A5: 'A5', continuous: '连续纸 241×140', custom: '自定义' };

/** The bands of a page: header and footer repeat on every page, the body flows. */
export const BANDS = ['header', 'body', 'footer'] as const;
export type Band = (typeof BANDS)[number];

export const ELEMENT_KINDS = ['field', 'text', 'line', 'rect', 'image', 'qrcode', 'pageNumber', 'table'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];
export const ELEMENT_KIND_LABELS: Record<ElementKind, string> = {
  field: '字段', text: '文字', line: '线条', rect: '矩形', image: '图片', qrcode: '二维码', pageNumber: '页码', table: '子表格',
};

/** Text style of an element; `border` is the frame's width in mm (0: none). */
export interface ElementStyle {
  fontSize?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  border?: number;
}

interface Base {
  id: string;
  band: Band;
  x: number;
  y: number;
  w: number;
  h: number;
  style?: ElementStyle;
}

/** A main-form field: its label, its value, or `label：value`. */
export interface FieldElement extends Base { kind: 'field'; field: string; show: 'label' | 'value' | 'both' }
export interface TextElement extends Base { kind: 'text'; text: string }
/** A line along the box's top edge (w ≥ h) or left edge (w < h), `style.border` mm thick (default 0.3). */
export interface LineElement extends Base { kind: 'line' }
export interface RectElement extends Base { kind: 'rect' }
/** An image of the file store: the download address the upload answered. */
export interface ImageElement extends Base { kind: 'image'; src: string }
export interface QrcodeElement extends Base { kind: 'qrcode' }
/** `{n}` the page, `{m}` the pages of the record. */
export interface PageNumberElement extends Base { kind: 'pageNumber'; format: string }
export interface TableColumn { field: string; width: number }
/** A whole sub-form: header row, then one row per sub-form row, flowing onto further pages. */
export interface TableElement extends Base { kind: 'table'; subForm: string; columns: TableColumn[]; headerHeight: number; rowHeight: number }

export type LayoutElement = FieldElement | TextElement | LineElement | RectElement | ImageElement | QrcodeElement | PageNumberElement | TableElement;

/** A whole layout template. */
export interface PrintLayoutModel {
  version: 1;
  paper: LayoutPaper;
  orientation: 'portrait' | 'landscape';
  /** Used when `paper` is `custom` (mm). */
  width?: number;
  height?: number;
  headerHeight: number;
  footerHeight: number;
  elements: LayoutElement[];
}

export const DEFAULT_PAGE_NUMBER_FORMAT = '第 {n} 页 / 共 {m} 页';
export const MAX_LAYOUT_ELEMENTS = 200;
export const MAX_TABLE_COLUMNS = 30;
export const MIN_PAGE_MM = 50;
export const MAX_PAGE_MM = 1200;

const SIZES: Record<'A4' | 'A5' | 'continuous', [number, number]> = { A4: [210, 297], A5: [148, 210], continuous: [241, 140] };

/**
 * The page's width and height in mm. Orientation turns A4 and A5; the continuous form is always
 * 241 wide and 140 high; a custom paper is as given.
 */
export function layoutPageSize(layout: Pick<PrintLayoutModel, 'paper' | 'orientation' | 'width' | 'height'>): { width: number; height: number } {
  if (layout.paper === 'custom') return { width: layout.width ?? 210, height: layout.height ?? 297 };
  const [w, h] = SIZES[layout.paper] ?? SIZES.A4;
  if (layout.paper === 'continuous') return { width: w, height: h };
  return layout.orientation === 'landscape' ? { width: h, height: w } : { width: w, height: h };
}

/** The band a point at `y` (mm from the page's top) falls into. */
export function bandAt(layout: Pick<PrintLayoutModel, 'headerHeight' | 'footerHeight'> & Parameters<typeof layoutPageSize>[0], y: number): Band {
  const { height } = layoutPageSize(layout);
  if (y < layout.headerHeight) return 'header';
  if (y >= height - layout.footerHeight) return 'footer';
  return 'body';
}

/** The top and bottom of a band in page mm. */
export function bandBounds(layout: Pick<PrintLayoutModel, 'headerHeight' | 'footerHeight'> & Parameters<typeof layoutPageSize>[0], band: Band): { top: number; bottom: number } {
  const { height } = layoutPageSize(layout);
  if (band === 'header') return { top: 0, bottom: layout.headerHeight };
  if (band === 'footer') return { top: height - layout.footerHeight, bottom: height };
  return { top: layout.headerHeight, bottom: height - layout.footerHeight };
}

/** An empty A4 layout with 20 mm header and 15 mm footer bands. */
export function emptyLayout(): PrintLayoutModel {
  return { version: 1, paper: 'A4', orientation: 'portrait', headerHeight: 20, footerHeight: 15, elements: [] };
}
