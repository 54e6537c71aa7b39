/**
 * The public statistics pages outside the admin layout (ADR 1067): signed in, the login gate
 * loads the session and the cockpit shows with the user's buttons and no layout around it;
 * signed out, the public page (here: not made public, so its notice and 登录).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { freshRoot, renderInApp, testQueryClient } from '../testing/renderInApp';
import { until } from '../testing/until';
import { removeToken, setToken } from '../session/cookies';
import { sessionStore } from '../session/sessionStore';
import { StatisticsRoute } from './StatisticsRoute';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ok = (body: Record<string, unknown>) => HttpResponse.json({ code: 200, msg: '操作成功', ...body });
const DASHBOARD = {
  id: 7, name: '管理驾驶舱', routeKey: 'guanlijiashicang', refreshSeconds: 60, version: 1, createBy: 'admin', createTime: '2026-11-28T00:00:00.000Z', updateBy: 'admin', updateTime: '2026-11-28T00:00:00.000Z',
  panels: [{ id: 'count', title: '合同总数', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' } }],
};
const server = setupServer(
  http.get('/api/getInfo', () => ok({ user: { userId: 1, userName: 'admin', nickName: '管理员' }, roles: ['admin'], permissions: ['*:*:*'] })),
  http.get('/api/getRouters', () => ok({ data: [] })),
  http.post('/api/system/config/configKeys', () => ok({ data: { 'sys.head.title': '业务平台' } })),
  http.get('/api/user/config/get', () => ok({ data: {} })),
  http.get('/api/dashboard/key/guanlijiashicang', () => ok({ data: DASHBOARD })),
  http.get('/api/dashboard/7/data', () => ok({ data: { version: 1, panels: [{ id: 'count', form: 'contract_ledger', status: 200, measureLabel: '数量', value: 321 }] } })),
  http.get('/api/public/dashboard/guanlijiashicang', () => HttpResponse.json({ code: 404, msg: '仪表盘不存在或未公开' })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
beforeEach(() => {
  root = freshRoot();
  sessionStore.set({ ready: false, user: null, roles: [], permissions: [], menus: [], config: {} });
  window.history.replaceState(null, '', '/guanlijiashicang');
});

describe('StatisticsRoute', () => {
  it('signed in: the cockpit after the session loads, with 导出数据 and 编辑, without sidebar or tabs', async () => {
    setToken('t-1');
    await renderInApp(root, <Router><StatisticsRoute path="/guanlijiashicang" /></Router>, { queryClient: testQueryClient() });
    await until(() => document.body.textContent?.includes('321'));
    expect(document.querySelector('h2')?.textContent).toBe('管理驾驶舱');
    const buttons = [...document.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(expect.arrayContaining(['导出数据', '报表视图', '编辑']));
    expect(document.querySelector('.ant-layout-sider, .ant-menu')).toBeNull();
    await until(() => document.title === '管理驾驶舱 - 业务平台');
    act(() => root.unmount());
    removeToken();
  });

  it('signed out: the public page, which says the dashboard is not public', async () => {
    removeToken();
    await renderInApp(root, <Router><StatisticsRoute path="/guanlijiashicang" /></Router>, { queryClient: testQueryClient() });
    await until(() => document.body.textContent?.includes('仪表盘不存在或未公开'));
    expect(document.body.textContent).toContain('登录后可查看全部统计');
    act(() => root.unmount());
  });
});
