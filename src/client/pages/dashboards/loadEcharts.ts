/**
 * ECharts on first use (ADR 1045): `echarts/core` with only the chart types a dashboard shows,
 * the components they need and the canvas renderer, loaded when the first chart mounts, so a
 * page without charts (and the shell) never carries them. Each import names what it takes
 * (destructured), so the bundler keeps only those charts and components of ECharts' modules.
 */
import type { ChartKind } from './chartOption';

type Core = typeof import('echarts/core');
type Extension = Parameters<Core['use']>[0];

const CHARTS: Record<ChartKind, () => Promise<Extension>> = {
  bar: async () => { const { BarChart } = await import('echarts/charts'); return BarChart; },
  line: async () => { const { LineChart } = await import('echarts/charts'); return LineChart; },
  pie: async () => { const { PieChart } = await import('echarts/charts'); return PieChart; },
  funnel: async () => { const { FunnelChart } = await import('echarts/charts'); return FunnelChart; },
  gauge: async () => { const { GaugeChart } = await import('echarts/charts'); return GaugeChart; },
};

let core: Promise<Core> | undefined;
const registered = new Map<ChartKind, Promise<void>>();

async function loadCore(): Promise<Core> {
  const [echarts, { TooltipComponent, GridComponent, LegendComponent }, { CanvasRenderer }] = await Promise.all([
    import('echarts/core'), import('echarts/components'), import('echarts/renderers'),
  ]);
  echarts.use([TooltipComponent, GridComponent, LegendComponent, CanvasRenderer]);
  return echarts;
}

/** ECharts' core with the chart type `kind` registered (its module loaded once). */
export async function loadEcharts(kind: ChartKind): Promise<Core> {
  core ??= loadCore();
  const echarts = await core;
  if (!registered.has(kind)) registered.set(kind, CHARTS[kind]().then((chart) => echarts.use(chart)));
  await registered.get(kind);
  return echarts;
}
