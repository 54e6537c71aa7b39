/** antd's `Result` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
export { Result as default } from 'antd';
