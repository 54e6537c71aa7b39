/** A pie panel's ECharts parts: the pie series and the scrolling legend its option asks for. */
import { PieChart } from 'echarts/charts';
import { LegendScrollComponent } from 'echarts/components';

/** ECharts extensions the pie panels need. */
export const parts = [PieChart, LegendScrollComponent];
