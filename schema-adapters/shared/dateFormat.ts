import type { StorageKind } from '../fieldTypes/fieldTypeSpec';

/** Date formats of spec 01 §9, in the definition's (Java-style) spelling. */
export const DATE_FORMATS = { date: 'yyyy-MM-dd', dateTime: 'yyyy-MM-dd HH:mm:ss', month: 'yyyy-MM', year: 'yyyy', time: 'HH:mm:ss' } as const;

/** The definition's `yyyy-MM-dd` spelling in dayjs's `YYYY-MM-DD` spelling, for the picker props. */
export function toDayjsFormat(format: string): string {
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** The antd picker a date format needs. */
export function pickerOf(format: string): 'date' | 'month' | 'year' {
  if (!/d/.test(format) && /M/.test(format)) return 'month';
  if (!/[Md]/.test(format)) return 'year';
  return 'date';
}

/** Whether a format carries a time of day. */
export function hasTime(format: string): boolean {
  return /H/.test(format);
}

/** Column kind for a date format: a month or year alone is kept as text ('2026-11' is not a date). */
export function dateStorageKind(format: string): StorageKind {
  if (hasTime(format)) return 'timestamptz';
  return pickerOf(format) === 'date' ? 'date' : 'text';
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Formats a Date (local time) in a definition format: yyyy, MM, dd, HH, mm, ss. */
export function formatDate(date: Date, format: string): string {
  return format
    .replace('yyyy', pad(date.getFullYear(), 4))
    .replace('MM', pad(date.getMonth() + 1))
    .replace('dd', pad(date.getDate()))
    .replace('HH', pad(date.getHours()))
    .replace('mm', pad(date.getMinutes()))
    .replace('ss', pad(date.getSeconds()));
}

/** A regular expression accepting exactly the text a format produces (with real month/day ranges). */
export function formatPattern(format: string): RegExp {
  const body = format
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('yyyy', '\\d{4}')
    .replace('MM', '(0[1-9]|1[0-2])')
    .replace('dd', '(0[1-9]|[12]\\d|3[01])')
    .replace('HH', '([01]\\d|2[0-3])')
    .replace('mm', '[0-5]\\d')
    .replace('ss', '[0-5]\\d');
  return new RegExp(`^${body}$`);
}
