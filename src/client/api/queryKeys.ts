/**
 * Every TanStack Query key of the client, nested by resource so one prefix invalidates a
 * resource's queries (e.g. `queryKeys.users.all` after a user is saved).
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    info: () => ['session', 'info'] as const,
    routers: () => ['session', 'routers'] as const,
    userConfig: () => ['session', 'userConfig'] as const,
  },
  publicConfig: (tenantCode: string, keys: readonly string[]) => ['publicConfig', tenantCode, ...keys] as const,
  tenants: () => ['tenants'] as const,
  captcha: (tenantCode: string) => ['captcha', tenantCode] as const,
  users: {
    all: ['users'] as const,
    list: (query: Record<string, unknown>) => ['users', 'list', query] as const,
    one: (id: number) => ['users', 'one', id] as const,
    profile: () => ['users', 'profile'] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: (query: Record<string, unknown>) => ['roles', 'list', query] as const,
    one: (id: number) => ['roles', 'one', id] as const,
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
  configs: {
    all: ['configs'] as const,
    list: (query: Record<string, unknown>) => ['configs', 'list', query] as const,
  },
  constants: {
    all: ['constants'] as const,
    roots: () => ['constants', 'roots'] as const,
    children: (parentId: number) => ['constants', 'children', parentId] as const,
  },
  messages: {
    unread: () => ['messages', 'unread'] as const,
  },
  records: {
    all: ['records'] as const,
    form: (enName: string) => ['records', enName] as const,
    list: (enName: string, query: Record<string, unknown>) => ['records', enName, 'list', query] as const,
    totals: (enName: string, query: Record<string, unknown>) => ['records', enName, 'totals', query] as const,
    haveSub: (enName: string, ids: readonly (number | string)[]) => ['records', enName, 'haveSub', ids] as const,
    children: (enName: string, pid: number | string) => ['records', enName, 'children', pid] as const,
    savedFilters: (enName: string, userId: number | string) => ['records', enName, 'savedFilters', userId] as const,
  },
  listSettings: (keys: readonly string[]) => ['listSettings', ...keys] as const,
  forms: {
    all: ['forms'] as const,
    byEnName: (enName: string) => ['forms', 'en', enName] as const,
  },
};
