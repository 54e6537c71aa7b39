/** A map panel's ECharts parts: the map series (with its geo coordinate system) and the continuous visualMap colouring it (ADR 1062). */
import { MapChart } from 'echarts/charts';
import { VisualMapContinuousComponent } from 'echarts/components';

/** ECharts extensions the map panels need. */
export const parts = [MapChart, VisualMapContinuousComponent];
