/**
 * A panel's answer as an ECharts option (pure, so it is tested without a chart): bars and lines
 * over the groups' texts, a pie of them; Chinese texts, values as the server computed them.
 */
import type { Panel, PanelData } from '../../../shared/contract/dashboards';

/** The chart types a dashboard uses (each loads its ECharts module on first use). */
export type ChartKind = 'line' | 'bar' | 'pie';

/** Whether a panel draws a chart. */
export function isChart(kind: Panel['kind']): kind is ChartKind {
  return kind === 'line' || kind === 'bar' || kind === 'pie';
}

/** A number as the panels show it: thousands grouped, at most two decimals. */
export function formatValue(v: number): string {
  return v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

/** The ECharts option of a chart panel. */
export function chartOption(kind: ChartKind, data: PanelData, seriesName: string): Record<string, unknown> {
  const points = data.points ?? [];
  const labels = points.map((p) => p.label);
  const values = points.map((p) => p.value);
  if (kind === 'pie') {
    return {
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: seriesName, radius: ['35%', '65%'], data: points.map((p) => ({ name: p.label, value: p.value })), label: { formatter: '{b}\n{d}%' } }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 16, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: { type: 'value' },
    series: [{ type: kind, name: seriesName, data: values, ...(kind === 'line' ? { areaStyle: { opacity: 0.15 } } : { barMaxWidth: 48 }) }],
  };
}
