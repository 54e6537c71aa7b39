/**
 * What every field type's spreadsheet behaviour shares (spec 01 §2.2, §7, §9): the cell type the
 * writers take, formula neutralising (OWASP "CSV injection"), date cutting, the range separator,
 * and the generic export and import of a value. Each type's own rules live in its family file
 * under fieldTypes/ (`exportCell`, `importCell`, `sample`).
 */
import type { FieldDefinition } from '../definition/types';

/** Cell value types the export writers accept. */
export type Cell = string | number | null;

/** How an `.xlsx` column shows its cells: the Excel number format, and whether text cells are date serials. */
export interface ColumnStyle {
  numFmt: string;
  date?: boolean;
}

/** A stored record as the export reads it: `field`, `field$view`, `field$start`, … */
export type StoredRow = Record<string, unknown>;

const FORMULA_START = /^[=+\-@\t\r]/;

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
export function cutDate(value: unknown, format: string | undefined): string {
  const text = value instanceof Date ? value.toISOString().replace('T', ' ').slice(0, 19) : String(value);
  if (!format) return text;
  const lengths: Record<string, number> = { yyyy: 4, 'yyyy-MM': 7, 'yyyy-MM-dd': 10, 'yyyy-MM-dd HH': 13, 'yyyy-MM-dd HH:mm': 16, 'yyyy-MM-dd HH:mm:ss': 19 };
  const n = lengths[format.trim()];
  return n ? text.slice(0, n) : text;
}

/** Text of an imported cell as the user sees it (a spreadsheet date as its wall-clock spelling). */
export function importedText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '').replace(/ 00:00:00$/, '');
  return unneutralise(String(v)).trim();
}

/** Absent: null, undefined or ''. */
export const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '';

/** The generic export of a value: numbers stay numbers, lists joined by commas, objects as JSON. */
export function plainCell(field: FieldDefinition, row: StoredRow): Cell {
  const value = row[field.enName];
  if (isBlank(value)) return null;
  if (Array.isArray(value)) return neutralise(value.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(','));
  if (typeof value === 'object') return neutralise(JSON.stringify(value));
  if (typeof value === 'number') return value;
  return neutralise(String(value));
}

/** The `$view` label the list shows, else the generic export of the value. */
export function viewCell(field: FieldDefinition, row: StoredRow): Cell {
  const view = row[`${field.enName}$view`];
  return isBlank(view) ? plainCell(field, row) : neutralise(String(view));
}
