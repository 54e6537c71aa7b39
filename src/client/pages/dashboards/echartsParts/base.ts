/** What every chart needs: the tooltip (with its axis pointer) and the canvas renderer (ADR 1045). */
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/** ECharts extensions to register before any chart type. */
export const parts = [TooltipComponent, CanvasRenderer];
