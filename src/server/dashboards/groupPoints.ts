/**
 * A panel's grouped rows as chart points: the key as JSON (numbers as numbers), the Chinese text
 * a chart shows, and the list filter (the list's `initFilter` object: the field's value, or a
 * bucket's inclusive date range) that opens the group's records in the form's list. The empty
 * group has none: `initFilter` cannot ask for an empty field, so a click on it opens nothing.
 */
import type { AggregateRow, CompiledAggregate } from '../records/query/aggregateQuery.js';
import type { DateBucket, Point } from '../../shared/contract/dashboards.js';

type Key = string | number | boolean | null;

/** The last day of a month (`YYYY-MM`). */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(d).padStart(2, '0')}`;
}

/** The inclusive date range of a bucket key. */
export function bucketRange(bucket: DateBucket, key: string): [string, string] {
  if (bucket === 'day') return [key, key];
  if (bucket === 'month') return [`${key}-01`, monthEnd(key)];
  return [`${key}-01-01`, `${key}-12-31`];
}

/** The Chinese text of a bucket key: 2026-03 → 2026年3月. */
export function bucketLabel(bucket: DateBucket, key: string): string {
  if (bucket === 'year') return `${key}年`;
  if (bucket === 'month') return `${key.slice(0, 4)}年${Number(key.slice(5, 7))}月`;
  return key;
}

function pad(n: number): string { return String(n).padStart(2, '0'); }

function keyOf(raw: unknown, kind: string | undefined): Key {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())} ${pad(raw.getHours())}:${pad(raw.getMinutes())}:${pad(raw.getSeconds())}`;
  if (kind === 'numeric') return Number(raw);
  if (typeof raw === 'boolean' || typeof raw === 'number') return raw;
  return String(raw);
}

/** The measure as a number (a group with no values for sum/avg/min/max counts as 0). */
export function measureValue(v: unknown): number {
  const n = v === null || v === undefined ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** The points of a grouped panel: date buckets in date order (the empty one last), other groups as the query ordered them. */
export function groupPoints(compiled: CompiledAggregate, rows: AggregateRow[]): Point[] {
  if (compiled.bucket) rows = [...rows.filter((r) => r.k != null).reverse(), ...rows.filter((r) => r.k == null)];
  const f = compiled.group!;
  const name = f.def.enName;
  const kind = f.columns.value?.kind;
  const options = (f.def.options ?? []) as { label?: unknown; value?: unknown }[];
  return rows.map((r) => {
    const key = keyOf(r.k, compiled.bucket ? 'text' : kind);
    const value = measureValue(r.v);
    if (key === null) return { key, label: '（空）', value, listFilter: null };
    if (compiled.bucket) {
      const [start, end] = bucketRange(compiled.bucket, String(key));
      return { key, label: bucketLabel(compiled.bucket, String(key)), value, listFilter: { [`${name}$start`]: start, [`${name}$end`]: end } };
    }
    const option = options.find((o) => String(o.value) === String(key));
    const label = option?.label != null ? String(option.label) : r.l ? r.l : typeof key === 'boolean' ? (key ? '是' : '否') : String(key);
    return { key, label, value, listFilter: { [name]: key } };
  });
}
