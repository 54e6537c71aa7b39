/** One ECharts chart in a div: loads ECharts on first use, follows the option and the div's size, reports clicks by data index. */
import { useEffect, useRef } from 'react';
import type { ChartKind } from './chartOption';
import { loadEcharts } from './loadEcharts';

/** Props: the chart type (its module), the option, and what a click on a bar / slice / point does. */
export interface EChartProps {
  kind: ChartKind;
  option: Record<string, unknown>;
  height?: number;
  onItemClick?(dataIndex: number): void;
  /** The chart once drawn, null once gone (下载图片 reads its picture). */
  onChart?(chart: Chart | null): void;
}

/** An ECharts instance. */
export type Chart = ReturnType<Awaited<ReturnType<typeof loadEcharts>>['init']>;

/**
 * The element a chart draws in, carrying its chart once drawn: scripts and browser tests reach
 * the drawn chart's public API through it (`convertToPixel` to find a bar, `dispatchAction`), as
 * the canvas itself offers nothing to locate.
 */
export type ChartHost = HTMLDivElement & { echart?: Chart };

/** The chart. */
export function EChart({ kind, option, height = 280, onItemClick, onChart }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const click = useRef(onItemClick);
  click.current = onItemClick;
  const report = useRef(onChart);
  report.current = onChart;

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    const host = box.current as ChartHost | null;
    void loadEcharts(kind).then((echarts) => {
      if (gone || !box.current) return;
      const c = echarts.init(box.current);
      chart.current = c;
      if (host) host.echart = c;
      c.setOption(option);
      report.current?.(c);
      c.on('click', (e) => { if (typeof e.dataIndex === 'number') click.current?.(e.dataIndex); });
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      if (chart.current) report.current?.(null);
      if (host) delete host.echart;
      chart.current?.dispose();
      chart.current = null;
    };
    // The chart is made once per type; option changes go through setOption below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} data-chart={kind} style={{ width: '100%', height, cursor: onItemClick ? 'pointer' : undefined }} />;
}
