import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayRange, isDay, localDay } from './energyTime.js';

describe('energy dates', () => {
  it('reads the local (UTC+8) day of an instant', () => {
    expect(localDay(new Date('2026-03-09T15:59:59Z'))).toBe('2026-03-09');
    expect(localDay(new Date('2026-03-09T16:00:00Z'))).toBe('2026-03-10');
  });

  it('steps days and months and checks real days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });

  it('defaults to the month so far and explains a bad range in Chinese', () => {
    expect(dayRange({}, '2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(dayRange({ month: '2026-02' }, '2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(dayRange({ start: '2026-03-02', end: '2026-03-01' }, '2026-03-15')).toBe('结束日期不能早于开始日期');
    expect(dayRange({ start: '2024-01-01', end: '2026-01-01' }, '2026-03-15')).toBe('查询范围不能超过 400 天');
    expect(dayRange({ month: '2026-13' }, '2026-03-15')).toBe('月份「2026-13」无效，应为 YYYY-MM');
  });
});
