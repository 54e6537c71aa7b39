// Issue 27 item 7: the preview's user switcher shows and picks users by name (not by id); picking
// one sets the context's id, names and department.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserContext } from '../../../schema-adapters/definition/types';
import { UserContextSwitcher } from './UserContextSwitcher';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USERS = [
  { userId: 1, nickName: '管理员', userName: 'admin', deptId: 100 },
  { userId: 7, nickName: '张三', userName: 'zhangsan', deptId: 103 },
];
const server = setupServer(
  http.post('*/api/system/user/byFilter', async ({ request }) => {
    const { nickName } = (await request.json()) as { nickName: string };
    const rows = USERS.filter((u) => u.nickName.includes(nickName ?? ''));
    return HttpResponse.json({ code: 200, msg: '操作成功', total: rows.length, rows });
  }),
  http.post('*/api/system/user/ids', async ({ request }) => {
    const ids = (await request.json()) as number[];
    return HttpResponse.json({ code: 200, msg: '操作成功', data: USERS.filter((u) => ids.includes(u.userId)).map(({ userId, nickName }) => ({ userId, nickName })) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let ctx: UserContext;
beforeEach(() => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

function Harness({ initial }: { initial: UserContext }) {
  const [current, setCurrent] = useState(initial);
  ctx = current;
  return <UserContextSwitcher ctx={current} onChange={setCurrent} />;
}

const shown = () => document.querySelector('input[aria-label="用户"]')!.closest('.ant-select')!.querySelector('.ant-select-selection-item')?.textContent;

describe('UserContextSwitcher', () => {
  it('shows the current user by name, and picking 张三 by name sets id, names and department', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => root.render(<QueryClientProvider client={client}><Harness initial={{ userId: 1, userName: 'admin', deptId: 100, roleKeys: [], roleNames: [] }} /></QueryClientProvider>));
    await expect.poll(shown).toBe('管理员');
    expect(document.querySelector('input[aria-label="用户ID"]')).toBeNull();
    await act(async () => { document.querySelector('input[aria-label="用户"]')!.closest('.ant-select')!.querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
    const option = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '张三');
    await expect.poll(option).toBeTruthy();
    await act(async () => { option()!.click(); });
    expect(ctx).toMatchObject({ userId: 7, nickName: '张三', userName: 'zhangsan', deptId: 103 });
    await expect.poll(shown).toBe('张三');
  });
});
