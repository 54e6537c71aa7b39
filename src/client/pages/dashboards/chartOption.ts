/**
 * A panel's answer as an ECharts option (pure, so it is tested without a chart): bars and lines
 * over the groups' texts, a pie of them; Chinese texts, values as the server computed them.
 */
import type { Panel, PanelData } from '../../../shared/contract/dashboards';
import { provinceName } from './provinceName';

/** The chart types a dashboard uses (each loads its ECharts module on first use). */
export type ChartKind = 'line' | 'bar' | 'pie' | 'funnel' | 'gauge' | 'map';

/** Whether a panel draws a chart. */
export function isChart(kind: Panel['kind']): kind is ChartKind {
  return kind === 'line' || kind === 'bar' || kind === 'pie' || kind === 'funnel' || kind === 'gauge' || kind === 'map';
}

/** The map the `map` panels draw (registered under this name, which makes ECharts add 南海诸岛; loadEcharts.ts). */
export const CHINA_MAP = 'china';

/** A number as the panels show it: thousands grouped, at most two decimals. */
export function formatValue(v: number): string {
  return v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

/** The ECharts option of a chart panel. */
export function chartOption(kind: ChartKind, data: PanelData, seriesName: string): Record<string, unknown> {
  const points = data.points ?? [];
  const labels = points.map((p) => p.label);
  const values = points.map((p) => p.value);
  if (kind === 'gauge') {
    // The dial reads the percent of the scale; the text under it the value itself.
    const percent = data.percent ?? 0;
    return {
      tooltip: { formatter: `${seriesName}：${formatValue(data.value ?? 0)} / ${formatValue(data.max ?? 0)}` },
      series: [{
        type: 'gauge', name: seriesName, min: 0, max: Math.max(100, Math.ceil(percent)), progress: { show: true, width: 14 }, axisLine: { lineStyle: { width: 14 } },
        axisLabel: { distance: 20 }, pointer: { width: 5 }, title: { offsetCenter: [0, '72%'], fontSize: 13 },
        detail: { valueAnimation: false, offsetCenter: [0, '42%'], fontSize: 24, formatter: '{value}%' },
        data: [{ value: percent, name: `${formatValue(data.value ?? 0)} / ${formatValue(data.max ?? 0)}` }],
      }],
    };
  }
  if (kind === 'funnel') {
    return {
      tooltip: { trigger: 'item', formatter: '{b}：{c}' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'funnel', name: seriesName, left: '10%', width: '80%', top: 8, bottom: 32, sort: 'descending', minSize: '8%', label: { position: 'inside', formatter: '{b}：{c}' },
        data: points.map((p) => ({ name: p.label, value: p.value })) }],
    };
  }
  if (kind === 'map') {
    // Regions are matched by their short name; the tooltip shows the group's own text. A click
    // reports the data index, which is the point's (data keeps the points' order).
    const max = Math.max(0, ...values);
    return {
      tooltip: { trigger: 'item', formatter: (p: { data?: { label?: string; value?: number } }) => (p.data ? `${p.data.label}：${formatValue(p.data.value ?? 0)}` : '') },
      visualMap: { min: 0, max: max > 0 ? max : 1, left: 8, bottom: 8, calculable: true, text: ['高', '低'], inRange: { color: ['#e6f4ff', '#1677ff', '#003eb3'] } },
      series: [{ type: 'map', map: CHINA_MAP, name: seriesName, roam: false, label: { show: false }, emphasis: { label: { show: true } },
        data: points.map((p) => ({ name: provinceName(p.label), label: p.label, value: p.value })) }],
    };
  }
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
