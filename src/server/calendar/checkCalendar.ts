/** The rules a calendar must meet beyond its JSON shape, as Chinese messages (null when valid). */
import { MAX_CALENDAR_EXCEPTIONS, type WorkCalendar } from './workCalendar.js';
import { clockMinutes, dayNumber } from './workingTime.js';

/** Why a calendar cannot be saved: the first problem found, or null when it is sound. */
export function checkCalendar(cal: WorkCalendar): string | null {
  if (new Set(cal.workDays).size !== cal.workDays.length || cal.workDays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return '工作日须为 1–7（周一至周日）且不重复';
  if (cal.periods.length === 0) return '至少需要一个工作时段';
  let last = -1;
  for (const p of cal.periods) {
    const s = clockMinutes(p.start);
    const e = clockMinutes(p.end);
    if (s === null || e === null || s >= 24 * 60) return `工作时段「${p.start}–${p.end}」的时间不正确`;
    if (s >= e) return `工作时段「${p.start}–${p.end}」的开始须早于结束`;
    if (s < last) return '工作时段须按时间先后排列且不重叠';
    last = e;
  }
  if (cal.exceptions.length > MAX_CALENDAR_EXCEPTIONS) return `例外日期最多 ${MAX_CALENDAR_EXCEPTIONS} 个`;
  const seen = new Set<string>();
  for (const x of cal.exceptions) {
    if (dayNumber(x.date) === null) return `例外日期「${x.date}」不正确`;
    if (seen.has(x.date)) return `例外日期「${x.date}」重复`;
    seen.add(x.date);
  }
  if (!Number.isInteger(cal.utcOffsetMinutes) || cal.utcOffsetMinutes < -720 || cal.utcOffsetMinutes > 840) return '时区偏移不正确';
  return null;
}
