/**
 * A record payload turned into typed column values: every value is checked against its
 * column's kind and becomes a bound parameter. Unknown keys are a 400 (CONTRACT.md §2).
 */
import { sql, type RawBuilder } from 'kysely';
import { ADDRESS_PARTS, NUMBER_STRING, RESERVED_FIELD_NAMES } from '../../../../schema-adapters/index.js';
import type { FieldError } from '../../../shared/envelope.js';
import type { ModelTable } from '../query/formModel.js';
import type { ColumnKind, StorageColumn } from '../storage/types.js';
import { toDateText } from '../query/values.js';

/**
 * Keys a client may send back unchanged; the server owns them and ignores the sent values: the
 * adapter's system column names, plus the row keys the list and tree views add in the browser.
 */
const IGNORED: ReadonlySet<string> = new Set([...RESERVED_FIELD_NAMES, 'sysStatus', 'dataTable', 'isLeafRow', 'rowIndex', 'key']);

/** Column name → SQL value (a bound parameter, cast where the driver needs it). */
export type ColumnValues = Map<string, RawBuilder<unknown> | null>;

/** A value as a bound parameter of a row write (null stays SQL NULL): values computed by the server, e.g. `$view` texts and serial numbers. */
export function boundValue(v: unknown): RawBuilder<unknown> | null {
  return v === null ? null : sql`${v}`;
}

/** PostgreSQL stores no NUL character in text or jsonb: refuse it as input instead of failing later. */
function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}

/**
 * A column's value before it is bound: the text of the column kind's input form (numeric, date,
 * timestamp and jsonb as PostgreSQL reads them), a boolean, or null. The import sends these
 * through COPY on PostgreSQL (importWrites.ts) and binds them elsewhere (`bindPlain`).
 */
export type PlainValue = string | boolean | null;

/** Column name → plain value. */
export type PlainValues = Map<string, PlainValue>;

/** A plain value of a column of `kind` as a bound parameter, cast as the driver needs it. */
export function bindPlain(kind: ColumnKind, v: PlainValue): RawBuilder<unknown> | null {
  if (v === null) return null;
  if (typeof v === 'boolean') return v ? sql`TRUE` : sql`FALSE`;
  switch (kind) {
    case 'numeric': return sql`${v}::numeric`;
    case 'date': return sql`${v}::date`;
    case 'timestamp': return sql`${v}::timestamp`;
    case 'jsonb': case 'jsonb_list': return sql`${v}::jsonb`;
    default: return sql`${v}`;
  }
}

function coerce(c: StorageColumn, v: unknown, label: string, errors: FieldError[], key: string): PlainValue | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const bad = (message: string) => { errors.push({ field: key, message }); return undefined; };
  if (hasNul(v)) return bad(`「${label}」含有不允许的字符`);
  switch (c.kind) {
    case 'text':
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
      if (c.role === 'value' && Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(',');
      return bad(`「${label}」须为文本`);
    case 'numeric': {
      const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
      if (!NUMBER_STRING.test(s) && !(typeof v === 'number' && Number.isFinite(v))) return bad(`「${label}」须为数字`);
      return s;
    }
    case 'boolean':
      if (v === true || v === 'true' || v === 1 || v === '1') return true;
      if (v === false || v === 'false' || v === 0 || v === '0') return false;
      return bad(`「${label}」须为是或否`);
    case 'date':
    case 'timestamp': {
      try {
        const d = toDateText(v, label);
        return c.kind === 'date' ? d.text.slice(0, 10) : d.text;
      } catch {
        return bad(`「${label}」的日期格式不正确`);
      }
    }
    case 'jsonb':
      return JSON.stringify(v);
    case 'jsonb_list':
      return JSON.stringify(Array.isArray(v) ? v : [v]);
  }
}

/** Each physical column of a table by name (cached per table model). */
const COLUMNS_BY_NAME = new WeakMap<ModelTable, Map<string, StorageColumn>>();

/** The column named `name` of `table`. */
export function columnNamed(table: ModelTable, name: string): StorageColumn | undefined {
  let map = COLUMNS_BY_NAME.get(table);
  if (!map) {
    map = new Map(table.table.columns.map((c) => [c.name, c]));
    COLUMNS_BY_NAME.set(table, map);
  }
  return map.get(name);
}

/** The typed column values of `data` for `table`; sub-form arrays are left to the caller. */
export function coerceRow(table: ModelTable, data: Record<string, unknown>, errors: FieldError[], path = ''): ColumnValues {
  const out: ColumnValues = new Map();
  for (const [name, v] of coercePlainRow(table, data, errors, path)) out.set(name, bindPlain(columnNamed(table, name)?.kind ?? 'text', v));
  return out;
}

/** The plain column values of `data` for `table` (coerceRow before binding); sub-form arrays are left to the caller. */
export function coercePlainRow(table: ModelTable, data: Record<string, unknown>, errors: FieldError[], path = ''): PlainValues {
  const out: PlainValues = new Map();
  for (const [key, raw] of Object.entries(data)) {
    if (IGNORED.has(key) || key.endsWith('$view')) continue;
    const column = table.byKey.get(key);
    const field = table.fields.get(key);
    if (!column) {
      // dateRange as [start, end]; layout fields and sub-forms carry no column here.
      if (field?.columns.start && field.columns.end && (Array.isArray(raw) || raw === null)) {
        const [s, e] = Array.isArray(raw) ? raw : [null, null];
        for (const [c, v] of [[field.columns.start, s], [field.columns.end, e]] as const) {
          const val = coerce(c, v, field.def.label, errors, `${path}${key}`);
          if (val !== undefined) out.set(c.name, val);
        }
        continue;
      }
      if (field) continue;
      errors.push({ field: `${path}${key}`, message: `未知字段：${key}` });
      continue;
    }
    const label = table.fields.get(column.field)?.def.label ?? column.field;
    const val = coerce(column, raw, label, errors, `${path}${key}`);
    if (val !== undefined) out.set(column.name, val);
  }
  // An address arrives as its parts when the selection is complete (spec 01 §3.3); a field of
  // fewer levels (its `type` 1 or 2) has only the first parts' columns.
  for (const f of table.fields.values()) {
    const { value } = f.columns;
    const columns = [f.columns.province, f.columns.city, f.columns.district].filter((c) => c !== undefined);
    if (!value || !columns.length) continue;
    const parts = ADDRESS_PARTS.slice(0, columns.length).map((part) => data[`${f.def.enName}${part}`]);
    const filled = (p: unknown) => p !== undefined && p !== null && p !== '';
    if (parts.some(filled) && !(f.def.enName in data)) out.set(value.name, JSON.stringify(parts.filter(filled)));
    const list = data[f.def.enName];
    if (Array.isArray(list) && !parts.some((p) => p !== undefined)) {
      columns.forEach((c, i) => out.set(c.name, list[i] === undefined || list[i] === null ? null : String(list[i])));
    }
  }
  return out;
}
