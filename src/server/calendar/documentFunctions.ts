/**
 * The document functions of `POST /api/custom/function/execute` (spec 02 §7), pure over a
 * calendar: each action takes exactly three non-empty params.
 * - `workTime` [start, end, unit]: working time between two times.
 * - `workTimeWithRest` [start, end, unit]: the same with rest inside working days counted.
 * - `overtimeDate` [start, amount, unit]: the time reached after `amount` of working time.
 * `unit` is `hour`, `minute` or `day` (a day is one working day's time, 8 h by default; 9 h
 * from 09:00 to 18:00 for `workTimeWithRest`).
 */
import type { WorkCalendar } from './workCalendar.js';
import { CalendarInputError, addWorkingMs, dailyElapsedMs, dailyWorkingMs, elapsedMsWithRest, workingMsBetween } from './workingTime.js';
import { formatLocalTime, parseLocalTime } from './localTime.js';

export const DOCUMENT_FUNCTION_ACTIONS = ['workTime', 'workTimeWithRest', 'overtimeDate'] as const;
export type DocumentFunctionAction = (typeof DOCUMENT_FUNCTION_ACTIONS)[number];
export type FunctionParam = string | number | null;

const UNITS = ['hour', 'minute', 'day'] as const;
type Unit = (typeof UNITS)[number];

/** A unit in ms; a day including rest is the day's whole span (9 h by default), else its working time. */
function unitMs(cal: WorkCalendar, unit: Unit, withRest = false): number {
  if (unit === 'day') return withRest ? dailyElapsedMs(cal) : dailyWorkingMs(cal);
  return unit === 'hour' ? 3_600_000 : 60_000;
}

function readUnit(v: string): Unit {
  const u = UNITS.find((x) => x === v);
  if (!u) throw new CalendarInputError('第 3 个参数（单位）须为 hour、minute 或 day');
  return u;
}

function readTime(cal: WorkCalendar, v: string, n: number): Date {
  const d = parseLocalTime(v, cal.utcOffsetMinutes);
  if (!d) throw new CalendarInputError(`第 ${n} 个参数「${v}」不是有效的时间`);
  return d;
}

/** Two decimals, as a duration is shown on a document. */
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Whether params are exactly three non-empty values (the only calls the document makes). */
export function hasThreeParams(params: readonly FunctionParam[]): boolean {
  return params.length === 3 && params.every((p) => p !== null && String(p).trim() !== '');
}

/**
 * Runs one document function: a number of `unit`s (two decimals) for the durations, a
 * `YYYY-MM-DD HH:mm:ss` local time for `overtimeDate`. Throws CalendarInputError for bad params.
 */
export function executeDocumentFunction(cal: WorkCalendar, action: DocumentFunctionAction, params: readonly FunctionParam[]): number | string {
  if (!hasThreeParams(params)) throw new CalendarInputError('需要三个非空参数');
  const [a, b, c] = params.map((p) => String(p).trim());
  const unit = readUnit(c);
  const start = readTime(cal, a, 1);
  if (action === 'overtimeDate') {
    const amount = Number(b);
    if (!Number.isFinite(amount) || amount < 0) throw new CalendarInputError(`第 2 个参数「${b}」须为非负数`);
    return formatLocalTime(addWorkingMs(cal, start, Math.round(amount * unitMs(cal, unit))), cal.utcOffsetMinutes);
  }
  const end = readTime(cal, b, 2);
  if (end < start) throw new CalendarInputError('结束时间不能早于开始时间');
  const ms = action === 'workTime' ? workingMsBetween(cal, start, end) : elapsedMsWithRest(cal, start, end);
  const per = unitMs(cal, unit, action === 'workTimeWithRest');
  return per > 0 ? round2(ms / per) : 0;
}
