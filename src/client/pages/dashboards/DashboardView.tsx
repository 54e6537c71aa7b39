/** A dashboard page: its name, when its data was read, and its panels on a 24-column grid. */
import { Button, Empty, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useFeedback } from '../../feedback/useFeedback';
import { useDashboard, type DashboardRef } from '../../controllers/useDashboard';
import { PageLoading } from '../../routing/PageLoading';
import { Authorized } from '../../routing/Authorized';
import { useNavigate } from '../../routing/navigation';
import { paths } from '../../paths';
import { PanelView } from './PanelView';
import { dashboardSheets, exportFileName } from './exportSheets';
import styles from './dashboards.module.css';

// Both load on first use (issue 33, first-load budget): the drawer with 报表视图, the workbook
// writer (and SheetJS behind it, ADR 1060) with 导出数据.
const ReportDrawer = lazy(() => import('./ReportDrawer'));
const saveWorkbook: typeof import('./saveWorkbook').saveWorkbook = async (...args) => (await import('./saveWorkbook')).saveWorkbook(...args);

/** Default width of a panel: KPI numbers a quarter, charts and tables half the grid. */
export function panelSpan(p: { kind: string; span?: number }): number {
  return p.span ?? (p.kind === 'kpi' ? 6 : 12);
}

/** The address of a dashboard as a report without chrome (what the report drawer frames). */
export function reportFramePath(d: { id: number; routeKey: string | null }, param?: string): string {
  const q = new URLSearchParams(d.routeKey ? { key: d.routeKey } : { id: String(d.id) });
  if (param) q.set('param', param);
  return `${paths.viewAppReport}?${q.toString()}`;
}

/** Props: which dashboard, the page parameter of its `paramField` panels, and `bare` (no 编辑 / 报表 buttons: the frameless report). */
export interface DashboardViewProps { dashboard: DashboardRef; param?: string; bare?: boolean }

/** The dashboard named by `dashboard` (id or page path). */
export default function DashboardView({ dashboard: ref, param, bare }: DashboardViewProps) {
  const { dashboard, loading, failed, byPanel, updatedAt } = useDashboard(ref, param);
  const navigate = useNavigate();
  const app = useFeedback();
  const [exporting, setExporting] = useState(false);
  // 报表视图: null until first opened (the drawer's module is not loaded before), then open or closed.
  const [report, setReport] = useState<boolean | null>(null);
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
          {bare ? null : (
            <>
              {/* Spec 02 §2.5: the report drawer, an embedded frame at 75 %. */}
              <Button size="small" onClick={() => setReport(true)}>报表视图</Button>
              <Authorized perms={['system:dashboard:edit']}>
                <Button size="small" onClick={() => navigate(`${paths.dashboards}?id=${dashboard.id}`)}>编辑</Button>
              </Authorized>
            </>
          )}
        </Space>
      </div>
      {bare || report === null ? null : (
        <Suspense fallback={null}>
          <ReportDrawer title={`${dashboard.name}报表`} src={reportFramePath(dashboard, param)} open={report} onClose={() => setReport(false)} />
        </Suspense>
      )}
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
