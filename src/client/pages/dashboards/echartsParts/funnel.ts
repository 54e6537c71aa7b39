/** A funnel panel's ECharts parts: the funnel series and the scrolling legend its option asks for. */
import { FunnelChart } from 'echarts/charts';
import { LegendScrollComponent } from 'echarts/components';

/** ECharts extensions the funnel panels need. */
export const parts = [FunnelChart, LegendScrollComponent];
