/**
 * /view-app-report (spec 02 §2.3, no chrome): a dashboard as a report, `?key=` (a page key) or
 * `?id=`, default the shipped 移动报表 (`view-app-report`); `?param=` as on `/xmjdkb/{id}`. The
 * report drawer of a dashboard page frames it.
 */
import { useSearch } from 'wouter';
import DashboardView from './DashboardView';

/** The page. */
export default function ViewAppReportPage() {
  const q = new URLSearchParams(useSearch());
  const id = Number(q.get('id'));
  const ref = Number.isInteger(id) && id > 0 ? { id } : { key: q.get('key') || 'view-app-report' };
  return (
    <div style={{ padding: 12, background: '#f5f5f5', minHeight: '100vh' }}>
      <DashboardView dashboard={ref} param={q.get('param') ?? undefined} bare />
    </div>
  );
}
