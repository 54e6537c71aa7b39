import { describe, expect, it } from 'vitest';
import { periodOfHour, splitByPeriod, type TariffPeriod } from './tariffPeriods.js';

const PERIODS: TariffPeriod[] = [
  { period: 'valley', startHour: 0, endHour: 8, price: 0.3 },
  { period: 'peak', startHour: 8, endHour: 11, price: 1.1 },
  { period: 'sharp', startHour: 11, endHour: 12, price: 1.5 },
  { period: 'flat', startHour: 12, endHour: 22, price: 0.6 },
];

describe('tariff period split', () => {
  it('finds the period of each hour; uncovered hours are 平 at the flat price', () => {
    expect(periodOfHour(PERIODS, 0)).toEqual({ period: 'valley', price: 0.3 });
    expect(periodOfHour(PERIODS, 7)).toEqual({ period: 'valley', price: 0.3 });
    expect(periodOfHour(PERIODS, 8)).toEqual({ period: 'peak', price: 1.1 });
    expect(periodOfHour(PERIODS, 11)).toEqual({ period: 'sharp', price: 1.5 });
    expect(periodOfHour(PERIODS, 23)).toEqual({ period: 'flat', price: 0.6 });
    expect(periodOfHour([], 5)).toEqual({ period: 'flat', price: 0 });
  });

  it('sums and costs hourly values per period, every period present in 尖峰平谷 order', () => {
    const split = splitByPeriod(PERIODS, [{ hour: 3, value: 10 }, { hour: 9, value: 2 }, { hour: 10, value: 3 }, { hour: 11, value: 1 }, { hour: 23, value: 0.1 }]);
    expect(split).toEqual([
      { period: 'sharp', label: '尖', value: 1, cost: 1.5 },
      { period: 'peak', label: '峰', value: 5, cost: 5.5 },
      { period: 'flat', label: '平', value: 0.1, cost: 0.06 },
      { period: 'valley', label: '谷', value: 10, cost: 3 },
    ]);
    expect(splitByPeriod(PERIODS, []).every((p) => p.value === 0 && p.cost === 0)).toBe(true);
  });
});
