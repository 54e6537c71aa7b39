/**
 * Number columns of default width grow to fit their widest value (issue 27 item 12: amounts such
 * as 28,345,678.90 元 were cut to "28,345,6…" in the 120 px default). Configured and per-user
 * widths are kept: the user who narrows a column gets what they asked for.
 */
import type { ColumnModel } from '../../../../schema-adapters/columns/columnModel';
import { formatNumber } from './numberFormat';

/** Most a column grows to (spec 01 §2.2's cap for configured widths). */
const MAX_WIDTH = 300;
/** Cell padding (8 px a side) plus room for the resize handle. */
const PADDING = 24;

/** The drawn width of a cell text at the list's 14 px font: digits and Latin ~8 px, CJK 14 px. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e7f ? 14 : 8;
  return w;
}

/** The columns with each default-width number column wide enough for its values in `records`. */
export function fitNumberColumns(columns: ColumnModel[], records: Record<string, unknown>[]): ColumnModel[] {
  return columns.map((c) => {
    if (!c.autoWidth || c.cell !== 'number') return c;
    let widest = 0;
    for (const r of records) widest = Math.max(widest, textWidth(formatNumber(r[c.key], c.precision, c.thousandSeparator, c.suffix)));
    const width = Math.min(MAX_WIDTH, Math.max(c.width, widest + PADDING));
    return width === c.width ? c : { ...c, width };
  });
}
