/** A dashboard page: its name, when its data was read, and its panels on a 24-column grid. */
import { Button, Empty, Space } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../feedback/useFeedback';
import { useDashboard, type DashboardRef } from '../../controllers/useDashboard';
import { PageLoading } from '../../routing/PageLoading';
import { Authorized } from '../../routing/Authorized';
import { useNavigate } from '../../routing/navigation';
import { paths } from '../../paths';
import { PanelView } from './PanelView';
import { dashboardSheets, exportFileName } from './exportSheets';
import { saveWorkbook } from './saveWorkbook';
import styles from './dashboards.module.css';

/** Default width of a panel: KPI numbers a quarter, charts and tables half the grid. */
export function panelSpan(p: { kind: string; span?: number }): number {
  return p.span ?? (p.kind === 'kpi' ? 6 : 12);
}

/** The dashboard named by `dashboard` (id or page path). */
export default function DashboardView({ dashboard: ref }: { dashboard: DashboardRef }) {
  const { dashboard, loading, failed, byPanel, updatedAt } = useDashboard(ref);
  const navigate = useNavigate();
  const app = useFeedback();
  const [exporting, setExporting] = useState(false);
  if (loading) return <PageLoading />;
  if (failed || !dashboard) return <Empty description="仪表盘不存在" />;
  // 导出数据: every panel's data as shown (one sheet each), written in the browser.
  const exportData = () => {
    setExporting(true);
    void saveWorkbook(dashboardSheets(dashboard.panels, byPanel), exportFileName(dashboard.name))
      .catch(() => void app.message.error('导出失败，请重试'))
      .finally(() => setExporting(false));
  };
  return (
    <div>
      <div className={styles.head}>
        <h2>{dashboard.name}</h2>
        <Space>
          {updatedAt ? <span className={styles.updated}>数据更新于 {new Date(updatedAt).toLocaleTimeString('zh-CN')}，每 {dashboard.refreshSeconds} 秒刷新</span> : null}
          <Button size="small" loading={exporting} disabled={!updatedAt} onClick={exportData}>导出数据</Button>
          <Authorized perms={['system:dashboard:edit']}>
            <Button size="small" onClick={() => navigate(`${paths.dashboards}?id=${dashboard.id}`)}>编辑</Button>
          </Authorized>
        </Space>
      </div>
      <div className={styles.grid}>
        {dashboard.panels.map((p) => (
          <div key={p.id} style={{ gridColumn: `span ${panelSpan(p)}` }}>
            <PanelView panel={p} data={byPanel.get(p.id)} />
          </div>
        ))}
      </div>
    </div>
  );
}
