/**
 * Dates as Excel date serials (issue 27 item 4): the export writes a date column's text cells
 * (`yyyy-MM-dd…`, the field type's `exportCell`) as serials, so a spreadsheet sorts and filters them.
 */

/** Excel's day 0 (1899-12-30, counting Lotus's 1900 leap day) in ms. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DATE_TEXT = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T](\d{1,2})(?::(\d{1,2})(?::(\d{1,2}))?)?)?)?)?$/;

/** A `yyyy[-MM[-dd[ HH[:mm[:ss]]]]]` text as an Excel date serial (wall-clock time, no zone), or null. */
export function excelSerial(text: string): number | null {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  if ((mo ?? 1) < 1 || (mo ?? 1) > 12 || (d ?? 1) < 1 || (d ?? 1) > 31) return null;
  const ms = Date.UTC(y!, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) - EXCEL_EPOCH;
  return ms / 86_400_000;
}
