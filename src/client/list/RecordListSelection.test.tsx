/**
 * Ticks that do not surprise (issue 27 item 3): a reload starts with nothing ticked (ticks are not
 * kept in sessionStorage), the delete confirmation names the ticked records by serial number or
 * title, and the ticks clear once the rows changed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters';
import { sessionStore } from '../session/sessionStore';
import { RecordList } from './RecordList';
import { TestFeedbackHost } from '../feedback/testFeedback';
import { until } from '../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = {
  enName: 'ticks',
  cnName: '合同',
  fields: [
    { enName: 'code', label: '合同编号', funcType: 'serialNumber' },
    { enName: 'title', label: '合同名称', funcType: 'input' },
  ],
};
let rows = [
  { id: 1, sys_status: -1, code: 'HT-001', title: '地铁站房' },
  { id: 2, sys_status: -1, code: 'HT-002', title: '管廊' },
  { id: 3, sys_status: -1, code: '', title: '桥梁' },
];
const deleted: unknown[] = [];
const server = setupServer(
  http.get('/api/queries/1/ticks', () => HttpResponse.json({ code: 200, msg: '操作成功', data: [] })),
  http.post('/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '操作成功', data: {} })),
  http.get('/api/system/config/userColumns/ticks', () => HttpResponse.json({ code: 200, msg: '操作成功', data: null })),
  http.post('/api/auto/ticks/list', () => HttpResponse.json({ code: 200, msg: '查询成功', rows, total: rows.length, totalExact: true })),
  http.post('/api/auto/ticks/check/delete', () => HttpResponse.json({ code: 200, msg: '操作成功', data: { success: true } })),
  http.post('/api/auto/ticks/delete', async ({ request }) => {
    const ids = (await request.json()) as number[];
    deleted.push(ids);
    rows = rows.filter((r) => !ids.includes(r.id));
    return HttpResponse.json({ code: 200, msg: '操作成功' });
  }),
);

let root: Root;
let host: HTMLElement;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => server.close());

let route = '';
async function mount(): Promise<void> {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          <RecordList def={def} routeKey={route} height={500} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
}
beforeEach(() => {
  // A route of its own per test: the in-memory cache is the page load's, shared by the tests.
  route = `/auto/ticks?t=${Math.random()}`;
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: ['管理员'] } as never });
  document.body.innerHTML = '';
});
afterEach(async () => {
  await act(async () => root.unmount());
});

const tick = (id: number) => document.querySelector<HTMLInputElement>(`[data-row-key="${id}"] [aria-label="选择"]`)!;
const ticked = () => [...document.querySelectorAll<HTMLInputElement>('[data-row-key] [aria-label="选择"]')].filter((b) => b.checked).length;
const button = (name: RegExp) => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="list-toolbar"] button')].find((b) => name.test(b.textContent ?? ''))!;

describe('list ticks (issue 27 item 3)', () => {
  it('are not kept in sessionStorage: a reload starts with nothing ticked', async () => {
    // What an older build stored for this route: a reload must not bring it back.
    sessionStorage.setItem(`fw.list.selection.${route}`, JSON.stringify([rows[0]]));
    await mount();
    await until(() => document.querySelectorAll('[data-row-key]').length === 3);
    expect(ticked()).toBe(0);
    await act(async () => tick(2).click());
    await until(() => tick(2).checked);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('fw.list.selection.'))).toEqual([]);
  });

  it('the delete confirmation names the ticked records; the ticks clear after the delete', async () => {
    await mount();
    await until(() => document.querySelectorAll('[data-row-key]').length === 3);
    await act(async () => tick(1).click());
    await act(async () => tick(3).click());
    await until(() => ticked() === 2);
    await act(async () => button(/删\s*除/).click());
    const confirm = await until(() => document.querySelector('.ant-modal-confirm'));
    expect(confirm.textContent).toContain('是否确认删除该数据项?');
    // The serial number when there is one, else the title.
    expect(confirm.textContent).toContain('HT-001、桥梁');
    await act(async () => [...confirm.querySelectorAll('button')].find((b) => /确\s*定/.test(b.textContent ?? ''))!.click());
    await until(() => deleted.length === 1 && document.querySelectorAll('[data-row-key]').length === 1);
    expect(deleted[0]).toEqual([1, 3]);
    expect(ticked()).toBe(0);
    expect(button(/删\s*除/).disabled).toBe(true);
  });
});
