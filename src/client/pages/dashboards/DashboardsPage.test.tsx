/**
 * 仪表盘管理 against the API (msw): `?id=` opens that dashboard, each panel shows its live
 * preview, 添加面板 adds a KPI of the last panel's form, 保存 sends the panels with the version
 * read.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import DashboardsPage from './DashboardsPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ok = (body: Record<string, unknown>) => HttpResponse.json({ code: 200, msg: '操作成功', ...body });
const PANEL = { id: 'p1', title: '合同总数', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' } };
const DASHBOARD = { id: 7, name: '销售看板', routeKey: null, refreshSeconds: 60, version: 4, createBy: 'admin', createTime: '2026-11-28T00:00:00.000Z', updateBy: 'admin', updateTime: '2026-11-28T00:00:00.000Z', panels: [PANEL] };
const saved: unknown[] = [];
const server = setupServer(
  http.get('/api/dashboard/list', () => ok({ rows: [{ id: 7, name: '销售看板', routeKey: null, panelCount: 1, version: 4, updateTime: DASHBOARD.updateTime }], total: 1 })),
  http.get('/api/dashboard/7', () => ok({ data: DASHBOARD })),
  http.get('/api/flowable/form/list', () => ok({ rows: [{ id: 1, enName: 'contract_ledger', cnName: '合同台账', type: null, hasFlow: false }], total: 1 })),
  http.get('/api/flowable/form/en/contract_ledger', () => ok({ data: { enName: 'contract_ledger', cnName: '合同台账', fields: [{ enName: 'amount', label: '合同金额', funcType: 'number' }] } })),
  http.post('/api/dashboard/preview', async ({ request }) => {
    const { panel } = (await request.json()) as { panel: { id: string; form: string } };
    return ok({ data: { id: panel.id, form: panel.form, status: 200, measureLabel: '数量', value: 4321 } });
  }),
  http.post('/api/dashboard/edit', async ({ request }) => {
    saved.push(await request.json());
    return ok({});
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: [] } as never });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  window.history.replaceState(null, '', '/system/dashboard?id=7');
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === name) as HTMLButtonElement;

describe('DashboardsPage', () => {
  it('opens ?id=, previews its panels, adds one and saves with the version read', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(
      <QueryClientProvider client={client}><AntdApp><TestFeedbackHost /><DashboardsPage /></AntdApp></QueryClientProvider>,
    ));
    await until(() => (host.querySelector('input[aria-label="仪表盘名称"]') as HTMLInputElement | null)?.value === '销售看板');
    await until(() => host.querySelector('[data-editor="p1"] [data-panel="p1"]')?.textContent?.includes('4,321'));
    await until(() => button('添加面板') && !button('添加面板').disabled);
    await act(async () => button('添加面板').click());
    await until(() => host.querySelector('[data-editor="p2"] [data-panel]')?.textContent?.includes('4,321'));
    await act(async () => button('保存').click());
    await until(() => saved.length === 1);
    expect(saved[0]).toEqual({
      id: 7, version: 4, name: '销售看板', routeKey: null, refreshSeconds: 60,
      panels: [PANEL, { id: 'p2', title: '面板2', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' } }],
    });
  });
});
