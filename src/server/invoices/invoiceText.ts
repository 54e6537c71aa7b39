/**
 * Invoice fields from the text layer of an electronic invoice PDF (the older VAT e-invoice layout,
 * buyer above seller, and the 全电 layout, buyer left of seller): labels such as 发票代码, 发票号码,
 * 开票日期, 校验码, 名称, 纳税人识别号, 合计, （小写）, and the item table between its header row
 * (项目名称 / 货物或应税劳务、服务名称 …) and 合计. Positioned text items in, fields out. Pure.
 */
import { invoiceTypeName } from '../../shared/invoiceTypes.js';
import type { InvoiceLine, RecognizedInvoice } from './recognizedInvoice.js';

/** One run of text as pdfjs gives it: its string, left x, baseline y (PDF units, y up) and width. */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  page: number;
}

/** Items within this distance of a line's baseline belong to it. */
const LINE_TOLERANCE = 3;

/** Items grouped into lines, top to bottom and page by page; each line's items left to right. */
export function textLines(items: readonly TextItem[]): TextItem[][] {
  const sorted = items.filter((i) => i.str.trim()).sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
  const lines: TextItem[][] = [];
  for (const item of sorted) {
    const line = lines[lines.length - 1];
    if (line && line[0].page === item.page && Math.abs(line[0].y - item.y) <= LINE_TOLERANCE) line.push(item);
    else lines.push([item]);
  }
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines;
}

/** A line's text: items joined by a space, label spacing (名 称 ：) closed up, full-width colons and brackets made plain. */
function lineText(line: readonly TextItem[]): string {
  return normalize(line.map((i) => i.str).join(' '));
}

/** Labels that issuers print with spaces between their characters (名 称, 校 验 码, 合 计). */
const SPACED_LABELS = ['名称', '校验码', '合计', '价税合计', '纳税人识别号', '发票代码', '发票号码', '开票日期', '小写', '大写'].map(
  (label) => [new RegExp([...label].join('\\s*'), 'g'), label] as const,
);

function normalize(s: string): string {
  let out = s.replace(/：/g, ':').replace(/（/g, '(').replace(/）/g, ')').replace(/￥/g, '¥');
  for (const [re, label] of SPACED_LABELS) out = out.replace(re, label);
  return out.replace(/\s*:\s*/g, ':');
}

/** Type names, most specific first (电子发票（增值税专用发票） before 增值税专用发票). */
const TITLES: [RegExp, string][] = [
  [/电子发票\(增值税专用发票\)/, '31'],
  [/电子发票\(普通发票\)/, '32'],
  [/纸质发票\(增值税专用发票\)/, '185'],
  [/纸质发票\(普通发票\)/, '186'],
  [/机动车销售电子统一发票/, '183'],
  [/增值税电子专用发票/, '08'],
  [/通行费/, '14'],
  [/增值税电子普通发票/, '10'],
  [/机动车销售统一发票/, '03'],
  [/二手车销售统一发票/, '15'],
  [/海关.*缴款书/, '17'],
  [/卷票/, '11'],
  [/增值税专用发票/, '01'],
  [/增值税普通发票/, '04'],
];

const MONEY = /¥?\s*(-?[\d,]+\.\d{1,2})/;

function money(s: string | undefined): string | undefined {
  return s === undefined ? undefined : s.replace(/,/g, '');
}

/** Item table columns by header label. */
const COLUMNS: [RegExp, keyof InvoiceLine][] = [
  [/项目名称|货物或应税劳务|服务名称/, 'name'],
  [/规格型号/, 'spec'],
  [/单位/, 'unit'],
  [/数量/, 'quantity'],
  [/单价/, 'price'],
  [/金额/, 'amount'],
  [/税率|征收率/, 'taxRate'],
  [/税额/, 'tax'],
];

function center(i: TextItem): number {
  return i.x + i.width / 2;
}

