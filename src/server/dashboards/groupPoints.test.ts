/** Date buckets of dashboard groups: their Chinese texts and the inclusive ranges a click opens. */
import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketRange, measureValue } from './groupPoints.js';

describe('date buckets', () => {
  it('cover whole days, months (leap Februaries too) and years', () => {
    expect(bucketRange('day', '2026-03-05')).toEqual(['2026-03-05', '2026-03-05']);
    expect(bucketRange('month', '2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(bucketRange('month', '2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(bucketRange('month', '2026-12')).toEqual(['2026-12-01', '2026-12-31']);
    expect(bucketRange('year', '2026')).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('read in Chinese', () => {
    expect(bucketLabel('month', '2026-03')).toBe('2026年3月');
    expect(bucketLabel('year', '2026')).toBe('2026年');
    expect(bucketLabel('day', '2026-03-05')).toBe('2026-03-05');
  });

  it('count a group without values as 0', () => {
    expect(measureValue(null)).toBe(0);
    expect(measureValue('12.50')).toBe(12.5);
  });
});
