/** `/404`, `/401`, and 无权限 (403) shown in place for a page the user may not open. */
import { Button, Result } from 'antd';
import { useNavigate } from '../../routing/navigation';

const TEXTS = {
  '404': { title: '404', sub: '抱歉，您访问的页面不存在。' },
  '401': { title: '401', sub: '抱歉，您无权访问该页面。' },
  '403': { title: '无权限', sub: '抱歉，您没有访问该页面的权限，请联系管理员开通。' },
} as const;

/** A full-page error with a way home (`sub` replaces the standard explanation). */
export function ErrorPage({ status, sub }: { status: '404' | '401' | '403'; sub?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status === '404' ? '404' : '403'}
      title={TEXTS[status].title}
      subTitle={sub ?? TEXTS[status].sub}
      extra={
        <Button type="primary" onClick={() => navigate('/index')}>
          返回首页
        </Button>
      }
    />
  );
}
