/** Parsing of search values: numbers, dates, lists — a bad value is a 400, never SQL text. */
import { badRequest } from '../../http/HttpError.js';

/** Throws a 400 for text PostgreSQL cannot hold (a NUL character). */
export function assertStorableText(text: string): string {
  if (text.includes('\u0000')) throw badRequest('搜索值含有不允许的字符');
  return text;
}

/** Values one search condition may list; beyond it the request is a 400, not thousands of SQL parameters. */
export const MAX_SEARCH_VALUES = 1000;

/** `list` when it holds at most MAX_SEARCH_VALUES values (nested lists counted flat), else a 400 naming the field. */
export function capValues<T>(list: T[], label: string): T[] {
  if (list.length > MAX_SEARCH_VALUES || list.flat().length > MAX_SEARCH_VALUES) throw badRequest(`「${label}」的搜索值最多${MAX_SEARCH_VALUES}个`);
  return list;
}

/** True for undefined, null, '' and [] (a condition is used only when it has a value). */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A finite number from a number or numeric string, else a 400 naming the field. */
export function toNumber(v: unknown, label: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw badRequest(`「${label}」的搜索值不是有效数字`);
  return n;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const MONTH = /^\d{4}-\d{2}$/;
const YEAR = /^\d{4}$/;

/** A date or date-time string in a shape PostgreSQL reads unambiguously, else a 400. */
export function toDateText(v: unknown, label: string): { text: string; pureDate: boolean } {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  let text = s;
  if (MONTH.test(s)) text = `${s}-01`;
  else if (YEAR.test(s)) text = `${s}-01-01`;
  const pureDate = DATE.test(text);
  if (!pureDate && !DATE_TIME.test(text)) throw badRequest(`「${label}」的日期格式不正确`);
  const d = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text.slice(0, 10)) throw badRequest(`「${label}」的日期格式不正确`);
  // Years PostgreSQL and people both read; hours and minutes of a real clock.
  const year = Number(text.slice(0, 4));
  const [h, m, sec] = text.slice(11).split(':').map(Number);
  if (year < 1000 || (!pureDate && (h > 23 || m > 59 || (sec ?? 0) > 59))) throw badRequest(`「${label}」的日期格式不正确`);
  return { text: text.replace('T', ' '), pureDate };
}

/** A search value as a list of texts (a list stays a list; a scalar becomes one entry). */
export function toTextList(v: unknown, label: string): string[] {
  const list = capValues(Array.isArray(v) ? v : [v], label);
  return list.filter((x) => !isBlank(x)).map((x) => {
    if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') return assertStorableText(String(x));
    throw badRequest(`「${label}」的搜索值格式不正确`);
  });
}

/** A boolean from true/false, 'true'/'false', 1/0. */
export function toBoolean(v: unknown, label: string): boolean {
  if (v === true || v === 'true' || v === 1 || v === '1') return true;
  if (v === false || v === 'false' || v === 0 || v === '0') return false;
  throw badRequest(`「${label}」的搜索值格式不正确`);
}

/** `%`, `_` and `\` typed by the user match themselves in LIKE. */
export function likePattern(text: string): string {
  assertStorableText(text);
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
