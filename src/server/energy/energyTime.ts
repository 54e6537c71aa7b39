/**
 * Dates of the energy calls (pure): China's local calendar (UTC+8, no daylight saving), in which
 * the rollups are bucketed. A query names days as `YYYY-MM-DD`, months as `YYYY-MM`, years as
 * `YYYY`; what it leaves out defaults to the current month up to today.
 */

/** The zone of the rollup buckets; an identifier PostgreSQL knows, bound as a parameter. */
export const ENERGY_ZONE = 'Asia/Shanghai';
const OFFSET_MS = 8 * 3600_000;

/** The local calendar day of an instant, `YYYY-MM-DD`. */
export function localDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** A day plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month of a day plus n months. */
export function addMonths(day: string, n: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/** Whether a `YYYY-MM-DD` is a real calendar day. */
export function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The inclusive day range [start, end] of a query, or the Chinese reason it is not one. */
export function dayRange(q: { start?: string; end?: string; month?: string }, today: string): { start: string; end: string } | string {
  if (q.month) {
    if (!isDay(`${q.month}-01`)) return `月份「${q.month}」无效，应为 YYYY-MM`;
    return { start: `${q.month}-01`, end: addDays(addMonths(`${q.month}-01`, 1), -1) };
  }
  const start = q.start ?? `${today.slice(0, 7)}-01`;
  const end = q.end ?? today;
  if (!isDay(start)) return `开始日期「${start}」无效，应为 YYYY-MM-DD`;
  if (!isDay(end)) return `结束日期「${end}」无效，应为 YYYY-MM-DD`;
  if (end < start) return '结束日期不能早于开始日期';
  if (Date.parse(end) - Date.parse(start) > 400 * 86400_000) return '查询范围不能超过 400 天';
  return { start, end };
}
