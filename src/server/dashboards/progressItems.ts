/**
 * A progress board's rows as bars: the record's text, its group's Chinese text (option label,
 * `$view`, 是/否), its percent (the field's value, else the time elapsed) and the share of its
 * period elapsed on `today` (both 0–100, one decimal).
 */
import type { CompiledProgress, ProgressRow } from '../records/query/progressQuery.js';
import type { ProgressItem } from '../../shared/contract/dashboards.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date column's value as YYYY-MM-DD (strings as they come, a Date by its local calendar day). */
export function dayOf(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  return String(v).slice(0, 10);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The share of [start, end] elapsed on `today`, 0–100 (0 before it starts, 100 from its end). */
export function timeElapsed(start: string | null, end: string | null, today: string): number | null {
  if (!start || !end) return null;
  const s = Date.parse(start);
  const e = Date.parse(end);
  const t = Date.parse(today);
  if (!Number.isFinite(s) || !Number.isFinite(e)) return null;
  if (t <= s) return 0;
  if (t >= e) return 100;
  return round1(((t - s) / (e - s)) * 100);
}

/** The bars of a board read on `today`. */
export function progressItems(compiled: CompiledProgress, rows: ProgressRow[], today: string): ProgressItem[] {
  const f = compiled.group;
  const options = (f?.def.options ?? []) as { label?: unknown; value?: unknown }[];
  const groupText = (r: ProgressRow): string | null => {
    if (!f || r.g === null || r.g === undefined) return null;
    const option = options.find((o) => String(o.value) === String(r.g));
    if (option?.label != null) return String(option.label);
    if (r.gv) return r.gv;
    if (typeof r.g === 'boolean') return r.g ? '是' : '否';
    return r.g instanceof Date ? dayOf(r.g) : String(r.g);
  };
  return rows.map((r) => {
    const start = dayOf(r.s);
    const end = dayOf(r.e);
    const timePercent = timeElapsed(start, end, today);
    const own = r.p === null || r.p === undefined ? null : Number(r.p);
    const percent = own !== null && Number.isFinite(own) ? round1(own) : timePercent;
    return {
      id: typeof r.id === 'string' ? r.id : Number(r.id),
      label: r.l === null || r.l === undefined ? '（空）' : String(r.l),
      group: groupText(r),
      percent,
      timePercent,
      start,
      end,
    };
  });
}
