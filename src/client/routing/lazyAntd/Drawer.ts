/** antd's `Drawer` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
export { Drawer as default } from 'antd';
