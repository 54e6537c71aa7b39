/**
 * Pure working-time arithmetic over a WorkCalendar (no database, no clock): the working time
 * between two instants, the instant reached after N working hours or days, and the time between
 * two instants including rest. Used by the document functions (`/api/custom/function/execute`)
 * and meant for flow node deadlines (issue 30). Instants are Dates; days are the tenant's local
 * days at its fixed UTC offset.
 */
import type { WorkCalendar } from './workCalendar.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** No calculation walks more than this many days (ten years): a calendar without working days must end. */
export const MAX_SPAN_DAYS = 3660;

/** Input a calculation cannot use (a span too long, a calendar that never works): the caller answers 400 with the message. */
export class CalendarInputError extends Error {}

/** Minutes after midnight of `HH:mm` (`24:00` allowed as an end), or null. */
export function clockMinutes(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** Days since 1970-01-01 of a real calendar date `YYYY-MM-DD`, or null. */
export function dayNumber(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== date) return null;
  return t / DAY;
}

interface Compiled {
  offset: number;
  /** Working periods within a day, in ms after local midnight. */
  periods: [number, number][];
  exceptions: Map<number, boolean>;
  workDays: Set<number>;
}

function compile(cal: WorkCalendar, withRest = false): Compiled {
  const periods = cal.periods.map((p): [number, number] => [(clockMinutes(p.start) ?? 0) * MINUTE, (clockMinutes(p.end) ?? 0) * MINUTE]);
  const exceptions = new Map<number, boolean>();
  for (const x of cal.exceptions) {
    const d = dayNumber(x.date);
    if (d !== null) exceptions.set(d, x.working);
  }
  // Including rest, a working day is one span from its first period's start to its last one's end.
  const spans: [number, number][] = withRest && periods.length > 0 ? [[periods[0][0], periods[periods.length - 1][1]]] : periods;
  return { offset: cal.utcOffsetMinutes * MINUTE, periods: spans, exceptions, workDays: new Set(cal.workDays) };
}

const localDay = (c: Compiled, t: number) => Math.floor((t + c.offset) / DAY);
/** ISO weekday of a day number: 1970-01-01 was a Thursday (4). */
const weekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
const isWorking = (c: Compiled, day: number) => c.exceptions.get(day) ?? c.workDays.has(weekday(day));
const at = (c: Compiled, day: number, ms: number) => day * DAY + ms - c.offset;

/** Whether the calendar's local day of `date` is a working day (exceptions first, then the weekday). */
export function isWorkingDay(cal: WorkCalendar, date: Date): boolean {
  const c = compile(cal);
  return isWorking(c, localDay(c, date.getTime()));
}

function countMs(c: Compiled, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  const first = localDay(c, a);
  const last = localDay(c, b);
  if (last - first > MAX_SPAN_DAYS) throw new CalendarInputError('时间跨度不能超过 10 年');
  let sum = 0;
  for (let d = first; d <= last; d++) {
    if (!isWorking(c, d)) continue;
    for (const [s, e] of c.periods) {
      const lo = Math.max(at(c, d, s), a);
      const hi = Math.min(at(c, d, e), b);
      if (hi > lo) sum += hi - lo;
    }
  }
  return sum;
}

/**
 * Working time in ms from `from` to `to`: the parts inside working periods of working days
 * (rest such as lunch, nights, weekends and holidays excluded); 0 when `to` is not after `from`.
 * Example: Fri 17:00 → Mon 10:00 on the default calendar is 2 h.
 */
export function workingMsBetween(cal: WorkCalendar, from: Date, to: Date): number {
  return countMs(compile(cal), from, to);
}

/**
 * Time in ms from `from` to `to` counted on working days only, rest within the day included: each
 * working day counts from its first period's start to its last one's end (09:00–18:00 by default).
 */
export function elapsedMsWithRest(cal: WorkCalendar, from: Date, to: Date): number {
  return countMs(compile(cal, true), from, to);
}

/** Working time of one working day in ms (8 h on the default calendar). */
export function dailyWorkingMs(cal: WorkCalendar): number {
  return compile(cal).periods.reduce((sum, [s, e]) => sum + (e - s), 0);
}

/** One working day from its first period's start to its last one's end, in ms (9 h by default). */
export function dailyElapsedMs(cal: WorkCalendar): number {
  return compile(cal, true).periods.reduce((sum, [s, e]) => sum + (e - s), 0);
}

/**
 * The instant reached after `ms` of working time from `start` (a deadline, an overtime date).
 * Time outside working periods does not count; landing exactly on a period's end answers that
 * end (18:00), not the next morning. 0 answers `start` itself.
 */
export function addWorkingMs(cal: WorkCalendar, start: Date, ms: number): Date {
  if (!(ms >= 0) || !Number.isFinite(ms)) throw new CalendarInputError('工作时长须为非负数');
  if (ms === 0) return new Date(start.getTime());
  const c = compile(cal);
  const a = start.getTime();
  const first = localDay(c, a);
  let remaining = ms;
  for (let d = first; d <= first + MAX_SPAN_DAYS; d++) {
    if (!isWorking(c, d)) continue;
    for (const [s, e] of c.periods) {
      const lo = Math.max(at(c, d, s), a);
      const hi = at(c, d, e);
      if (hi <= lo) continue;
      if (remaining <= hi - lo) return new Date(lo + remaining);
      remaining -= hi - lo;
    }
  }
  throw new CalendarInputError('在 10 年内达不到该工作时长，请检查工作日历');
}

/**
 * The instant reached after `days` working days from `start`: `days` × one working day's time,
 * so Mon 10:00 + 1 day is Tue 10:00 and Fri 17:00 + 1 day is Mon 17:00 on the default calendar.
 */
export function addWorkingDays(cal: WorkCalendar, start: Date, days: number): Date {
  return addWorkingMs(cal, start, days * dailyWorkingMs(cal));
}
