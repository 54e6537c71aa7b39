/**
 * The public statistics pages of spec 02 §2.2 (/guanlijiashicang 管理驾驶舱, /investment-statistics,
 * /report-statistics, /payment-statistics, /company-overview): full-screen pages outside the admin
 * layout, like the spec's other public routes, signed in or not (ADR 1067). Signed out, the
 * dashboard an administrator made public (ADR 1056). Signed in, the same login gate as the shell
 * (user info, permissions, the forced password change) and then the dashboard read with the user's
 * permissions, with everything the dashboard page offers (导出数据, 报表视图, 编辑, a click through
 * to the group's list, which opens in the shell). The layout (menus, tabs, header) is not loaded:
 * the cockpit's first load (issue 33: ≤ 350 KB gzip) goes to its charts.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useSessionGate } from './useSessionGate';
import { getToken } from '../session/cookies';
import { CONFIG_KEYS } from '../session/configKeys';
import { sessionStore } from '../session/sessionStore';
import { DASHBOARD_PAGES, publicDashboardKey } from '../paths';
import { PageLoading } from '../routing/PageLoading';
import { PasswordGuard } from './layout/PasswordGuard';

const PublicDashboardPage = lazy(() => import('../pages/dashboards/PublicDashboardPage'));
const StatisticsPage = lazy(() => import('../pages/dashboards/StatisticsPage'));

/** The page at `path`, one of PUBLIC_DASHBOARD_PATHS. */
export function StatisticsRoute({ path }: { path: string }) {
  const pageKey = publicDashboardKey(path) ?? '';
  return (
    <Suspense fallback={<PageLoading />}>
      {getToken() ? <SignedIn pageKey={pageKey} title={DASHBOARD_PAGES[path]?.title ?? ''} /> : <PublicDashboardPage pageKey={pageKey} path={path} />}
    </Suspense>
  );
}

function SignedIn({ pageKey, title }: { pageKey: string; title: string }) {
  // As the shell's gate: a session that cannot be loaded signs out and goes to the root.
  const ready = useSessionGate();
  const siteTitle = sessionStore.use((s) => s.config[CONFIG_KEYS.headTitle]) || '业务表单平台';
  useEffect(() => {
    document.title = `${title} - ${siteTitle}`;
  }, [title, siteTitle]);
  if (!ready) return <PageLoading tip="正在加载系统资源，请耐心等待" />;
  return (
    <>
      <PasswordGuard />
      <StatisticsPage pageKey={pageKey} />
    </>
  );
}
