/** Plain-text display of a cell value per cell kind (also used for totals, tags and tests). Pure. */
import { formatDate, type ColumnModel } from '../../../../schema-adapters';
import { formatNumber } from '../table/numberFormat';

/** A date / time value in the column's format; date-only text passes unchanged when the format is a date. */
export function formatDateValue(value: unknown, format = 'yyyy-MM-dd'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !/[Hms]/.test(format)) return format === 'yyyy-MM-dd' ? value : formatDate(new Date(`${value}T00:00:00`), format);
  if (typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : formatDate(d, format);
}

function listText(value: unknown, sep: string): string {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== '').map(String).join(sep);
  return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The display text of a row's value in `column`. */
export function cellText(column: ColumnModel, row: Record<string, unknown>): string {
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
      return value === true || value === 'true' || value === 1 || value === '1' ? '是' : value === null || value === undefined || value === '' ? '' : '否';
    case 'dict': {
      if (view !== undefined && view !== null && view !== '') return listText(view, column.search === 'cascader' ? '/' : '、');
      const values = Array.isArray(value) ? value : [value];
      return values.filter((v) => v !== null && v !== undefined && v !== '').map((v) => column.options?.find((o) => String(o.value) === String(v))?.label ?? String(v)).join(column.search === 'cascader' ? '/' : '、');
    }
    case 'status':
      return value === null || value === undefined ? '' : column.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
    case 'user':
    case 'dept':
    case 'related':
    case 'position':
      return listText(view ?? value, '、');
    case 'address':
      return listText(row[`${column.key}$view`] ?? value, '/');
    case 'files':
      return Array.isArray(value) ? value.map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? (f as { url?: unknown }).url ?? '') : String(f))).join('、') : listText(value, '、');
    case 'subForm':
      return Array.isArray(value) ? `${value.length}条` : '';
    case 'button':
      return column.buttonName ?? '';
    default:
      return listText(view ?? value, '、');
  }
}
