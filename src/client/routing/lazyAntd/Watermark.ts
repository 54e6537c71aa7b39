/** antd's `Watermark` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
export { Watermark as default } from 'antd';
