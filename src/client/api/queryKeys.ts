/**
 * Every TanStack Query key of the client, nested by resource so one prefix invalidates a
 * resource's queries (e.g. `queryKeys.users.all` after a user is saved).
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    info: () => ['session', 'info'] as const,
    routers: () => ['session', 'routers'] as const,
    pageAccess: (path: string) => ['session', 'pageAccess', path] as const,
    userConfig: () => ['session', 'userConfig'] as const,
  },
  publicConfig: (tenantCode: string, keys: readonly string[]) => ['publicConfig', tenantCode, ...keys] as const,
  /** What the server does with office files (converter, online editing); fixed per server process. */
  officeStatus: () => ['office', 'status'] as const,
  tenants: () => ['tenants'] as const,
  captcha: (tenantCode: string) => ['captcha', tenantCode] as const,
  users: {
    all: ['users'] as const,
    list: (query: Record<string, unknown>) => ['users', 'list', query] as const,
    one: (id: number) => ['users', 'one', id] as const,
    profile: () => ['users', 'profile'] as const,
    accounts: (keyword: string) => ['users', 'accounts', keyword] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: (query: Record<string, unknown>) => ['roles', 'list', query] as const,
    one: (id: number) => ['roles', 'one', id] as const,
    options: () => ['roles', 'options'] as const,
  },
  depts: {
    all: ['depts'] as const,
    list: (query: Record<string, unknown>) => ['depts', 'list', query] as const,
    tree: () => ['depts', 'tree'] as const,
  },
  dicts: {
    all: ['dicts'] as const,
    list: (query: Record<string, unknown>) => ['dicts', 'list', query] as const,
  },
  menus: {
    all: ['menus'] as const,
    list: (query: Record<string, unknown>) => ['menus', 'list', query] as const,
    forms: () => ['menus', 'forms'] as const,
  },
  configs: {
    all: ['configs'] as const,
    list: (query: Record<string, unknown>) => ['configs', 'list', query] as const,
  },
  constants: {
    all: ['constants'] as const,
    roots: () => ['constants', 'roots'] as const,
    children: (parentId: number) => ['constants', 'children', parentId] as const,
  },
  workCalendar: {
    all: ['workCalendar'] as const,
  },
  policies: {
    all: ['policies'] as const,
    list: (query: Record<string, unknown>) => ['policies', 'list', query] as const,
    one: (id: number) => ['policies', 'one', id] as const,
    settings: () => ['policies', 'settings'] as const,
  },
  operlog: {
    all: ['operlog'] as const,
    list: (query: Record<string, unknown>) => ['operlog', 'list', query] as const,
  },
  outApiLog: {
    all: ['outApiLog'] as const,
    list: (query: Record<string, unknown>) => ['outApiLog', 'list', query] as const,
    one: (id: number) => ['outApiLog', 'one', id] as const,
  },
  messages: {
    all: ['messages'] as const,
    unread: () => ['messages', 'unread'] as const,
    list: (query: Record<string, unknown>) => ['messages', 'list', query] as const,
  },
  flows: {
    all: ['flows'] as const,
    list: (kind: string, query: Record<string, unknown>) => ['flows', 'list', kind, query] as const,
    todoCount: () => ['flows', 'todoCount'] as const,
    task: (id: number) => ['flows', 'task', id] as const,
    instance: (id: number) => ['flows', 'instance', id] as const,
    ofRecord: (formName: string, recordId: number) => ['flows', 'ofRecord', formName, recordId] as const,
    diagram: (id: number) => ['flows', 'diagram', id] as const,
  },
  home: {
    all: ['home'] as const,
    myModules: () => ['home', 'myModules'] as const,
    defaultModules: () => ['home', 'defaultModules'] as const,
    calendarAll: ['home', 'calendar'] as const,
    calendar: (start: string, end: string) => ['home', 'calendar', start, end] as const,
    announcements: () => ['home', 'announcements'] as const,
    announcementAdmin: (pageNum: number, pageSize: number) => ['home', 'announcementAdmin', pageNum, pageSize] as const,
    /** The user's most visited menus (the shell invalidates it after a visit). */
    commonMenus: () => ['home', 'commonMenus'] as const,
  },
  records: {
    all: ['records'] as const,
    form: (enName: string) => ['records', enName] as const,
    list: (enName: string, query: Record<string, unknown>) => ['records', enName, 'list', query] as const,
    totals: (enName: string, query: Record<string, unknown>) => ['records', enName, 'totals', query] as const,
    haveSub: (enName: string, ids: readonly (number | string)[]) => ['records', enName, 'haveSub', ids] as const,
    /** A tree row's children in one row shape (the list page's compact rows are not a picker's full ones). */
    children: (enName: string, pid: number | string, shape: string = 'full') => ['records', enName, 'children', pid, shape] as const,
    tableSettings: (enName: string) => ['records', enName, 'tableSettings'] as const,
    savedFilters: (enName: string, userId: number | string) => ['records', enName, 'savedFilters', userId] as const,
  },
  listSettings: (keys: readonly string[]) => ['listSettings', ...keys] as const,
  forms: {
    all: ['forms'] as const,
    byEnName: (enName: string) => ['forms', 'en', enName] as const,
    list: () => ['forms', 'list'] as const,
  },
  recordForm: {
    all: ['recordForm'] as const,
    form: (form: string) => ['recordForm', form] as const,
    record: (form: string, id: string | number) => ['recordForm', form, 'record', String(id)] as const,
    copy: (form: string, id: string | number) => ['recordForm', form, 'copy', String(id)] as const,
    related: (form: string, query: Record<string, unknown>) => ['recordForm', form, 'related', query] as const,
    relatedByIds: (form: string, ids: readonly (string | number)[]) => ['recordForm', form, 'relatedIds', ...ids] as const,
  },
  pickers: {
    all: ['pickers'] as const,
    constants: (parentId: string | number) => ['pickers', 'constants', String(parentId)] as const,
    address: (id: number) => ['pickers', 'address', id] as const,
    deptTree: () => ['pickers', 'deptTree'] as const,
    deptUsers: (deptId: number, showFrozen: boolean) => ['pickers', 'deptUsers', deptId, showFrozen] as const,
    userSearch: (keyword: string, showFrozen: boolean) => ['pickers', 'userSearch', keyword, showFrozen] as const,
    usersByIds: (ids: readonly number[]) => ['pickers', 'usersByIds', ...ids] as const,
    deptsByIds: (ids: readonly number[]) => ['pickers', 'deptsByIds', ...ids] as const,
  },
  files: {
    recognition: () => ['files', 'recognition'] as const,
    blob: (fileName: string) => ['files', 'blob', fileName] as const,
  },
  jobs: {
    one: (jobId: string) => ['jobs', jobId] as const,
  },
  resources: {
    all: ['resources'] as const,
    directory: () => ['resources', 'directory'] as const,
    list: (query: Record<string, unknown>) => ['resources', 'list', query] as const,
    ancestors: (id: number) => ['resources', 'ancestors', id] as const,
    permissions: (id: number) => ['resources', 'permissions', id] as const,
    versions: (id: number) => ['resources', 'versions', id] as const,
  },
  dashboards: {
    all: ['dashboards'] as const,
    list: () => ['dashboards', 'list'] as const,
    one: (id: number) => ['dashboards', 'one', id] as const,
    byKey: (key: string) => ['dashboards', 'key', key] as const,
    data: (id: number, version: number) => ['dashboards', 'data', id, version] as const,
    preview: (panel: unknown) => ['dashboards', 'preview', panel] as const,
  },
  energy: {
    overview: () => ['energy', 'overview'] as const,
    stats: (start: string, end: string) => ['energy', 'stats', start, end] as const,
    peakValley: (start: string, end: string) => ['energy', 'peakValley', start, end] as const,
    meters: () => ['energy', 'meters'] as const,
  },
  print: {
    all: ['print'] as const,
    templates: (formName: string) => ['print', 'templates', formName] as const,
    formTemplates: (formName: string) => ['print', 'formTemplates', formName] as const,
    render: (formName: string, ref: unknown, ids: readonly number[]) => ['print', 'render', formName, ref, ids] as const,
    history: (formName: string, id: number) => ['print', 'history', formName, id] as const,
  },
};
