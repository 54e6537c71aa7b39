/**
 * A tenant's working-day calendar (issue 34 item 5, shared with flow node deadlines of issue 30):
 * the weekly working days, the working periods of a working day, and dated exceptions (a holiday
 * off, or a make-up working day 调休上班 on a weekend). Plain data, stored as JSON per tenant.
 */

/** One working period of a day, local wall-clock times `HH:mm` (end may be `24:00`). */
export interface WorkPeriod {
  start: string;
  end: string;
}

/** A dated exception: `working: false` is a day off (holiday), `true` a make-up working day. */
export interface CalendarException {
  date: string;
  working: boolean;
  name?: string | null;
}

export interface WorkCalendar {
  /** ISO weekdays that are working days: 1 = Monday … 7 = Sunday. */
  workDays: number[];
  /** Working periods of every working day, ordered and not overlapping. */
  periods: WorkPeriod[];
  exceptions: CalendarException[];
  /**
   * The tenant's fixed offset from UTC in minutes (480 = UTC+8, China has no DST). The codebase
   * keeps wall-clock times without a zone; this says which zone they mean.
   */
  utcOffsetMinutes: number;
}

/** What a tenant works by until an administrator saves a calendar. */
export const DEFAULT_WORK_CALENDAR: WorkCalendar = {
  workDays: [1, 2, 3, 4, 5],
  periods: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  exceptions: [],
  utcOffsetMinutes: 480,
};

/** At most this many dated exceptions per calendar (a year's holidays many times over). */
export const MAX_CALENDAR_EXCEPTIONS = 400;
