/** Every route string of the client (spec 02 §2). Only the shell turns these into wouter routes. */
export const paths = {
  root: '/',
  index: '/index',
  login: '/login',
  supplierLogin: '/supplier/login',
  encryptedLogin: '/encrypted/login',
  /** An anonymous form's public link (issue 32 item 5): `?tenantCode=`. */
  anonymousForm: (enName: string) => `/portal/form/${enName}`,
  register: '/register',
  /** Messaging-app sign-in (issue 32 item 4): start, and (`/auth-redirect` too) the provider's return with `?code&state`. */
  wxAppAuth: '/wxapp-auth',
  authRedirect: '/auth-redirect',
  /** Binding an authorised WeChat to an account. */
  bind: '/bind',
  notFound: '/404',
  unauthorized: '/401',
  redirect: '/redirect',
  profile: '/user/profile',
  /** A record's mobile page (spec 01 §2.1): `?formName&formId&tenant`. */
  mobile: '/mmh5',
  /** The print view (src/client/print). */
  viewReport: '/view-report',
  /** 打印模版 of a form (表单配置). */
  printTemplates: (enName: string) => `/system/form/print/${enName}`,
  autoList: (enName: string) => `/auto/${enName}`,
  /** The form designer (spec 02 §2.3), no chrome; `?id=` edits a saved form. */
  designer: '/tool/build/index',
  dictData: (dictId: string | number) => `/dict/type/data/${dictId}`,
  /** A published policy as its recipients read it (`?id=`; 消息中心 links here). */
  policyView: '/policy/view',
  /** The management cockpit 管理驾驶舱 (spec 02 §2.2; a shipped dashboard, hidden from the menu). */
  cockpit: '/guanlijiashicang',
  /** 能耗监测 (spec 02 §2.3, issue 33 item 3; also a menu entry of 系统管理). */
  energy: '/energy-consumption',
  /** A dashboard by id, and 仪表盘管理 (the builder). */
  dashboard: (id: number) => `/dashboard/${id}`,
  dashboards: '/system/dashboard',
  /** 项目进度看板 of one project (工程分解结构 record id). */
  projectBoard: (id: number | string) => `/xmjdkb/${id}`,
  /** A dashboard as a report without chrome (`?key=` or `?id=`; the report drawer frames it). */
  viewAppReport: '/view-app-report',
};

/**
 * The named statistics pages (spec 02 §2.2–2.3): path → the page key of the dashboard shipped at it
 * (src/server/dashboards/namedDashboards.ts) and its tab title. All are outside the menu.
 */
export const DASHBOARD_PAGES: Record<string, { key: string; title: string }> = {
  '/guanlijiashicang': { key: 'guanlijiashicang', title: '管理驾驶舱' },
  '/investment-statistics': { key: 'investment-statistics', title: '投资统计' },
  '/report-statistics': { key: 'report-statistics', title: '报表统计' },
  '/payment-statistics': { key: 'payment-statistics', title: '付款统计' },
  '/company-overview': { key: 'company-overview', title: '公司概况' },
  '/company-overview-temporary': { key: 'company-overview-temporary', title: '公司概况（临时）' },
  '/company-overview-temporaryEcharts': { key: 'company-overview-temporaryecharts', title: '公司概况（图表）' },
  '/jiaojian': { key: 'jiaojian', title: '交建驾驶舱' },
  '/jiaojian-bi': { key: 'jiaojian-bi', title: '交建BI分析' },
  '/jiaojian-dept': { key: 'jiaojian-dept', title: '交建部门统计' },
  '/jiaojian-scgl': { key: 'jiaojian-scgl', title: '交建生产管理' },
  '/xmjdkb': { key: 'xmjdkb', title: '项目进度看板' },
};

/** The tab title of a named statistics page (one project's board included), or undefined. */
export function dashboardPageTitle(path: string): string | undefined {
  if (/^\/xmjdkb\/[^/]+$/.test(path)) return '项目看板';
  return DASHBOARD_PAGES[path]?.title;
}

/**
 * The statistics pages spec 02 §2.2 lists as public: signed out they show the tenant's dashboard
 * at that page key when an administrator marked it 公开访问 (ADR 1056).
 */
export const PUBLIC_DASHBOARD_PATHS = ['/guanlijiashicang', '/investment-statistics', '/report-statistics', '/payment-statistics', '/company-overview'] as const;

/** The page key of a public statistics page, or undefined. */
export function publicDashboardKey(path: string): string | undefined {
  return (PUBLIC_DASHBOARD_PATHS as readonly string[]).includes(path) ? DASHBOARD_PAGES[path]?.key : undefined;
}

/** Paths anyone may open without signing in (spec 02 §2.2). */
export const PUBLIC_PATHS: (string | RegExp)[] = [
  '/login',
  '/supplier/login',
  '/encrypted/login',
  '/auth-redirect',
  '/bind',
  '/register',
  '/view-app-report',
  /^\/wxapp-auth(\/\d+)?$/,
  '/flow-pic',
  '/guanlijiashicang',
  '/investment-statistics',
  '/report-statistics',
  '/payment-statistics',
  '/company-overview',
  /^\/portal(\/.*)?$/,
];

/** Whether `path` is public (no sign-in needed). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((p) => (typeof p === 'string' ? p === path : p.test(path)));
}
