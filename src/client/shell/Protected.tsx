/** The guard and login gate around the signed-in part of the app (spec 02 §2.1). */
import { lazy, Suspense } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSessionGate } from './useSessionGate';
import '../session/dayjsLocale';
import { getToken } from '../session/cookies';
import { isPublicPath, paths } from '../paths';
import { MainLayout } from './layout/MainLayout';
import { PageLoading } from '../routing/PageLoading';
import { useHasPermission } from '../routing/Authorized';
import { ForbiddenPage } from './UnknownPage';

/** Sends unauthenticated visitors to sign-in, loads the session, then renders the layout. */
export function Protected() {
  const [location] = useLocation();
  const search = useSearch();
  // Public pages this client has no screen for yet (reports, messaging-app sign-in…); the portal has its own route in ShellRoutes.
  if (!getToken() && isPublicPath(location)) return <Redirect to="/404" replace />;
  if (!getToken()) {
    const code = new URLSearchParams(search).get('code');
    // The provider's return landed on another page: the state travels along, or the exchange refuses.
    const state = new URLSearchParams(search).get('state');
    if (code) return <Redirect to={`/wxapp-auth?code=${encodeURIComponent(code)}${state ? `&state=${encodeURIComponent(state)}` : ''}`} replace />;
    const full = search ? `${location}?${search}` : location;
    return <Redirect to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
  }
  return <Gate />;
}

// The form designer has no header or sidebar (spec 02 §2.3) but needs the signed-in session.
const DesignerPage = lazy(() => import('../pages/designer/DesignerPage'));

function Gate() {
  const [location] = useLocation();
  const ready = useSessionGate();
  // The designer saves through the 表单配置 add / edit permissions: without them, 无权限.
  const mayDesign = useHasPermission('flowable:form:add', 'flowable:form:edit');
  if (!ready) return <PageLoading tip="正在加载系统资源，请耐心等待" />;
  if (location === paths.designer) return <Suspense fallback={<PageLoading />}>{mayDesign ? <DesignerPage /> : <ForbiddenPage />}</Suspense>;
  return <MainLayout />;
}
