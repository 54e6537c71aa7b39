/** The spinner shown while a route's code or the session loads. */
import { Spin } from 'antd';

/** A centred loading indicator. */
export function PageLoading({ tip = '正在加载...' }: { tip?: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin tip={tip} size="large">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
