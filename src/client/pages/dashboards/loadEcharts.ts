/**
 * ECharts on first use (ADR 1045): `echarts/core` with only the chart types a dashboard shows,
 * the components they need and the canvas renderer, loaded when the first chart mounts, so a
 * page without charts (and the shell) never carries them. Each import names what it takes
 * (destructured), so the bundler keeps only those charts and components of ECharts' modules.
 */
import { CHINA_MAP, type ChartKind } from './chartOption';

type Core = typeof import('echarts/core');
type Extension = Parameters<Core['use']>[0];

const CHARTS: Record<ChartKind, () => Promise<Extension>> = {
  bar: async () => { const { BarChart } = await import('echarts/charts'); return BarChart; },
  line: async () => { const { LineChart } = await import('echarts/charts'); return LineChart; },
  pie: async () => { const { PieChart } = await import('echarts/charts'); return PieChart; },
  funnel: async () => { const { FunnelChart } = await import('echarts/charts'); return FunnelChart; },
  gauge: async () => { const { GaugeChart } = await import('echarts/charts'); return GaugeChart; },
  // The map chart and its continuous visualMap from their own modules, not `echarts/charts` /
  // `echarts/components`: those are one chunk each, and every chart page would carry the map's
  // ~55 KB gzip (geo, visualMap) with them.
  map: async () => {
    const [{ install: map }, { install: visualMap }] = await Promise.all([
      import('echarts/lib/chart/map/install.js'), import('echarts/lib/component/visualMap/installVisualMapContinuous.js'),
    ]);
    return [map, visualMap];
  },
};

/**
 * The China map's GeoJSON (echarts 4.9.0's `map/json/china.json`, ADR 1062: 34 provinces with
 * 台湾, 香港 and 澳门; ECharts adds the 南海诸岛 inset to a map named `china`), fetched with the
 * map chart only, so no other page carries its 44 KB.
 */
async function registerChina(echarts: Core): Promise<void> {
  const { default: geo } = await import('echarts-v4-maps/map/json/china.json');
  echarts.registerMap(CHINA_MAP, geo as unknown as Parameters<Core['registerMap']>[1]);
}

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
  if (!registered.has(kind)) {
    registered.set(kind, CHARTS[kind]().then(async (chart) => {
      echarts.use(chart);
      if (kind === 'map') await registerChina(echarts);
    }));
  }
  await registered.get(kind);
  return echarts;
}
