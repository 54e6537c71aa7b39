/** Plain text of a record value for picker tables (the `$view` companion when the row has one). */
import type { ColumnModel } from '../../../../schema-adapters/columns/columnModel';

/** The display text of `row` under column `c`. */
export function cellText(c: Pick<ColumnModel, 'key' | 'viewKey' | 'rangeKeys' | 'options'>, row: Record<string, unknown>): string {
  const view = c.viewKey ? row[c.viewKey] : undefined;
  if (view != null && view !== '') return String(view);
  if (c.rangeKeys) return [row[c.rangeKeys[0]], row[c.rangeKeys[1]]].filter((v) => v != null).join(' ~ ');
  const v = row[c.key];
  if (v == null) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' && x ? String((x as { name?: string }).name ?? '') : String(x))).join('、');
  if (typeof v === 'boolean') return v ? '是' : '否';
  const option = c.options?.find((o) => String(o.value) === String(v));
  return option ? option.label : typeof v === 'object' ? '' : String(v);
}
