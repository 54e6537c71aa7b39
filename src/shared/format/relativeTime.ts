/**
 * Relative time labels (spec 02 §9): under 30 s 刚刚, under 1 h n分钟前, under 1 day n小时前,
 * under 2 days 1天前; anything older (or in the future) is the plain date and time, which
 * cannot mislead the way "1天前" would for a week-old message.
 */

/** The label of `time` seen at `now` (both ms since the epoch, or anything `new Date` reads). */
export function relativeTime(time: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (time === null || time === undefined || time === '') return '';
  const at = toDate(time);
  if (!at) return typeof time === 'string' ? time : '';
  const seconds = (now - at.getTime()) / 1000;
  if (seconds >= 0 && seconds < 30) return '刚刚';
  if (seconds >= 0 && seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))}分钟前`;
  if (seconds >= 0 && seconds < 86400) return `${Math.floor(seconds / 3600)}小时前`;
  if (seconds >= 0 && seconds < 2 * 86400) return '1天前';
  return plainDateTime(at);
}

/** `yyyy-MM-dd HH:mm` in local time. */
function plainDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Dates as the server writes them (`2026-01-07 08:30:00`, ISO, or epoch ms). */
function toDate(time: string | number | Date): Date | null {
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  if (typeof time === 'number') return Number.isFinite(time) ? new Date(time) : null;
  // `yyyy-MM-dd HH:mm:ss` is local time; Date parses it only with a `T`.
  const text = /^\d{4}-\d{2}-\d{2} \d/.test(time) ? time.replace(' ', 'T') : time;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}
