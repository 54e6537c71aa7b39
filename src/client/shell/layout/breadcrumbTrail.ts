/**
 * The header breadcrumb (spec 02 §2.4): 首页, the menu trail of the page, and for a form page the
 * trail of its form's list plus what the page does (首页 / 业务表单 / 合同台账 / 新增). Pure.
 */
import type { RouteDef } from '../../session/buildRoutes';
import { parseFormRoute } from '../../form/formRoute';
import { dashboardPageTitle, paths } from '../../paths';

/** Pages outside the menu that still name themselves. */
const OWN_TITLES: Record<string, string> = { [paths.profile]: '个人中心', '/preview': '表单预览', [paths.cockpit]: '管理驾驶舱', [paths.dashboards]: '仪表盘管理' };

/**
 * Pages reached from a list that is a menu: the list's menu trail (or its name when the menu is
 * not granted) and the page's own name (issue 27 item 8).
 */
const CHILD_PAGES: { pattern: RegExp; parent: string; parentName: string; name: string }[] = [
  { pattern: /^\/flow\/task\/[^/]+$/, parent: '/flow/todo', parentName: '我的待办', name: '审批' },
  { pattern: /^\/flow\/instance\/[^/]+$/, parent: '/flow/started', parentName: '我发起的', name: '流程详情' },
  { pattern: /^\/system\/form\/print\/[^/]+$/, parent: '/system/form', parentName: '表单配置', name: '打印模版' },
];

/** The verb of a form page, as its tab title has it (spec 02 §2.4): 新增 / 编辑 / 查看 / 审批. */
function formPageVerb(subPath: string, query: URLSearchParams): string | undefined {
  const route = parseFormRoute(subPath, query, undefined);
  if (route.kind === 'list' || route.kind === 'notFound') return undefined;
  if (query.get('taskId')) return '审批';
  if (route.kind === 'detail' || query.get('processInstanceId')) return '查看';
  return route.kind === 'add' ? '新增' : '编辑';
}

/** The crumbs of `path` + `search`; `routeAt` finds the menu route of an address. */
export function breadcrumbTrail(path: string, search: string, routeAt: (path: string, search: string) => RouteDef | undefined): string[] {
  if (path === paths.index || path === paths.root) return ['首页'];
  const route = routeAt(path, search);
  if (route) return ['首页', ...route.breadcrumb];
  if (OWN_TITLES[path]) return ['首页', OWN_TITLES[path]];
  const dashboard = dashboardPageTitle(path);
  if (dashboard) return ['首页', dashboard];
  const child = CHILD_PAGES.find((c) => c.pattern.test(path));
  if (child) return ['首页', ...(routeAt(child.parent, '')?.breadcrumb ?? [child.parentName]), child.name];
  const form = /^\/auto\/([^/]+)\/?(.*)$/.exec(path);
  if (form) {
    const verb = formPageVerb(form[2], new URLSearchParams(search));
    const list = routeAt(paths.autoList(form[1]), search);
    return ['首页', ...(list?.breadcrumb ?? []), ...(verb ? [verb] : [])];
  }
  return ['首页'];
}
