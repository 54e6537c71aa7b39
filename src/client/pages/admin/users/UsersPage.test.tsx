/**
 * 用户管理 against the API (msw): an account waiting for approval shows 待审核 instead of the status
 * switch, with 审核通过 / 驳回 for a holder of system:user:edit; the status filter's 待审核 asks the
 * server for `pendingApproval=true`; each decision asks for confirmation, then calls the server and
 * reloads the list.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../session/sessionStore';
import { TestFeedbackHost } from '../../../feedback/testFeedback';
import { until } from '../../../testing/until';
import UsersPage from './UsersPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ok = (body: Record<string, unknown>) => HttpResponse.json({ code: 200, msg: '操作成功', ...body });
const user = (userId: number, userName: string, status: string, pendingApproval: boolean) => ({
  userId, userName, nickName: userName, deptId: null, deptName: null, email: '', phonenumber: '', sex: '2', avatar: '', status,
  loginIp: '', loginDate: null, remark: '', createTime: '2026-11-28T00:00:00.000Z', roleIds: [], roleNames: [], pendingApproval,
});
let rows = [user(1, 'admin', '0', false), user(7, 'newcomer', '1', true)];
const listQueries: URLSearchParams[] = [];
const decisions: { url: string; body: unknown }[] = [];
const server = setupServer(
  http.get('/api/system/user/list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    listQueries.push(q);
    const shown = q.get('pendingApproval') === 'true' ? rows.filter((r) => r.pendingApproval) : rows;
    return ok({ rows: shown, total: shown.length });
  }),
  http.get('/api/system/dept/treeselect', () => ok({ data: [] })),
  http.get('/api/system/role/list', () => ok({ rows: [], total: 0 })),
  http.post('/api/system/user/approve', async ({ request }) => {
    decisions.push({ url: 'approve', body: await request.json() });
    rows = rows.map((r) => (r.userId === 7 ? { ...r, status: '0', pendingApproval: false } : r));
    return ok({ msg: '审核通过' });
  }),
  http.post('/api/system/user/reject', async ({ request }) => {
    decisions.push({ url: 'reject', body: await request.json() });
    rows = rows.filter((r) => r.userId !== 7);
    return ok({ msg: '已驳回' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  rows = [user(1, 'admin', '0', false), user(7, 'newcomer', '1', true)];
  listQueries.length = 0;
  decisions.length = 0;
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

async function mount(permissions: string[]) {
  sessionStore.set({ ready: true, roles: ['x'], permissions, user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: [] } as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(
    <QueryClientProvider client={client}><AntdApp><TestFeedbackHost /><UsersPage /></AntdApp></QueryClientProvider>,
  ));
}

const rowOf = (userName: string) => [...host.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(userName));
const buttonIn = (scope: ParentNode | undefined, name: string) =>
  [...(scope?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.replace(/\s/g, '') === name) as HTMLButtonElement | undefined;
const confirmButton = () => buttonIn(document.querySelector('.ant-modal-confirm-btns') ?? undefined, '确定');

describe('UsersPage: accounts waiting for approval', () => {
  it('tags them 待审核 and approves one after confirmation', async () => {
    await mount(['system:user:list', 'system:user:edit']);
    await until(() => rowOf('newcomer')?.textContent?.includes('待审核'));
    expect(rowOf('newcomer')!.querySelector('.ant-switch')).toBeNull();
    expect(rowOf('admin')!.querySelector('.ant-switch')).not.toBeNull();
    expect(buttonIn(rowOf('admin'), '审核通过')).toBeUndefined();

    await act(async () => buttonIn(rowOf('newcomer'), '审核通过')!.click());
    await until(() => document.querySelector('.ant-modal-confirm-content')?.textContent === '确认审核通过"newcomer"的注册申请吗？');
    await until(() => confirmButton());
    await act(async () => confirmButton()!.click());
    await until(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ url: 'approve', body: { userIds: [7] } });
    await until(() => rowOf('newcomer')?.querySelector('.ant-switch-checked'));
    expect(rowOf('newcomer')!.textContent).not.toContain('待审核');
  });

  it('rejects one after confirmation that says the account is deleted', async () => {
    await mount(['system:user:list', 'system:user:edit']);
    await until(() => buttonIn(rowOf('newcomer'), '驳回'));
    await act(async () => buttonIn(rowOf('newcomer'), '驳回')!.click());
    await until(() => document.querySelector('.ant-modal-confirm-content')?.textContent === '确认驳回"newcomer"的注册申请吗？驳回后该账号将被删除。');
    await until(() => confirmButton());
    await act(async () => confirmButton()!.click());
    await until(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ url: 'reject', body: { userIds: [7] } });
    await until(() => rowOf('admin') && !rowOf('newcomer'));
  });

  it('offers no decision without system:user:edit', async () => {
    await mount(['system:user:list']);
    await until(() => rowOf('newcomer')?.textContent?.includes('待审核'));
    expect(buttonIn(rowOf('newcomer'), '审核通过')).toBeUndefined();
    expect(buttonIn(rowOf('newcomer'), '驳回')).toBeUndefined();
  });

  it('filters them with the status choice 待审核', async () => {
    await mount(['system:user:list']);
    await until(() => rowOf('admin'));
    await act(async () => {
      host.querySelector<HTMLElement>('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await until(() => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '待审核'));
    await act(async () => ([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '待审核') as HTMLElement).click());
    await act(async () => buttonIn(host, '搜索')!.click());
    await until(() => listQueries.some((q) => q.get('pendingApproval') === 'true'));
    const last = listQueries.at(-1)!;
    expect(last.get('status')).toBeNull();
    await until(() => !rowOf('admin') && rowOf('newcomer'));
  });
});
