/** Wall-clock text ↔ instant at a fixed UTC offset, in the `YYYY-MM-DD HH:mm:ss` form the API uses elsewhere. */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Parses `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss` (a `T` also separates) as
 * wall-clock time at `offsetMinutes`; a trailing `Z` or `±hh:mm` names its own offset. Null when
 * the text is not a real date and time.
 */
export function parseLocalTime(text: string, offsetMinutes: number): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1, 7);
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const wall = Date.UTC(...parts);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== parts[0] || check.getUTCMonth() !== parts[1] || check.getUTCDate() !== parts[2] || check.getUTCHours() !== parts[3] || check.getUTCMinutes() !== parts[4] || check.getUTCSeconds() !== parts[5]) return null;
  let offset = offsetMinutes;
  if (m[7] === 'Z') offset = 0;
  else if (m[7]) offset = (m[7][0] === '-' ? -1 : 1) * (Number(m[7].slice(1, 3)) * 60 + Number(m[7].slice(4, 6)));
  return new Date(wall - offset * 60_000);
}

/** An instant as `YYYY-MM-DD HH:mm:ss` wall-clock time at `offsetMinutes`. */
export function formatLocalTime(date: Date, offsetMinutes: number): string {
  const l = new Date(date.getTime() + offsetMinutes * 60_000);
  return `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())} ${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}`;
}
