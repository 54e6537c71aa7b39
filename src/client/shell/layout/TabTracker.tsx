/** Opens a tab for each visited page and sets the document title (spec 02 §2.1, §2.4). */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordMenuVisit } from '../../api/home';
import { queryKeys } from '../../api/queryKeys';
import { useCurrentPage, useRouteTable } from '../../controllers/useRouteTable';
import { CONFIG_KEYS } from '../../session/configKeys';
import { isSupplier, sessionStore } from '../../session/sessionStore';
import { specialTabTitle } from '../../session/tabTitle';
import { namedScreenAt } from '../../session/namedScreens';
import { openTab, resetTabs, tabsStore } from '../../session/tabsStore';
import { dashboardPageTitle, paths } from '../../paths';

/** The title of the page at `path` (+ `search`, whose menu id picks the menu), or undefined when the page gets no tab. */
export function usePageTitle(path: string, search = ''): string | undefined {
  const { byPath, routeAt } = useRouteTable();
  if (path === paths.index || path === paths.root) return '首页';
  if (path === paths.profile) return '个人中心';
  // Dashboard pages outside the menu (issue 33).
  const dashboard = dashboardPageTitle(path);
  if (dashboard) return dashboard;
  if (path === paths.dashboards) return '仪表盘管理';
  // The spec's named screens outside the menu (issue 34 item 6).
  const named = namedScreenAt(path);
  if (named) return named.title;
  const route = routeAt(path, search) ?? byPath.get(path.split('/').slice(0, 3).join('/'));
  if (!route) return undefined;
  return specialTabTitle(path, route.title) ?? route.title;
}

/** The menu of the page last on screen (module state: it outlives a re-mount of the layout). */
let menuOnScreen: number | undefined;

/** Renders nothing. */
export function TabTracker() {
  const { path: location, search, key, route } = useCurrentPage();
  const queryClient = useQueryClient();
  const visitedMenuId = route?.menuId;
  const title = usePageTitle(location, search);
  const supplier = sessionStore.use(isSupplier);
  const siteTitle = sessionStore.use((s) => s.config[CONFIG_KEYS.headTitle]) || '业务表单平台';
  const icon = sessionStore.use((s) => s.config[CONFIG_KEYS.headIcon]);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && icon) link.href = icon;
  }, [icon]);

  useEffect(() => {
    // Suppliers get no index tab (spec 02 §2.4).
    if (supplier && tabsStore.get().tabs.some((t) => t.affix)) resetTabs(false);
  }, [supplier]);
  useEffect(() => {
    if (!title || location.startsWith(paths.redirect)) return;
    if (location === paths.root) return;
    const current = tabsStore.get().tabs.find((t) => t.path === key);
    openTab({ path: key, fullPath: search ? `${location}?${search}` : location, title: current?.title ?? title });
  }, [location, search, key, title]);
  useEffect(() => {
    // Each opening of a menu page counts towards the home page's 常用功能 (most visited menus):
    // counted when the menu on screen changes, not when the layout re-mounts or the page's address
    // gains parameters, and not for a refresh through /redirect.
    if (location.startsWith(paths.redirect) || visitedMenuId === menuOnScreen) return;
    menuOnScreen = visitedMenuId;
    if (visitedMenuId === undefined) return;
    void recordMenuVisit(visitedMenuId)
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.home.commonMenus() }))
      .catch(() => undefined);
  }, [visitedMenuId, location, queryClient]);
  useEffect(() => {
    if (location === '/flow-pic') return;
    document.title = title ? `${title} - ${siteTitle}` : siteTitle;
  }, [location, title, siteTitle]);
  return null;
}
