/**
 * A public statistics page (spec 02 §2.2) opened signed in: the dashboard at `pageKey`, read with
 * the user's permissions, full screen without the admin layout (ADR 1067; shell/StatisticsRoute
 * loads the session first). What the dashboard page offers stays: 导出数据, 报表视图, 编辑 and a
 * click through to the group's list.
 */
import DashboardView from './DashboardView';
import styles from './dashboards.module.css';

/** The page. */
export default function StatisticsPage({ pageKey }: { pageKey: string }) {
  return (
    <div className={styles.public}>
      <DashboardView key={pageKey} dashboard={{ key: pageKey }} />
    </div>
  );
}