/** Line items from the rows between the table header and the 合计 row, each cell put in the nearest header's column. */
function itemLines(lines: TextItem[][], texts: string[]): InvoiceLine[] {
  const head = texts.findIndex((t) => COLUMNS[0][0].test(t) && /金额/.test(t));
  if (head < 0) return [];
  const columns: { key: keyof InvoiceLine; x: number }[] = [];
  for (const item of lines[head]) {
    const label = normalize(item.str).replace(/\s/g, '');
    const col = COLUMNS.find(([re]) => re.test(label));
    if (col && !columns.some((c) => c.key === col[1])) columns.push({ key: col[1], x: center(item) });
  }
  const out: InvoiceLine[] = [];
  for (let i = head + 1; i < lines.length && !/^合计/.test(texts[i].replace(/\s/g, '')); i++) {
    const row: Partial<Record<keyof InvoiceLine, string>> = {};
    for (const item of lines[i]) {
      const c = center(item);
      const col = columns.reduce((best, k) => (Math.abs(k.x - c) < Math.abs(best.x - c) ? k : best), columns[0]);
      row[col.key] = ((row[col.key] ?? '') + item.str.trim()).trim();
    }
    if (row.name && (row.amount || row.quantity || row.price)) {
      out.push({
        name: row.name, spec: row.spec, unit: row.unit, quantity: row.quantity, price: money(row.price),
        amount: money(row.amount?.replace(/^¥/, '')), taxRate: row.taxRate, tax: money(row.tax?.replace(/^¥/, '')),
      });
    } else if (row.name && out.length && Object.keys(row).length === 1) {
      // A long item name wraps onto the next row.
      out[out.length - 1].name += row.name;
    }
  }
  return out;
}

/** The invoice the text layer describes (fields not found stay absent). */
export function invoiceFromText(items: readonly TextItem[]): RecognizedInvoice {
  const lines = textLines(items);
  const texts = lines.map(lineText);
  const all = texts.join('\n');
  const inv: RecognizedInvoice = { items: [] };
  for (const [re, code] of TITLES) {
    if (re.test(all)) {
      inv.typeCode = code;
      inv.typeName = invoiceTypeName(code);
      break;
    }
  }
  inv.code = /发票代码:(\d{10,12})\b/.exec(all)?.[1];
  inv.number = /发票号码:(\d{20}|\d{8})\b/.exec(all)?.[1];
  const d = /开票日期:(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/.exec(all) ?? /开票日期:(\d{4})-(\d{1,2})-(\d{1,2})/.exec(all);
  if (d) inv.date = `${d[1]}-${d[2].padStart(2, '0')}-${d[3].padStart(2, '0')}`;
  const check = /校验码:([\d ]{20,})/.exec(all)?.[1].replace(/\s/g, '');
  if (check) inv.checkCode = check;
  const names = [...all.matchAll(/名称:([^\s:]+)/g)].map((m) => m[1]);
  const taxIds = [...all.matchAll(/纳税人识别号:([0-9A-Z]{15,20})/g)].map((m) => m[1]);
  // Top to bottom, left to right: the buyer comes first in both layouts.
  [inv.buyer, inv.seller] = names;
  [inv.buyerTaxNo, inv.sellerTaxNo] = taxIds;
  const totalLine = texts.find((t) => /^合计/.test(t.replace(/\s/g, '')));
  if (totalLine) {
    const amounts = [...totalLine.matchAll(new RegExp(MONEY.source, 'g'))].map((m) => money(m[1]));
    [inv.amount, inv.tax] = amounts;
  }
  inv.total = money(/\(小写\)\s*¥?\s*(-?[\d,]+\.\d{1,2})/.exec(all)?.[1]);
  inv.items = itemLines(lines, texts);
  for (const k of Object.keys(inv) as (keyof RecognizedInvoice)[]) if (inv[k] === undefined) delete inv[k];
  return inv;
}
