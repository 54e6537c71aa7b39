/** A line panel's ECharts parts: the line series over a cartesian grid. */
import { LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';

/** ECharts extensions the line panels need. */
export const parts = [LineChart, GridComponent];
