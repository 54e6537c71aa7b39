/** Top-level routes: public sign-in and error pages, everything else behind the guard. */
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { lazy, Suspense, type ComponentType } from 'react';
import { getToken } from '../session/cookies';
import { paths, PUBLIC_DASHBOARD_PATHS } from '../paths';
import { PageLoading } from '../routing/PageLoading';
import { RouteEffects } from './RouteEffects';
import { redirectOfSearch } from '../routing/safeRedirect';

/**
 * A lazy page inside `AppFrame` (antd's base text style, TanStack Query), loaded with it: the
 * sign-in pages render without the frame (issue 15, ADR 0403). antd's feedback loads on its first
 * use (ADR 0410).
 */
function framed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AppFrame }, Page] = await Promise.all([import('./AppFrame'), load()]);
    return {
      default: (props: P) => (
        <AppFrame>
          <Page {...props} />
        </AppFrame>
      ),
    };
  });
}

const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const OnlinePreviewPage = framed(() => import('../fields/upload/OnlinePreviewPage').then((m) => m.default));
const MobileRecordPage = framed(() => import('../pages/mobile/MobileRecordPage').then((m) => m.default));
const ViewReportPage = framed(() => import('../print/ViewReportPage').then((m) => m.default));
const AnonymousFormPage = framed(() => import('../pages/public/AnonymousFormPage').then((m) => m.default));
const ViewAppReportPage = framed(() => import('../pages/dashboards/ViewAppReportPage').then((m) => m.default));
// The portal (issue 32 item 1): its own chunk, out of the sign-in page's and the signed-in shell's loads.
const PortalPage = framed(() => import('../pages/portal/PortalPage').then((m) => m.default));
// Messaging-app sign-in (issue 32 item 4): no chrome, public.
const WxAppAuthPage = framed(() => import('../pages/wxapp/WxAppAuthPage').then((m) => m.default));
const BindPage = framed(() => import('../pages/wxapp/BindPage').then((m) => m.default));
const FlowPicPage = framed(() => import('../pages/flow/FlowPicPage').then((m) => m.default));
// The signed-in shell (layout, menus, tabs and what they import) stays out of the sign-in page's
// first load (issue 15: login ≤ 180 KB gzip of JavaScript; measured by the bench suite firstLoad).
const Protected = framed(() => import('./Protected').then((m) => m.Protected));
// The public statistics pages (the cockpit …), signed in or not: full screen, without the layout
// and what it imports (issue 33: the cockpit's first load ≤ 350 KB gzip; ADR 1067).
const StatisticsRoute = framed(() => import('./StatisticsRoute').then((m) => m.StatisticsRoute));
// antd's Result carries its illustrations: only the error pages load it.
const ErrorPage = framed(() => import('../pages/errors/ErrorPage').then((m) => m.ErrorPage));

/**
 * Signed-in users visiting a sign-in page go to `/` (spec 02 §2.1), or to the page that sent them
 * there (`?redirect=`, query kept): this guard re-renders the moment sign-in stores the token.
 */
function PublicOnly({ children }: { children: React.ReactNode }) {
  const search = useSearch();
  return getToken() ? <Redirect to={redirectOfSearch(search)} replace /> : <>{children}</>;
}

/**
 * A page outside the shell that needs a signed-in user: without a token, sign-in first with this
 * page (query kept) as the redirect. The token is read when the guard itself renders. An element
 * chosen in ShellRoutes' render (`getToken() ? <Page/> : <Redirect/>`) was kept from the last
 * render of ShellRoutes, which need not follow the sign-in: a /mmh5 link then bounced between
 * /login and itself for ever (issue 27 item 6, seen under load).
 */
function SignedInOnly({ children }: { children: React.ReactNode }) {
  if (getToken()) return <>{children}</>;
  const here = `${window.location.pathname}${window.location.search}`;
  return <Redirect to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
}

/** The route switch of the whole app. */
export function ShellRoutes() {
  return (
    <>
      <RouteEffects />
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={paths.login}>
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          </Route>
          <Route path={paths.supplierLogin}>
            <PublicOnly>
              <LoginPage supplier />
            </PublicOnly>
          </Route>
          <Route path={paths.encryptedLogin}>
            <PublicOnly>
              <LoginPage encrypted />
            </PublicOnly>
          </Route>
          <Route path="/portal/form/:enName">
            {/* Issue 32 item 5: anyone, signed in or not, fills an opened form here. */}
            <AnonymousFormPage />
          </Route>
          <Route path="/portal/*?">
            {/* Spec 02 §2.2: the public portal, signed in or not. */}
            <PortalPage />
          </Route>
          <Route path={paths.register}>
            <PublicOnly>
              <RegisterPage />
            </PublicOnly>
          </Route>
          <Route path={paths.wxAppAuth}>
            <WxAppAuthPage />
          </Route>
          <Route path="/wxapp-auth/:timestamp">
            {/* Spec 02 §2.3: the timestamp only defeats the messaging app's page cache. */}
            <WxAppAuthPage />
          </Route>
          <Route path={paths.authRedirect}>
            <WxAppAuthPage />
          </Route>
          <Route path={paths.bind}>
            {/* Signed in or not: signed in, the current account is bound. */}
            <BindPage />
          </Route>
          <Route path="/online-preview">
            {/* Spec 02 §2.3: no chrome, opened in a new tab; the file is fetched with the signed-in token. */}
            <SignedInOnly>
              <OnlinePreviewPage />
            </SignedInOnly>
          </Route>
          <Route path={paths.mobile}>
            {/* Spec 01 §2.1: a record's QR link, phone-sized, no chrome; signed-in users only. */}
            <SignedInOnly>
              <MobileRecordPage />
            </SignedInOnly>
          </Route>
          <Route path={paths.viewReport}>
            {/* The print view: no chrome, opened in a new tab; the records are read with the signed-in token. */}
            <SignedInOnly>
              <ViewReportPage />
            </SignedInOnly>
          </Route>
          <Route path={paths.viewAppReport}>
            {/* Spec 02 §2.3: a dashboard as a report, no chrome (the report drawer frames it); its data is read with the signed-in token. */}
            <SignedInOnly>
              <ViewAppReportPage />
            </SignedInOnly>
          </Route>
          <Route path="/flow-pic">
            {/* Spec 02 §2.1–2.3: no chrome, its own tab, title kept; the diagram is read with the signed-in token. */}
            <SignedInOnly>
              <FlowPicPage />
            </SignedInOnly>
          </Route>
          {PUBLIC_DASHBOARD_PATHS.map((path) => (
            <Route key={path} path={path}>
              {/* Spec 02 §2.2: public, no chrome; signed in, the user's own figures (ADR 1056, 1067). */}
              <StatisticsRoute path={path} />
            </Route>
          ))}
          <Route path={paths.notFound}>
            <ErrorPage status="404" />
          </Route>
          <Route path={paths.unauthorized}>
            <ErrorPage status="401" />
          </Route>
          <Route>
            <Protected />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}
