/**
 * Delete and void from the list with each pre-check outcome (spec 01 §8, §9), as the server
 * answers them (its side: tests/api/records/records.test.ts): no objection asks 是否确认作废该数据项?
 * and a cancel sends nothing; a warning (approved records) is shown with the records named and a
 * confirm writes; a stop (a referenced record) shows the server's text and writes nothing. The
 * browser test (tests/browser/list.test.ts) keeps one delete and one void against the server.
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
  enName: 'goods',
  cnName: '货品',
  fields: [
    { enName: 'code', label: '货品编码', funcType: 'serialNumber' },
    { enName: 'name', label: '货品名称', funcType: 'input' },
  ],
};
type Row = { id: number; sys_status: number; code: string; name: string };
let rows: Row[] = [];
/** What the pre-check answers for the next call. */
let check: { success: boolean; action: 'stop' | 'warn' | null; errorTips: string } = { success: true, action: null, errorTips: '' };
const writes: string[] = [];
const server = setupServer(
  http.get('/api/queries/1/goods', () => HttpResponse.json({ code: 200, msg: '操作成功', data: [] })),
  http.post('/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '操作成功', data: {} })),
  http.get('/api/system/config/userColumns/goods', () => HttpResponse.json({ code: 200, msg: '操作成功', data: null })),
  http.post('/api/auto/goods/list', () => HttpResponse.json({ code: 200, msg: '查询成功', rows, total: rows.length, totalExact: true })),
  http.post('/api/auto/goods/check/:op', () => HttpResponse.json({ code: 200, msg: '操作成功', data: check })),
  http.post('/api/auto/goods/delete', async ({ request }) => {
    const ids = (await request.json()) as number[];
    writes.push(`delete ${ids.join(',')}`);
    rows = rows.filter((r) => !ids.includes(r.id));
    return HttpResponse.json({ code: 200, msg: '操作成功' });
  }),
  http.post('/api/auto/goods/invalid/', async ({ request }) => {
    const ids = (await request.json()) as number[];
    writes.push(`invalid ${ids.join(',')}`);
    rows = rows.map((r) => (ids.includes(r.id) ? { ...r, sys_status: -2 } : r));
    return HttpResponse.json({ code: 200, msg: '操作成功' });
  }),
);

let root: Root;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => server.close());

async function mount(): Promise<void> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          {/* A route of its own per test: the list state cache is the page load's, shared by the tests. */}
          <RecordList def={def} routeKey={`/auto/goods?t=${Math.random()}`} height={500} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
  await until(() => document.querySelectorAll('[data-row-key]').length === rows.length);
}
beforeEach(() => {
  rows = [
    { id: 1, sys_status: -1, code: 'HP-001', name: '草稿货品' },
    { id: 2, sys_status: 1, code: 'HP-002', name: '已审货品' },
  ];
  check = { success: true, action: null, errorTips: '' };
  writes.length = 0;
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: ['管理员'] } as never });
  document.body.innerHTML = '';
});
afterEach(async () => {
  await act(async () => root.unmount());
});

const text = () => document.body.textContent ?? '';
const tick = (id: number) => document.querySelector<HTMLInputElement>(`[data-row-key="${id}"] [aria-label="选择"]`)!;
const button = (name: RegExp) => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="list-toolbar"] button')].find((b) => name.test(b.textContent ?? ''))!;
/** The newest confirmation dialog (closed ones may stay in happy-dom's page: it runs no transitions). */
const confirmDialog = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].pop();
const dialogButton = (dialog: HTMLElement, name: RegExp) => [...dialog.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

async function tickAndPress(id: number, action: RegExp): Promise<void> {
  await act(async () => tick(id).click());
  await until(() => tick(id).checked);
  await act(async () => button(action).click());
}

describe('list delete and void: pre-check outcomes', () => {
  it('no objection: 是否确认作废该数据项? naming the record; 取消 sends nothing', async () => {
    await mount();
    await tickAndPress(1, /作\s*废/);
    const dialog = await until(confirmDialog);
    expect(dialog.textContent).toContain('是否确认作废该数据项?');
    expect(dialog.textContent).toContain('HP-001');
    await act(async () => dialogButton(dialog, /取\s*消/).click());
    expect(writes).toEqual([]);
    expect(tick(1).checked).toBe(true);
  });

  it('a warning (approved records): its text with the records named; 确定 voids, 作废成功, and the voided row can be voided no more', async () => {
    check = { success: false, action: 'warn', errorTips: '所选记录中有1条已审核，作废后不可恢复，是否继续？' };
    await mount();
    await tickAndPress(2, /作\s*废/);
    const dialog = await until(() => confirmDialog()?.textContent?.includes('已审核') && confirmDialog());
    expect(dialog.textContent).toContain('所选记录中有1条已审核，作废后不可恢复，是否继续？');
    expect(dialog.textContent).toContain('HP-002');
    await act(async () => dialogButton(dialog, /确\s*定/).click());
    await until(() => text().includes('作废成功'));
    expect(writes).toEqual(['invalid 2']);
    // The list is read again and the ticks cleared; the voided row ticked again blocks 作废.
    await until(() => document.querySelector('[data-row-key="2"] [data-status="-2"]') && !tick(2).checked);
    await act(async () => tick(2).click());
    await until(() => tick(2).checked);
    expect(button(/作\s*废/).disabled).toBe(true);
  });

  it('a warning on delete: 确定 deletes, 删除成功', async () => {
    check = { success: false, action: 'warn', errorTips: '所选记录中有1条已审核，删除后不可恢复，是否继续？' };
    await mount();
    await tickAndPress(2, /删\s*除/);
    const dialog = await until(() => confirmDialog()?.textContent?.includes('删除后不可恢复') && confirmDialog());
    await act(async () => dialogButton(dialog, /确\s*定/).click());
    await until(() => text().includes('删除成功'));
    expect(writes).toEqual(['delete 2']);
    await until(() => document.querySelectorAll('[data-row-key]').length === 1);
  });

  it('a stop (a referenced record): the server text, no dialog, nothing written', async () => {
    check = { success: false, action: 'stop', errorTips: '记录 1 已被「合同台账」引用，不能删除' };
    await mount();
    await tickAndPress(1, /删\s*除/);
    await until(() => text().includes('已被「合同台账」引用，不能删除'));
    expect(confirmDialog()).toBeUndefined();
    expect(writes).toEqual([]);
  });
});
