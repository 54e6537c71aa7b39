/**
 * Values read from a scan (spec 01 §5, spec 02 §5): a recognised invoice date has its Chinese year,
 * month and day characters turned into dashes and must then be a real date, else the field is
 * cleared with the warning '日期：{text} 非有效日期，请手动选择'; a recognised number has currency
 * symbols and Chinese characters stripped (thousands commas and spaces too), and is 0 when what
 * remains is not a number. Pure: the fields apply these to the form.
 */

/** How long the invalid-date warning stays (spec: 5 s). */
export const DATE_WARNING_SECONDS = 5;

/** The warning for a recognised text that is not a valid date. */
export function invalidDateMessage(text: string): string {
  return `日期：${text} 非有效日期，请手动选择`;
}

function isRealDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A recognised date as `yyyy-MM-dd` (a time part kept), or `{value: null, warning}` when it is not a real date. */
export function recognizedDate(text: unknown): { value: string | null; warning?: string } {
  const raw = text == null ? '' : String(text).trim();
  if (!raw) return { value: null };
  const dashed = raw.replace(/[年月日]/g, '-').replace(/-+(?=\s|$)/, '').replace(/-{2,}/g, '-');
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(dashed);
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return { value: null, warning: invalidDateMessage(raw) };
  const date = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  if (m[4] === undefined) return { value: date };
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return { value: null, warning: invalidDateMessage(raw) };
  return { value: `${date} ${m[4].padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}` };
}

/** A recognised number: currency symbols, Chinese characters, commas and spaces stripped; non-numeric → 0. */
export function recognizedNumber(text: unknown): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const cleaned = (text == null ? '' : String(text)).replace(/[\p{Sc}\p{Script=Han}，,\s]/gu, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return 0;
  return Number(cleaned);
}
