/** Types of the two ECharts modules loadEcharts.ts imports by path (the package types them under types/src only). */
declare module 'echarts/lib/chart/map/install.js' {
  export { install } from 'echarts/types/src/chart/map/install';
}
declare module 'echarts/lib/component/visualMap/installVisualMapContinuous.js' {
  export { install } from 'echarts/types/src/component/visualMap/installVisualMapContinuous';
}
