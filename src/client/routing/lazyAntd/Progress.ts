/** antd's `Progress` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
export { Progress as default } from 'antd';
