/** Date buckets of dashboard groups: their Chinese texts and the inclusive ranges a click opens. */
import { describe, expect, it } from 'vitest';
import type { CompiledAggregate } from '../records/query/aggregateQuery.js';
import type { DateBucket } from '../../shared/contract/dashboards.js';
import { bucketKey, bucketLabel, bucketOrdinal, bucketRange, groupPoints, measureValue } from './groupPoints.js';

/** A date field grouped by `bucket`, as the aggregate query compiles it (only what groupPoints reads). */
const byDate = (bucket: DateBucket) =>
  ({ bucket, precision: 2, group: { def: { enName: 'sign_date', label: '签订日期' }, columns: { value: { kind: 'date' } } } }) as unknown as CompiledAggregate;
/** Rows as the query returns them for buckets: latest first, the empty group last. */
const rows = (...pairs: [string | null, number | null][]) => pairs.map(([k, v]) => ({ k, l: null, v }));
const shown = (points: { label: string; value: number }[]) => points.map((p) => `${p.label}=${p.value}`);

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

describe('date-bucket series', () => {
  it('show months without records inside the range as 0 for a count or a sum, with their list filter', () => {
    const points = groupPoints(byDate('month'), rows(['2026-03', 4], ['2025-12', 2], [null, 1]), { zeroFill: true, limit: 20 });
    expect(shown(points)).toEqual(['2025年12月=2', '2026年1月=0', '2026年2月=0', '2026年3月=4', '（空）=1']);
    expect(points[2]).toMatchObject({ key: '2026-02', listFilter: { sign_date$start: '2026-02-01', sign_date$end: '2026-02-28' } });
  });

  it('fill days across a month end and a leap day, and years', () => {
    const days = groupPoints(byDate('day'), rows(['2028-03-01', 1], ['2028-02-27', 5]), { zeroFill: true, limit: 20 });
    expect(days.map((p) => p.key)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(days.map((p) => p.value)).toEqual([5, 0, 0, 1]);
    const years = groupPoints(byDate('year'), rows(['2026', 3], ['2023', 1]), { zeroFill: true, limit: 20 });
    expect(shown(years)).toEqual(['2023年=1', '2024年=0', '2025年=0', '2026年=3']);
  });

  it('keep the latest `limit` buckets of the filled range', () => {
    const points = groupPoints(byDate('month'), rows(['2026-03', 4], ['2020-01', 9]), { zeroFill: true, limit: 3 });
    expect(shown(points)).toEqual(['2026年1月=0', '2026年2月=0', '2026年3月=4']);
  });

  it('leave empty buckets out of an average, minimum or maximum (no number: a gap)', () => {
    const points = groupPoints(byDate('month'), rows(['2026-03', 4], ['2025-12', 2]), { zeroFill: false, limit: 20 });
    expect(shown(points)).toEqual(['2025年12月=2', '2026年3月=4']);
  });

  it('number buckets consecutively, also before 1970 and around year 100', () => {
    for (const [bucket, key] of [['day', '1969-12-31'], ['day', '0099-12-31'], ['month', '0099-12'], ['year', '0099']] as const) {
      const n = bucketOrdinal(bucket, key);
      expect(bucketKey(bucket, n)).toBe(key);
      expect(bucketOrdinal(bucket, bucketKey(bucket, n + 1))).toBe(n + 1);
    }
    expect(bucketKey('day', bucketOrdinal('day', '0099-12-31') + 1)).toBe('0100-01-01');
  });
});
