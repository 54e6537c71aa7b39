/**
 * One display text per field kind (issue 12 item 12), shared by the list cells, the sub-form
 * table and its 查看明细 drawer, and the read-only detail fields, so a value reads the same
 * everywhere: numbers at the field precision with the suffix attached (`0.00%`), dates in the
 * field format, choices as option labels (a cascader path as `钢材 / 盘圆`), `$view` companions
 * where the server computed one. An empty value is '' here; read-only forms show EMPTY_DISPLAY.
 */
import type { ColumnModel } from '../columns/columnModel';
import type { FieldOption } from '../definition/types';
import { formatDate } from '../shared/dateFormat';
import { formatNumber } from './formatNumber';
import { htmlToText } from '../cells/htmlText';

/** What a read-only form, a sub-form row and the drawer show for an empty value. */
export const EMPTY_DISPLAY = '-';
/** Between the levels of a cascader path, as antd's Cascader shows a chosen path. */
export const PATH_SEPARATOR = ' / ';
/** Between several values of one field. */
export const LIST_SEPARATOR = '、';

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A date / time value in a definition format; date-only text passes unchanged for a date format. */
export function formatDateValue(value: unknown, format = 'yyyy-MM-dd'): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !/[Hms]/.test(format)) return format === 'yyyy-MM-dd' ? value : formatDate(new Date(`${value}T00:00:00`), format);
  if (typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : formatDate(d, format);
}

/** The option of `value` anywhere in a (nested) option list. */
export function findOption(options: readonly FieldOption[] | undefined, value: unknown): FieldOption | undefined {
  for (const o of options ?? []) {
    if (String(o.value) === String(value)) return o;
    const inner = findOption(o.children, value);
    if (inner) return inner;
  }
  return undefined;
}

/** The options along a cascader path (level by level; a missing level ends the walk). */
export function optionPath(options: readonly FieldOption[] | undefined, path: readonly unknown[]): FieldOption[] {
  const out: FieldOption[] = [];
  let level = options;
  for (const v of path) {
    const o = level?.find((x) => String(x.value) === String(v));
    if (!o) break;
    out.push(o);
    level = o.children;
  }
  return out;
}

/** A cascader path's labels joined; unknown levels keep their value so nothing silently vanishes. */
function pathText(options: readonly FieldOption[] | undefined, path: readonly unknown[]): string {
  const known = optionPath(options, path);
  return path.map((v, i) => known[i]?.label ?? String(v)).join(PATH_SEPARATOR);
}

/** The cascader paths of a value: one path, or several when the cascader is multiple. */
export function cascaderPaths(value: unknown): unknown[][] {
  if (isEmpty(value)) return [];
  if (!Array.isArray(value)) return [[value]];
  return Array.isArray(value[0]) ? (value as unknown[][]).filter((p) => !isEmpty(p)) : [value];
}

/**
 * The text of choice values (select, radio, checkbox, cascader): the `$view` companion when the
 * row has one, else the labels of `options`. Null while `options` are still loading and no view
 * helps, so a caller can show nothing rather than a raw id.
 */
export function choiceText(value: unknown, opts: { cascader?: boolean; options?: readonly FieldOption[]; view?: unknown; pending?: boolean }): string | null {
  if (isEmpty(value)) return '';
  if (!isEmpty(opts.view)) {
    const view = Array.isArray(opts.view) ? opts.view.map(String).join(LIST_SEPARATOR) : String(opts.view);
    // The server joins path levels with '/' and paths with ','.
    return opts.cascader ? view.split(',').map((p) => p.split('/').map((s) => s.trim()).join(PATH_SEPARATOR)).join(LIST_SEPARATOR) : view;
  }
  if (opts.pending) return null;
  if (opts.cascader) return cascaderPaths(value).map((p) => pathText(opts.options, p)).join(LIST_SEPARATOR);
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v) => !isEmpty(v)).map((v) => findOption(opts.options, v)?.label ?? String(v)).join(LIST_SEPARATOR);
}

function listText(value: unknown, sep: string): string {
  if (Array.isArray(value)) return value.filter((v) => !isEmpty(v)).map(String).join(sep);
  return isEmpty(value) ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The display text of `row`'s value under `column` ('' when empty). */
export function displayText(column: ColumnModel, row: Record<string, unknown>): string {
  const value = row[column.key];
  const view = column.viewKey ? row[column.viewKey] : undefined;
  switch (column.cell) {
    case 'number':
    case 'rate':
      return formatNumber(value, column.precision, column.thousandSeparator, column.suffix);
    case 'date':
    case 'time':
      return formatDateValue(value, column.format);
    case 'dateRange': {
      const [s, e] = column.rangeKeys ?? [`${column.key}$start`, `${column.key}$end`];
      const a = formatDateValue(row[s], column.format);
      const b = formatDateValue(row[e], column.format);
      return a || b ? `${a} ~ ${b}` : '';
    }
    case 'switch':
      return value === true || value === 'true' || value === 1 || value === '1' ? '是' : isEmpty(value) ? '' : '否';
    case 'dict':
      return choiceText(value, { cascader: column.search === 'cascader', options: column.options, view }) ?? '';
    case 'status':
    case 'color':
      return isEmpty(value) ? '' : findOption(column.options, value)?.label ?? String(value);
    case 'user':
    case 'dept':
    case 'related':
    case 'position':
      return listText(view ?? value, LIST_SEPARATOR);
    case 'address':
      return listText(row[`${column.key}$view`] ?? value, '/');
    case 'files':
      return Array.isArray(value) ? value.map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? (f as { url?: unknown }).url ?? '') : String(f))).join(LIST_SEPARATOR) : listText(value, LIST_SEPARATOR);
    case 'richText':
      return htmlToText(value);
    case 'subForm':
      return Array.isArray(value) ? `${value.length}条` : '';
    case 'button':
      return column.buttonName ?? '';
    default:
      return listText(view ?? value, LIST_SEPARATOR);
  }
}
