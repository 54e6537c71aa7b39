/** A gauge panel's ECharts parts: the gauge series (no grid, no legend). */
import { GaugeChart } from 'echarts/charts';

/** ECharts extensions the gauge panels need. */
export const parts = [GaugeChart];
