/**
 * A time shown the way spec 02 §9 says (刚刚, n分钟前, n小时前, 1天前, then the date), with the exact
 * time on hover: message lists read better as "5分钟前" than as a timestamp.
 */
import { useEffect, useState } from 'react';
import { relativeTime } from '../../shared/format/relativeTime';
import { formatDateTime } from '../session/formatDateTime';

/** Re-render once a minute, so "刚刚" becomes "1分钟前" without a reload. */
const TICK_MS = 60_000;

/** The relative label of `value`, its full time as the title. */
export function RelativeTime({ value }: { value: unknown }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const full = formatDateTime(value);
  if (!full) return null;
  return (
    <time dateTime={full} title={full}>
      {relativeTime(value as string | number | Date, now)}
    </time>
  );
}
