/** Working-time arithmetic against hand-computed calendars (UTC+8; 2026-11-23 is a Monday). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from './workCalendar.js';
import { CalendarInputError, addWorkingDays, addWorkingMs, dailyElapsedMs, dailyWorkingMs, elapsedMsWithRest, isWorkingDay, workingMsBetween } from './workingTime.js';
import { formatLocalTime, parseLocalTime } from './localTime.js';

const H = 3_600_000;
const cal = DEFAULT_WORK_CALENDAR;
/** Beijing wall-clock time as an instant. */
const t = (s: string) => new Date(`${s.replace(' ', 'T')}:00+08:00`);
const show = (d: Date) => formatLocalTime(d, 480);
const hours = (from: string, to: string, c: WorkCalendar = cal) => workingMsBetween(c, t(from), t(to)) / H;

/** National Day 2026 as a tenant would enter it: Thu 10-01 … Wed 10-07 off, Sun 09-27 and Sat 10-10 worked. */
const holidays: WorkCalendar = {
  ...cal,
  exceptions: [
    { date: '2026-09-27', working: true, name: '国庆调休上班' },
    ...['01', '02', '05', '06', '07'].map((d) => ({ date: `2026-10-${d}`, working: false, name: '国庆节' })),
    { date: '2026-10-10', working: true, name: '国庆调休上班' },
  ],
};

describe('working time between two instants', () => {
  it('counts a day crossing lunch, and none of the rest', () => {
    expect(hours('2026-11-23 10:30', '2026-11-23 14:15')).toBe(2.75);
    expect(hours('2026-11-23 11:00', '2026-11-23 12:30')).toBe(1);
    expect(hours('2026-11-23 12:10', '2026-11-23 12:50')).toBe(0);
  });

  it('starts and ends outside working hours', () => {
    expect(hours('2026-11-23 07:00', '2026-11-23 10:00')).toBe(1);
    expect(hours('2026-11-23 17:00', '2026-11-24 08:00')).toBe(1);
    expect(hours('2026-11-23 00:00', '2026-11-30 00:00')).toBe(40);
  });

  it('skips the weekend', () => {
    expect(hours('2026-11-27 17:00', '2026-11-30 10:00')).toBe(2);
    expect(hours('2026-11-28 09:00', '2026-11-29 18:00')).toBe(0);
  });

  it('skips holidays and counts make-up working days', () => {
    // Wed 09-30 17–18 and Thu 10-08 09–10; Thu 10-01 … Wed 10-07 are off (10-03/04 a weekend).
    expect(hours('2026-09-30 17:00', '2026-10-08 10:00', holidays)).toBe(2);
    // Fri 10-09 17–18, the make-up Saturday 10-10 (8 h), Mon 10-12 09–10.
    expect(hours('2026-10-09 17:00', '2026-10-12 10:00', holidays)).toBe(10);
    expect(hours('2026-09-27 08:00', '2026-09-27 20:00', holidays)).toBe(8);
    expect(isWorkingDay(holidays, t('2026-09-27 12:00'))).toBe(true);
    expect(isWorkingDay(holidays, t('2026-10-01 12:00'))).toBe(false);
    expect(isWorkingDay(holidays, t('2026-10-09 12:00'))).toBe(true);
  });

  it('is 0 when the end is not after the start', () => {
    expect(hours('2026-11-23 15:00', '2026-11-23 10:00')).toBe(0);
  });

  it('reads days at the calendar offset, not the server zone', () => {
    const utc: WorkCalendar = { ...cal, utcOffsetMinutes: 0 };
    // 09:00–11:00 in UTC is 17:00–19:00 in Beijing: all working in UTC, one hour in Beijing.
    const from = new Date('2026-11-23T09:00:00Z');
    const to = new Date('2026-11-23T11:00:00Z');
    expect(workingMsBetween(utc, from, to) / H).toBe(2);
    expect(workingMsBetween(cal, from, to) / H).toBe(1);
  });

  it('refuses a span over ten years', () => {
    expect(() => hours('2000-01-01 00:00', '2026-01-01 00:00')).toThrow(CalendarInputError);
  });
});

