import { describe, expect, it } from 'vitest';
import { curveOption, meterTree, peakValleyOption } from './energyCharts';
import type { EnergyMeter, EnergyStats, PeakValley } from '../../api/energy';

const meter = (id: number, parentId: number | null, lastValue: number | null = null): EnergyMeter => ({
  id, parentId, lastValue, code: `M${id}`, name: `表${id}`, unit: 'kWh', kind: 'electricity', kindName: '电', enterpriseId: 1,
  locationId: null, locationName: null, equipmentId: null, equipmentName: null, lastTs: null,
});

describe('energy page charts', () => {
  it('builds the metering network tree; a meter whose parent is not listed is a root', () => {
    expect(meterTree([meter(1, null, 5), meter(2, 1), meter(3, 2), meter(4, 99)])).toEqual([
      { key: 1, title: '表1 M1（5 kWh）', children: [{ key: 2, title: '表2 M2', children: [{ key: 3, title: '表3 M3' }] }] },
      { key: 4, title: '表4 M4' },
    ]);
  });

  it('draws the chosen kind and leaves empty periods out of the ring', () => {
    const stats = { grain: 'day', start: '2026-03-01', end: '2026-03-02', buckets: ['2026-03-01', '2026-03-02'], totals: [],
      series: [{ kind: 'water', name: '水', unit: 'm³', values: [1, 2] }] } as EnergyStats;
    expect(curveOption(stats, 'water')).toMatchObject({ xAxis: { data: ['03-01', '03-02'] }, yAxis: { name: 'm³' }, series: [{ name: '水', data: [1, 2] }] });
    const pv = { periods: [{ period: 'sharp', label: '尖', value: 0, cost: 0, share: 0 }, { period: 'valley', label: '谷', value: 3, cost: 1, share: 100 }] } as PeakValley;
    expect((peakValleyOption(pv).series as { data: unknown[] }[])[0]!.data).toEqual([{ name: '谷时段', value: 3, itemStyle: { color: '#52c41a' } }]);
  });
});
