/**
 * The dashboard page against the API (msw): its panels laid out, KPI numbers and tables shown,
 * a panel of a form the user may not list showing 无权限 while the others show, and a table row
 * opening the form's list filtered to its group; 导出数据 saving every panel's data as a workbook.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { until } from '../../testing/until';
import DashboardView from './DashboardView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ok = (body: Record<string, unknown>) => HttpResponse.json({ code: 200, msg: '操作成功', ...body });
const DASHBOARD = {
  id: 7, name: '管理驾驶舱', routeKey: 'guanlijiashicang', refreshSeconds: 60, version: 3, createBy: 'admin', createTime: '2026-11-28T00:00:00.000Z', updateBy: 'admin', updateTime: '2026-11-28T00:00:00.000Z',
  panels: [
    { id: 'count', title: '合同总数', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' } },
    { id: 'secret', title: '薪资合计', kind: 'kpi', form: 'salary', measure: { op: 'sum', field: 'pay' } },
    { id: 'states', title: '节点状态', kind: 'table', form: 'project_wbs', groupBy: { field: 'state' }, measure: { op: 'count' }, span: 24 },
  ],
};
let dataCalls = 0;
const server = setupServer(
  http.get('/api/dashboard/key/guanlijiashicang', () => ok({ data: DASHBOARD })),
  // The report drawer's frame loads the report page.
  http.get('/view-app-report', () => new HttpResponse('<!doctype html><title>报表</title>', { headers: { 'content-type': 'text/html' } })),
  http.get('/api/dashboard/7/data', () => {
    dataCalls++;
    return ok({ data: { version: 3, panels: [
      { id: 'count', form: 'contract_ledger', status: 200, measureLabel: '数量', value: 1234 },
      { id: 'secret', form: 'salary', status: 403, msg: '当前操作没有权限' },
      { id: 'states', form: 'project_wbs', status: 200, groupLabel: '节点状态', measureLabel: '数量', points: [
        { key: 'building', label: '在建', value: 4, listFilter: { state: 'building' } },
        { key: null, label: '（空）', value: 1, listFilter: null },
      ] },
    ] } });
  }),
);
const BOARD = {
  ...DASHBOARD, id: 9, name: '项目进度看板', routeKey: 'xmjdkb',
  panels: [
    { id: 'projects', title: '项目进度', kind: 'progress', form: 'project_wbs', measure: { op: 'count' }, progress: { label: 'node_name', percent: 'progress', period: 'plan_period', group: 'node_type' }, link: '/xmjdkb/{id}', span: 24 },
    { id: 'nodes', title: '节点', kind: 'progress', form: 'project_wbs', measure: { op: 'count' }, progress: { label: 'node_name', percent: 'progress' }, span: 24 },
  ],
};
let boardParam: string | null = null;
server.use(
  http.get('/api/dashboard/key/xmjdkb-detail', () => ok({ data: BOARD })),
  http.get('/api/dashboard/9/data', ({ request }) => {
    boardParam = new URL(request.url).searchParams.get('param');
    return ok({ data: { version: 3, panels: [
      { id: 'projects', form: 'project_wbs', status: 200, groupLabel: '节点类型', items: [
        { id: 11, label: '城北综合管廊项目', group: '建设项目', percent: 20, timePercent: 60, start: '2025-01-01', end: '2027-01-01' },
        { id: 12, label: '滨江大道改造项目', group: '建设项目', percent: 100, timePercent: 100, start: '2024-01-01', end: '2025-01-01' },
        { id: 13, label: '1#楼', group: null, percent: null, timePercent: null, start: null, end: null },
      ] },
      { id: 'nodes', form: 'project_wbs', status: 200, items: [{ id: 21, label: '钢筋工程', group: null, percent: 35.5, timePercent: null, start: null, end: null }] },
    ] } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  window.history.replaceState(null, '', '/guanlijiashicang');
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('DashboardView', () => {
  it('shows numbers, a refusal for the one forbidden panel, a table, and opens a group’s list', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(<QueryClientProvider client={client}><DashboardView dashboard={{ key: 'guanlijiashicang' }} /></QueryClientProvider>));
    await until(() => host.querySelector('[data-panel="count"]')?.textContent?.includes('1,234'));
    expect(host.querySelector('h2')?.textContent).toBe('管理驾驶舱');
    expect(host.querySelector('[data-panel="secret"]')?.textContent).toContain('无权限查看该表单的数据');
    const table = host.querySelector('[data-panel="states"] table')!;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['节点状态', '数量']);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['在建4', '（空）1']);
    // The empty group is plain text; a group with a filter is a link to the list.
    expect(table.querySelectorAll('tbody a')).toHaveLength(1);
    expect(dataCalls).toBe(1);
    await act(async () => (table.querySelector('tbody a') as HTMLElement).click());
    expect(window.location.pathname).toBe('/auto/project_wbs');
    expect(JSON.parse(new URLSearchParams(window.location.search).get('initFilter')!)).toEqual({ state: 'building' });
  });

  it('exports every panel’s data as an .xlsx workbook, one sheet per panel', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(<QueryClientProvider client={client}><DashboardView dashboard={{ key: 'guanlijiashicang' }} /></QueryClientProvider>));
    await until(() => host.querySelector('[data-panel="count"]')?.textContent?.includes('1,234'));
    // The browser's save: the file handed to a download link (the link itself goes nowhere here).
    const saved: { blob?: Blob; name?: string } = {};
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => { saved.blob = b as Blob; return 'blob:dashboard'; });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.name = this.download; });
    try {
      const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '导出数据')!;
      await act(async () => button.click());
      await until(() => saved.name);
      expect(saved.name).toMatch(/^管理驾驶舱_\d{8}\.xlsx$/);
      const book = XLSX.read(new Uint8Array(await saved.blob!.arrayBuffer()), { type: 'array' });
      expect(book.SheetNames).toEqual(['合同总数', '薪资合计', '节点状态']);
      const rows = (name: string) => XLSX.utils.sheet_to_json(book.Sheets[name], { header: 1 });
      expect(rows('合同总数')).toEqual([['数量'], [1234]]);
      expect(rows('薪资合计')).toEqual([['无权限查看该表单的数据']]);
      expect(rows('节点状态')).toEqual([['节点状态', '数量'], ['在建', 4], ['（空）', 1]]);
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  });

  it('报表视图 opens the dashboard as a report in a drawer (its module loaded on that first click)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(<QueryClientProvider client={client}><DashboardView dashboard={{ key: 'guanlijiashicang' }} /></QueryClientProvider>));
    await until(() => host.querySelector('[data-panel="count"]')?.textContent?.includes('1,234'));
    expect(document.querySelector('iframe')).toBeNull();
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '报表视图')!;
    await act(async () => button.click());
    const frame = await until(() => document.querySelector<HTMLIFrameElement>('iframe[title="管理驾驶舱报表"]'));
    expect(frame.getAttribute('src')).toBe('/view-app-report?key=guanlijiashicang');
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('管理驾驶舱报表');
  });

  it('draws progress boards by group, marks a project behind its time, passes the page parameter and opens a bar’s page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(<QueryClientProvider client={client}><DashboardView dashboard={{ key: 'xmjdkb-detail' }} param="11" /></QueryClientProvider>));
    await until(() => host.querySelector('[data-panel="projects"] [data-item="11"]'));
    expect(boardParam).toBe('11');
    const board = host.querySelector('[data-panel="projects"]')!;
    expect([...board.querySelectorAll('[data-item]')].map((r) => r.getAttribute('data-item'))).toEqual(['11', '12', '13']);
    expect(board.textContent).toContain('建设项目');
    expect(board.textContent).toContain('（空）');
    const late = board.querySelector('[data-item="11"]')!;
    expect(late.textContent).toContain('20%');
    expect(late.textContent).toContain('时间进度 60%，滞后');
    expect(late.querySelector('.ant-progress-status-exception')).not.toBeNull();
    expect(board.querySelector('[data-item="12"] .ant-progress-status-success')).not.toBeNull();
    expect(board.querySelector('[data-item="13"]')!.textContent).toContain('—');
    // A board without groups shows no headings.
    expect(host.querySelector('[data-panel="nodes"]')!.textContent).not.toContain('（空）');
    await act(async () => (late.querySelector('a') as HTMLElement).click());
    expect(window.location.pathname).toBe('/xmjdkb/11');
    await act(async () => (host.querySelector('[data-panel="nodes"] a') as HTMLElement).click());
    expect(window.location.pathname).toBe('/auto/project_wbs/detail21');
  });
});
