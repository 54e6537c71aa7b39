/** A bar panel's ECharts parts: the bar series over a cartesian grid. */
import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';

/** ECharts extensions the bar panels need. */
export const parts = [BarChart, GridComponent];
