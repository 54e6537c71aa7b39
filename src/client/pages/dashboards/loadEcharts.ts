/**
 * ECharts on first use (ADR 1045, ADR 1067): `echarts/core`, the parts every chart needs
 * (tooltip, canvas renderer) and, per chart kind, that kind's series and components, each loaded
 * by `import()` of a module of `echartsParts/` when the first panel of that kind mounts. Those
 * modules name what they take from ECharts' public entry points statically, so the bundler keeps
 * only those charts and components, in a chunk per kind: a page never carries a kind it does not
 * show (the map's geo and visualMap only with a map panel).
 */
import { CHINA_MAP, type ChartKind } from './chartOption';

type Core = typeof import('echarts/core');
type Extension = Parameters<Core['use']>[0];

const PARTS: Record<ChartKind, () => Promise<{ parts: Extension }>> = {
  bar: () => import('./echartsParts/bar'),
  line: () => import('./echartsParts/line'),
  pie: () => import('./echartsParts/pie'),
  funnel: () => import('./echartsParts/funnel'),
  gauge: () => import('./echartsParts/gauge'),
  map: () => import('./echartsParts/map'),
};

/**
 * The China map's GeoJSON (echarts 4.9.0's `map/json/china.json`, ADR 1062: 34 provinces with
 * 台湾, 香港 and 澳门; ECharts adds the 南海诸岛 inset to a map named `china`), fetched with the
 * map chart only, so no other page carries its 44 KB.
 */
async function loadChina(): Promise<Parameters<Core['registerMap']>[1]> {
  const { default: geo } = await import('echarts-v4-maps/map/json/china.json');
  return geo as unknown as Parameters<Core['registerMap']>[1];
}

let core: Promise<Core> | undefined;
const registered = new Map<ChartKind, Promise<void>>();

async function loadCore(): Promise<Core> {
  const [echarts, { parts }] = await Promise.all([import('echarts/core'), import('./echartsParts/base')]);
  echarts.use(parts);
  return echarts;
}

/** ECharts' core with the chart type `kind` registered (its module loaded once). */
export async function loadEcharts(kind: ChartKind): Promise<Core> {
  core ??= loadCore();
  if (!registered.has(kind)) {
    // The kind's parts and the map's GeoJSON are fetched beside the core, not after it.
    registered.set(kind, Promise.all([core, PARTS[kind](), kind === 'map' ? loadChina() : undefined]).then(([echarts, { parts }, china]) => {
      echarts.use(parts);
      if (china) echarts.registerMap(CHINA_MAP, china);
    }));
  }
  await registered.get(kind);
  return core;
}
