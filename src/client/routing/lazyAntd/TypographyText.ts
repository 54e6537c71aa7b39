/** antd's `Typography.Text` as a module of its own, for `lazy(() => import(...))`: its code loads on first render. */
import { Typography } from 'antd';

export default Typography.Text;
