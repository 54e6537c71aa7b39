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

const DAY_MS = 86_400_000;

/** A bucket key as a whole number counting days, months or years (consecutive buckets differ by 1). */
export function bucketOrdinal(bucket: DateBucket, key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  if (bucket === 'year') return y;
  if (bucket === 'month') return y * 12 + m - 1;
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d); // not Date.UTC: it reads years 0–99 as 1900–1999
  return Math.round(t.getTime() / DAY_MS);
}

/** The bucket key of an ordinal (as `to_char` writes it: YYYY, YYYY-MM, YYYY-MM-DD). */
export function bucketKey(bucket: DateBucket, n: number): string {
  const year = (y: number) => String(y).padStart(4, '0');
  if (bucket === 'year') return year(n);
  if (bucket === 'month') return `${year(Math.floor(n / 12))}-${pad((n % 12) + 1)}`;
  const t = new Date(n * DAY_MS);
  return `${year(t.getUTCFullYear())}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * Date-ordered bucket rows with the buckets between them that hold no record added as 0 (a
 * count or a sum of nothing is 0, so a trend line does not skip an empty month), keeping the
 * latest `limit` buckets: the query read the latest `limit` buckets that hold records, so every
 * bucket with records in the kept range is among them.
 */
export function zeroFilled(bucket: DateBucket, rows: AggregateRow[], limit: number): AggregateRow[] {
  if (!rows.length) return rows;
  const byOrdinal = new Map(rows.map((r) => [bucketOrdinal(bucket, String(r.k)), r]));
  const last = bucketOrdinal(bucket, String(rows[rows.length - 1].k));
  const first = Math.max(bucketOrdinal(bucket, String(rows[0].k)), last - limit + 1);
  const out: AggregateRow[] = [];
  for (let n = first; n <= last; n++) out.push(byOrdinal.get(n) ?? { k: bucketKey(bucket, n), l: null, v: 0 });
  return out;
}

/** How a grouped panel's date buckets are shown: whether empty buckets count as 0 (count, sum), and how many at most. */
export interface BucketFill { zeroFill: boolean; limit: number }

/**
 * The points of a grouped panel: date buckets in date order (the empty one last), with `fill`
 * the empty buckets between them as 0 (avg/min/max of nothing is no number: those stay out);
 * other groups as the query ordered them.
 */
export function groupPoints(compiled: CompiledAggregate, rows: AggregateRow[], fill?: BucketFill): Point[] {
  if (compiled.bucket) {
    const dated = rows.filter((r) => r.k != null).reverse();
    rows = [...(fill?.zeroFill ? zeroFilled(compiled.bucket, dated, fill.limit) : dated), ...rows.filter((r) => r.k == null)];
  }
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
