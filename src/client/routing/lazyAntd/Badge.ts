/** antd's `Badge` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
export { Badge as default } from 'antd';
