/** ECharts options of /energy-consumption (pure): the daily curve of one kind and the 尖峰平谷 pie. */
import type { EnergyMeter, EnergyStats, PeakValley } from '../../api/energy';

/** A line per day of one kind's series. */
export function curveOption(stats: EnergyStats, kind: string): Record<string, unknown> {
  const s = stats.series.find((x) => x.kind === kind);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: stats.buckets.map((b) => b.slice(5)) },
    yAxis: { type: 'value', name: s?.unit ?? '' },
    series: [{ type: 'line', name: s?.name ?? kind, smooth: true, areaStyle: { opacity: 0.15 }, data: s?.values ?? [] }],
  };
}

const PERIOD_COLOURS: Record<string, string> = { sharp: '#cf1322', peak: '#fa8c16', flat: '#1677ff', valley: '#52c41a' };

/** A ring of the periods' consumption (the empty ones left out). */
export function peakValleyOption(pv: PeakValley): Record<string, unknown> {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} kWh ({d}%)' },
    legend: { bottom: 0 },
    series: [{
      type: 'pie', radius: ['40%', '68%'],
      data: pv.periods.filter((p) => p.value > 0).map((p) => ({ name: `${p.label}时段`, value: p.value, itemStyle: { color: PERIOD_COLOURS[p.period] } })),
    }],
  };
}

export interface MeterNode {
  key: number;
  title: string;
  children?: MeterNode[];
}

/** The metering network as a tree (a meter whose parent is not in the list is a root). */
export function meterTree(meters: EnergyMeter[]): MeterNode[] {
  const ids = new Set(meters.map((m) => m.id));
  const build = (parent: number | null): MeterNode[] =>
    meters.filter((m) => (parent === null ? m.parentId === null || !ids.has(m.parentId) : m.parentId === parent)).map((m) => {
      const children = build(m.id);
      const value = m.lastValue === null ? '' : `（${m.lastValue} ${m.unit}）`;
      return { key: m.id, title: `${m.name} ${m.code}${value}`, ...(children.length ? { children } : {}) };
    });
  return build(null);
}
