/**
 * A named statistics page of spec 02 §2.2 opened signed out (/guanlijiashicang,
 * /investment-statistics, /report-statistics, /payment-statistics, /company-overview): the
 * tenant's dashboard at that page key when an administrator marked it 公开访问, each panel over
 * the portal's published records (ADR 1056). The tenant is `?tenantCode=`, else the remembered
 * one. Nothing opens a list or a record: a visitor has none to open.
 */
import { Button, Result } from 'antd';
import { usePublicDashboard } from '../../controllers/usePublicDashboard';
import { PageLoading } from '../../routing/PageLoading';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import { getTenantCode } from '../../session/cookies';
import { paths } from '../../paths';
import { PanelView } from './PanelView';
import { panelSpan } from './DashboardView';
import styles from './dashboards.module.css';

/** The page of dashboard `pageKey`, public side. */
export default function PublicDashboardPage({ pageKey, path }: { pageKey: string; path: string }) {
  const tenantCode = useQueryParams().get('tenantCode') || getTenantCode();
  const navigate = useNavigate();
  const { dashboard, loading, error, updatedAt } = usePublicDashboard(pageKey, tenantCode);
  const signIn = <Button type="primary" onClick={() => navigate(`${paths.login}?redirect=${encodeURIComponent(path)}`)}>登录</Button>;
  if (loading) return <PageLoading />;
  if (error || !dashboard) return <Result status="warning" title={error ?? '仪表盘不存在或未公开'} subTitle="登录后可查看全部统计" extra={signIn} />;
  const byPanel = new Map(dashboard.data.map((p) => [p.id, p]));
  return (
    <div className={styles.public}>
      <div className={styles.head}>
        <h2>{dashboard.tenantName} · {dashboard.name}</h2>
        <span className={styles.updated}>
          {updatedAt ? `数据更新于 ${new Date(updatedAt).toLocaleTimeString('zh-CN')}，仅统计已公开发布的数据 ` : null}
          {signIn}
        </span>
      </div>
      <div className={styles.grid}>
        {dashboard.panels.map((p) => (
          <div key={p.id} style={{ gridColumn: `span ${panelSpan(p)}` }}>
            <PanelView panel={p} data={byPanel.get(p.id)} linked={false} />
          </div>
        ))}
      </div>
    </div>
  );
}
