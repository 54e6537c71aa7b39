/** Date-time display of spec 02 §9 (`yyyy-MM-dd HH:mm:ss`). */
import dayjs from 'dayjs';

/** Format an ISO time for tables; empty for missing or unparsable values. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : String(value);
}
