/**
 * One cell of an export as the list shows it (spec 01 §2.2, §9): `$view` labels, dates in the
 * field's format, numbers as numbers, 是/否 for switches, file names for file lists — and text
 * that a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
 */
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';

/** Cell value types the writers accept. */
export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const VIEW_TYPES = new Set(['select', 'radio', 'checkbox', 'cascader', 'user', 'dept', 'relatedForm', 'address', 'position']);
/** File-list field types: offered only with enableExportFile (spec 01 §2.4). */
export const FILE_TYPES = new Set(['upload', 'idCard', 'invoice']);
/** Separator between the ends of a date range in one cell. */
export const RANGE_SEPARATOR = ' ~ ';

/** Prefixes text a spreadsheet would read as a formula with an apostrophe (OWASP). */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutralise` on import, so an export read back gives the stored text. */
export function unneutralise(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A date or date-time text cut to the field's format (yyyy, yyyy-MM, yyyy-MM-dd, … HH:mm, … HH:mm:ss). */
export function formatDate(value: unknown, format: string | undefined): string {
  const text = value instanceof Date ? value.toISOString().replace('T', ' ').slice(0, 19) : String(value);
  if (!format) return text;
  const lengths: Record<string, number> = { yyyy: 4, 'yyyy-MM': 7, 'yyyy-MM-dd': 10, 'yyyy-MM-dd HH': 13, 'yyyy-MM-dd HH:mm': 16, 'yyyy-MM-dd HH:mm:ss': 19 };
  const n = lengths[format.trim()];
  return n ? text.slice(0, n) : text;
}

function fileNames(value: unknown): string {
  if (!Array.isArray(value)) return typeof value === 'string' ? value : '';
  return value.map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown; url?: unknown }).name ?? (f as { url?: unknown }).url ?? '') : String(f))).join(',');
}

/** The cell of `field` in a record (`row` carries `field`, `field$view`, `field$start`, …). */
export function cellOf(field: FieldDefinition, row: Record<string, unknown>): Cell {
  const name = field.enName;
  const value = row[name];
  const ft = field.funcType;
  if (ft === 'dateRange') {
    const s = row[`${name}$start`];
    const e = row[`${name}$end`];
    if ((s === null || s === undefined) && (e === null || e === undefined)) return null;
    return `${s === null || s === undefined ? '' : formatDate(s, field.format)}${RANGE_SEPARATOR}${e === null || e === undefined ? '' : formatDate(e, field.format)}`;
  }
  if (VIEW_TYPES.has(ft)) {
    const view = row[`${name}$view`];
    if (view !== null && view !== undefined && view !== '') return neutralise(String(view));
  }
  if (value === null || value === undefined || value === '') return null;
  if (ft === 'number' || ft === 'rate') {
    const n = Number(value);
    return Number.isFinite(n) ? n : neutralise(String(value));
  }
  if (ft === 'switch') return value === true || value === 'true' ? '是' : '否';
  if (ft === 'dateStamp' || ft === 'timeOnly') return formatDate(value, ft === 'timeOnly' ? undefined : field.format);
  if (FILE_TYPES.has(ft)) return neutralise(fileNames(value));
  if (Array.isArray(value)) return neutralise(value.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(','));
  if (typeof value === 'object') return neutralise(JSON.stringify(value));
  if (typeof value === 'number') return value;
  return neutralise(String(value));
}
