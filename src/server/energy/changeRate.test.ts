import { describe, expect, it } from 'vitest';
import { changeRate, previousMonth, sameMonthLastYear } from './changeRate.js';

describe('year-on-year and month-on-month', () => {
  it('is the change in percent to 2 decimals, null against nothing', () => {
    expect(changeRate(15, 12)).toBe(25);
    expect(changeRate(10, 15)).toBe(-33.33);
    expect(changeRate(0, 8)).toBe(-100);
    expect(changeRate(5, 0)).toBeNull();
    expect(changeRate(5, null)).toBeNull();
  });

  it('steps months across the year boundary', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
    expect(sameMonthLastYear('2026-03')).toBe('2025-03');
  });
});