describe('time including rest', () => {
  it('counts lunch inside working days but not nights, weekends or holidays', () => {
    expect(elapsedMsWithRest(cal, t('2026-11-23 10:30'), t('2026-11-23 14:15')) / H).toBe(3.75);
    expect(elapsedMsWithRest(cal, t('2026-11-23 08:00'), t('2026-11-24 20:00')) / H).toBe(18);
    expect(elapsedMsWithRest(cal, t('2026-11-27 17:00'), t('2026-11-30 10:00')) / H).toBe(2);
    expect(elapsedMsWithRest(holidays, t('2026-09-30 12:00'), t('2026-10-08 13:00')) / H).toBe(10);
    expect(dailyElapsedMs(cal) / H).toBe(9);
  });
});

describe('the instant after N working hours or days', () => {
  const plus = (from: string, h: number, c: WorkCalendar = cal) => show(addWorkingMs(c, t(from), h * H));

  it('continues after lunch and on the next working day', () => {
    expect(plus('2026-11-23 10:00', 3)).toBe('2026-11-23 14:00:00');
    expect(plus('2026-11-27 17:00', 2)).toBe('2026-11-30 10:00:00');
    expect(plus('2026-11-23 09:00', 8.5)).toBe('2026-11-24 09:30:00');
  });

  it('starts at the next working moment when begun outside hours', () => {
    expect(plus('2026-11-28 10:00', 1)).toBe('2026-11-30 10:00:00');
    expect(plus('2026-11-23 12:30', 1)).toBe('2026-11-23 14:00:00');
    expect(plus('2026-11-23 06:00', 0.5)).toBe('2026-11-23 09:30:00');
    expect(plus('2026-11-23 19:00', 1)).toBe('2026-11-24 10:00:00');
  });

  it('ends on a period end rather than the next morning, and 0 is the start', () => {
    expect(plus('2026-11-23 13:00', 5)).toBe('2026-11-23 18:00:00');
    expect(plus('2026-11-23 10:00', 2)).toBe('2026-11-23 12:00:00');
    expect(plus('2026-11-28 10:00', 0)).toBe('2026-11-28 10:00:00');
  });

  it('jumps holidays and works make-up days', () => {
    expect(plus('2026-09-30 17:00', 2, holidays)).toBe('2026-10-08 10:00:00');
    expect(plus('2026-10-09 17:00', 2, holidays)).toBe('2026-10-10 10:00:00');
    expect(plus('2026-09-26 10:00', 1, holidays)).toBe('2026-09-27 10:00:00');
  });

  it('adds whole working days as days × one working day', () => {
    expect(dailyWorkingMs(cal) / H).toBe(8);
    expect(show(addWorkingDays(cal, t('2026-11-23 10:00'), 1))).toBe('2026-11-24 10:00:00');
    expect(show(addWorkingDays(cal, t('2026-11-27 17:00'), 1))).toBe('2026-11-30 17:00:00');
    expect(show(addWorkingDays(cal, t('2026-11-23 10:00'), 5))).toBe('2026-11-30 10:00:00');
    expect(show(addWorkingDays(holidays, t('2026-09-30 10:00'), 2))).toBe('2026-10-09 10:00:00');
  });

  it('refuses a calendar that never works and a negative amount', () => {
    const never: WorkCalendar = { ...cal, workDays: [] };
    expect(() => addWorkingMs(never, t('2026-11-23 10:00'), H)).toThrow(CalendarInputError);
    expect(() => addWorkingMs(cal, t('2026-11-23 10:00'), -H)).toThrow(CalendarInputError);
  });
});

describe('local time text', () => {
  it('parses wall-clock text at the offset and writes it back', () => {
    expect(parseLocalTime('2026-11-23 09:00', 480)?.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(parseLocalTime('2026-11-23', 480)?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(parseLocalTime('2026-11-23T09:00:30Z', 480)?.toISOString()).toBe('2026-11-23T09:00:30.000Z');
    expect(parseLocalTime('2026-11-23 09:00:00+00:00', 480)?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(formatLocalTime(new Date('2026-11-23T16:30:00Z'), 480)).toBe('2026-11-24 00:30:00');
  });

  it('refuses dates and times that do not exist', () => {
    for (const bad of ['2026-02-30', '2026-11-23 25:00', '2026/11/23', '明天', '']) expect(parseLocalTime(bad, 480)).toBeNull();
  });
});
