/** The routes inside the main layout: index, profile, redirect, generated lists and menu views. */
import { Empty } from 'antd';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useRouteTable } from '../controllers/useRouteTable';
import { DASHBOARD_PAGES, PUBLIC_DASHBOARD_PATHS, paths } from '../paths';
import { PageLoading } from '../routing/PageLoading';
import { RedirectPage } from './RedirectPage';
import { menuIdFromSearch } from '../session/menuQuery';
import { useCurrentSearch } from '../routing/navigation';
import { viewFor } from './viewRegistry';
import { ForbiddenPage, UnknownPage } from './UnknownPage';
import { useHasPermission } from '../routing/Authorized';
import { RecordAccess } from './RecordAccess';
import { NamedScreenRoute } from './NamedScreenRoute';
import { useCurrentPath } from '../routing/navigation';

const HomePage = lazy(() => import('../pages/home/HomePage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const RecordRoute = lazy(() => import('../records/RecordRoute'));
const DictDataPage = lazy(() => import('../pages/admin/dicts/DictDataPage'));
const PreviewPage = lazy(() => import('../preview/PreviewPage'));
const PrintTemplatesPage = lazy(() => import('../pages/admin/printTemplates/PrintTemplatesPage'));
const FlowTaskPage = lazy(() => import('../pages/flow/FlowTaskPage'));
const FlowInstancePage = lazy(() => import('../pages/flow/FlowInstancePage'));
const PolicyViewPage = lazy(() => import('../pages/policy/PolicyViewPage'));
const DashboardView = lazy(() => import('../pages/dashboards/DashboardView'));
const DashboardsPage = lazy(() => import('../pages/dashboards/DashboardsPage'));
const EnergyConsumptionPage = lazy(() => import('../pages/energy/EnergyConsumptionPage'));

/** A menu page whose component this client does not provide: say so plainly. */
function MissingView({ title, component }: { title: string; component: string }) {
  return <Empty description={`「${title}」页面（${component || '未配置组件'}）暂未在本系统中提供`} />;
}

/** 打印模版 for holders of the 表单配置 read permissions (as its API checks), 无权限 otherwise. */
function PrintTemplatesRoute({ formName }: { formName: string }) {
  return useHasPermission('flowable:form:list', 'flowable:form:query') ? <PrintTemplatesPage formName={formName} /> : <ForbiddenPage />;
}

/** 仪表盘管理 for holders of its permissions (as its API checks), 无权限 otherwise. */
function DashboardsRoute() {
  return useHasPermission('system:dashboard:list', 'system:dashboard:query') ? <DashboardsPage /> : <ForbiddenPage />;
}

/** 能耗监测 for holders of `energy:data:query` (as its API checks), 无权限 otherwise. */
function EnergyRoute() {
  return useHasPermission('energy:data:query') ? <EnergyConsumptionPage /> : <ForbiddenPage />;
}

/** The routed page area. */
export function ContentRoutes() {
  const { routes, routeAt } = useRouteTable();
  const search = useCurrentSearch();
  const path = useCurrentPath();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={paths.root}>
          <Redirect to={paths.index} replace />
        </Route>
        <Route path={paths.index} component={HomePage} />
        <Route path={paths.profile} component={ProfilePage} />
        <Route path="/preview" component={PreviewPage} />
        <Route path={paths.policyView} component={PolicyViewPage} />
        <Route path="/redirect/*">{(params) => <RedirectPage to={`/${params['*'] ?? ''}`} />}</Route>
        <Route path="/system/form/print/:enName">{(params) => <PrintTemplatesRoute formName={params.enName} />}</Route>
        <Route path="/flow/task/:id">{(params) => <FlowTaskPage key={params.id} taskId={Number(params.id) || 0} />}</Route>
        <Route path="/flow/instance/:id">{(params) => <FlowInstancePage key={params.id} instanceId={Number(params.id) || 0} />}</Route>
        {/* Dashboards (issue 33): the named statistics pages at their spec paths (hidden from the menu), one project's board, any by id, and their administration. The public ones (the cockpit …) are full-screen pages outside the layout (ShellRoutes, ADR 1067). */}
        {Object.entries(DASHBOARD_PAGES).filter(([path]) => !(PUBLIC_DASHBOARD_PATHS as readonly string[]).includes(path)).map(([path, page]) => (
          <Route key={path} path={path}><DashboardView key={page.key} dashboard={{ key: page.key }} /></Route>
        ))}
        <Route path="/xmjdkb/:id">{(params) => <DashboardView key={`xmjdkb-${params.id}`} dashboard={{ key: 'xmjdkb-detail' }} param={params.id} />}</Route>
        <Route path="/dashboard/:id">{(params) => <DashboardView key={params.id} dashboard={{ id: Number(params.id) || 0 }} />}</Route>
        <Route path={paths.dashboards} component={DashboardsRoute} />
        <Route path={paths.energy} component={EnergyRoute} />
        {/* The spec's named screens (issue 34 item 6): demo forms' pages at their spec addresses. */}
        {['/xtgl/apppz/kanban-info', '/allocation', '/order-manage/form/*?', '/work-order/form/*?'].map((p) => (
          <Route key={p} path={p}><NamedScreenRoute path={path} /></Route>
        ))}
        <Route path="/dict/type/data/:dictId">{(params) => <DictDataPage dictType={params.dictId} />}</Route>
        <Route path="/auto/:enName/*?">
          {(params) => {
            // The menu id of the address wins (a reload or a pasted link keeps the menu's context);
            // without one, the form's menu route gives it.
            const route = routeAt(`/auto/${params.enName}`, search);
            const menuId = menuIdFromSearch(search) ?? route?.menuId;
            return (
              <RecordAccess enName={params.enName} subPath={params['*'] ?? ''} menuId={menuId}>
                <RecordRoute enName={params.enName} subPath={params['*'] ?? ''} menuId={menuId} title={route?.title} />
              </RecordAccess>
            );
          }}
        </Route>
        {routes
          .filter((r) => r.kind === 'frame')
          .map((r) => (
            <Route key={r.key} path={r.path}>
              <iframe src={r.target} title={r.title} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />
            </Route>
          ))}
        {routes
          .filter((r) => r.kind === 'view')
          .map((r) => {
            const View = viewFor(r.target);
            return (
              <Route key={r.key} path={r.path}>
                {View ? <View /> : <MissingView title={r.title} component={r.target} />}
              </Route>
            );
          })}
        <Route>
          <UnknownPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
