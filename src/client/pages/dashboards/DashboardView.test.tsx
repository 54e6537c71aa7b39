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
});
