/** `/404` and `/401`. */
import { Button, Result } from 'antd';
import { useNavigate } from '../../routing/navigation';

const TEXTS = {
  '404': { title: '404', sub: '抱歉，您访问的页面不存在。' },
  '401': { title: '401', sub: '抱歉，您无权访问该页面。' },
} as const;

/** A full-page error with a way home. */
export function ErrorPage({ status }: { status: '404' | '401' }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status === '404' ? '404' : '403'}
      title={TEXTS[status].title}
      subTitle={TEXTS[status].sub}
      extra={
        <Button type="primary" onClick={() => navigate('/index')}>
          返回首页
        </Button>
      }
    />
  );
}
