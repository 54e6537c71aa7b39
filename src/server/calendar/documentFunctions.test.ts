/** The document functions and the calendar rules, on hand-computed answers (2026-11-23 is a Monday). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_CALENDAR, MAX_CALENDAR_EXCEPTIONS, type WorkCalendar } from './workCalendar.js';
import { executeDocumentFunction, hasThreeParams } from './documentFunctions.js';
import { checkCalendar } from './checkCalendar.js';

const cal = DEFAULT_WORK_CALENDAR;

describe('document functions', () => {
  it('answers working time in hours, minutes and working days', () => {
    expect(executeDocumentFunction(cal, 'workTime', ['2026-11-23 10:30', '2026-11-23 14:15', 'hour'])).toBe(2.75);
    expect(executeDocumentFunction(cal, 'workTime', ['2026-11-23 10:30', '2026-11-23 14:15', 'minute'])).toBe(165);
    expect(executeDocumentFunction(cal, 'workTime', ['2026-11-23 09:00', '2026-11-25 13:00', 'day'])).toBe(2.38);
    expect(executeDocumentFunction(cal, 'workTime', ['2026-11-27 17:00:00', '2026-11-30 10:00:00', 'hour'])).toBe(2);
  });

  it('answers time including rest, a day being 09:00–18:00', () => {
    expect(executeDocumentFunction(cal, 'workTimeWithRest', ['2026-11-23 10:30', '2026-11-23 14:15', 'hour'])).toBe(3.75);
    expect(executeDocumentFunction(cal, 'workTimeWithRest', ['2026-11-23 09:00', '2026-11-24 18:00', 'day'])).toBe(2);
  });

  it('answers the overtime date as local time', () => {
    expect(executeDocumentFunction(cal, 'overtimeDate', ['2026-11-27 17:00', 2, 'hour'])).toBe('2026-11-30 10:00:00');
    expect(executeDocumentFunction(cal, 'overtimeDate', ['2026-11-27 17:00', '1', 'day'])).toBe('2026-11-30 17:00:00');
    expect(executeDocumentFunction(cal, 'overtimeDate', ['2026-11-23 11:30', '45', 'minute'])).toBe('2026-11-23 13:15:00');
  });

  it('needs exactly three non-empty params', () => {
    expect(hasThreeParams(['a', 'b', 'c'])).toBe(true);
    for (const params of [[], ['2026-11-23', '2026-11-24'], ['2026-11-23', '', 'hour'], ['2026-11-23', null, 'hour'], ['2026-11-23', '2026-11-24', ' '], ['a', 'b', 'c', 'd']]) {
      expect(() => executeDocumentFunction(cal, 'workTime', params)).toThrow('需要三个非空参数');
    }
  });

  it('says which param is wrong', () => {
    expect(() => executeDocumentFunction(cal, 'workTime', ['2026-02-30', '2026-03-01', 'hour'])).toThrow('第 1 个参数「2026-02-30」不是有效的时间');
    expect(() => executeDocumentFunction(cal, 'workTime', ['2026-03-02', '下周', 'hour'])).toThrow('第 2 个参数「下周」不是有效的时间');
    expect(() => executeDocumentFunction(cal, 'workTime', ['2026-03-02', '2026-03-03', 'week'])).toThrow('第 3 个参数（单位）须为 hour、minute 或 day');
    expect(() => executeDocumentFunction(cal, 'overtimeDate', ['2026-03-02', '-1', 'hour'])).toThrow('第 2 个参数「-1」须为非负数');
    expect(() => executeDocumentFunction(cal, 'workTime', ['2026-03-03', '2026-03-02', 'hour'])).toThrow('结束时间不能早于开始时间');
  });
});

describe('calendar rules', () => {
  const withPatch = (p: Partial<WorkCalendar>): WorkCalendar => ({ ...cal, ...p });

  it('accepts the default and a calendar with exceptions', () => {
    expect(checkCalendar(cal)).toBeNull();
    expect(checkCalendar(withPatch({ workDays: [1, 2, 3, 4, 5, 6], periods: [{ start: '00:00', end: '24:00' }], exceptions: [{ date: '2026-10-01', working: false }] }))).toBeNull();
  });

  it('refuses periods out of a day, reversed or overlapping', () => {
    expect(checkCalendar(withPatch({ periods: [] }))).toBe('至少需要一个工作时段');
    expect(checkCalendar(withPatch({ periods: [{ start: '24:00', end: '24:00' }] }))).toBe('工作时段「24:00–24:00」的时间不正确');
    expect(checkCalendar(withPatch({ periods: [{ start: '12:00', end: '09:00' }] }))).toBe('工作时段「12:00–09:00」的开始须早于结束');
    expect(checkCalendar(withPatch({ periods: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '18:00' }] }))).toBe('工作时段须按时间先后排列且不重叠');
    expect(checkCalendar(withPatch({ periods: [{ start: '13:00', end: '18:00' }, { start: '09:00', end: '12:00' }] }))).toBe('工作时段须按时间先后排列且不重叠');
  });

  it('refuses bad working days and exceptions', () => {
    expect(checkCalendar(withPatch({ workDays: [1, 1] }))).toBe('工作日须为 1–7（周一至周日）且不重复');
    expect(checkCalendar(withPatch({ exceptions: [{ date: '2026-02-30', working: false }] }))).toBe('例外日期「2026-02-30」不正确');
    expect(checkCalendar(withPatch({ exceptions: [{ date: '2026-10-01', working: false }, { date: '2026-10-01', working: true }] }))).toBe('例外日期「2026-10-01」重复');
    const many = Array.from({ length: MAX_CALENDAR_EXCEPTIONS + 1 }, (_, i) => ({ date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), working: false }));
    expect(checkCalendar(withPatch({ exceptions: many }))).toBe('例外日期最多 400 个');
    expect(checkCalendar(withPatch({ exceptions: many.slice(0, MAX_CALENDAR_EXCEPTIONS) }))).toBeNull();
  });
});
