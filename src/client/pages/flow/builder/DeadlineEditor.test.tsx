// 审批期限 in the builder's drawer (issue 30 item 2, ADR 1061): the switch, 时长 and 单位, 到期处理,
// and 转交上级's target picked like the approver nodes' members and roles (not typed), with the
// rule for a role said where it is chosen; the deadline the drawer hands to the node each time.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Form } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeDeadline } from '../../../../shared/flows';
import { until } from '../../../testing/until';
import { DeadlineEditor, ESCALATE_ROLE_HINT } from './DeadlineEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USERS = [
  { userId: 3, nickName: '刘洋', userName: 'liuyang', deptId: 100, status: '0' },
  { userId: 4, nickName: '张工', userName: 'zhanggong', deptId: 100, status: '0' },
];
const searched: Record<string, unknown>[] = [];
let rolesRefused = false;
const server = setupServer(
  http.post('*/api/system/user/byFilter', async ({ request }) => {
    const body = (await request.json()) as { nickName?: string; userName?: string };
    searched.push(body);
    const rows = USERS.filter((u) => (body.nickName === undefined || u.nickName.includes(body.nickName)) && (body.userName === undefined || u.userName.includes(body.userName)));
    return HttpResponse.json({ code: 200, msg: '操作成功', total: rows.length, rows });
  }),
  http.get('*/api/system/role/optionselect', () => rolesRefused
    ? HttpResponse.json({ code: 403, msg: '没有权限，请联系管理员授权' }, { status: 403 })
    : HttpResponse.json({ code: 200, msg: '操作成功', data: [{ roleId: 1, roleName: '超级管理员', roleKey: 'admin' }, { roleId: 5, roleName: '复核', roleKey: 'checker' }] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
/** Every deadline the editor handed up, newest last. */
let given: (NodeDeadline | undefined)[];
beforeEach(() => {
  given = [];
  searched.length = 0;
  rolesRefused = false;
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

function Harness({ initial }: { initial?: NodeDeadline }) {
  const [d, setD] = useState(initial);
  // No motion: a list that closes is hidden at once instead of waiting for a transition's end,
  // which happy-dom never sends.
  return <ConfigProvider theme={{ token: { motion: false } }}><Form layout="vertical"><DeadlineEditor value={d} onChange={(next) => { given.push(next); setD(next); }} /></Form></ConfigProvider>;
}

async function mount(initial?: NodeDeadline): Promise<void> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}><Harness initial={initial} /></QueryClientProvider>));
}

const last = () => given[given.length - 1];
const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

/**
 * Opens a select's option list unless it is open: a mousedown on an open select closes it again
 * (and clears what was typed into it), as in a browser.
 */
async function openSelect(label: string): Promise<void> {
  if (input(label)!.getAttribute('aria-expanded') === 'true') return;
  await act(async () => { input(label)!.closest('.ant-select')!.querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
}

async function choose(label: string, option: string): Promise<void> {
  await openSelect(label);
  // Only the open lists: with motion off (Harness) a closed one is hidden at once. happy-dom runs no
  // CSS transitions, so with motion on every list opened so far stayed in the page unhidden, and
  // whether the option found was this select's, or one of a list closing, went by timing.
  const found = () => input(label)!.getAttribute('aria-expanded') === 'true'
    && [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === option);
  await until(found);
  await act(async () => { (found() as HTMLElement).click(); });
}

async function type(el: HTMLInputElement, text: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('DeadlineEditor', () => {
  it('switching on gives 1 工作日 仅提醒; 时长 and 单位 change it; switching off removes it', async () => {
    await mount();
    expect(input('审批期限时长')).toBeNull();
    await act(async () => document.querySelector<HTMLElement>('[aria-label="设置审批期限"]')!.click());
    expect(last()).toEqual({ amount: 1, unit: 'day', action: 'remind' });
    await type(input('审批期限时长')!, '6');
    expect(last()).toMatchObject({ amount: 6, unit: 'day' });
    await choose('审批期限单位', '工作小时');
    expect(last()).toEqual({ amount: 6, unit: 'hour', action: 'remind' });
    await act(async () => document.querySelector<HTMLElement>('[aria-label="设置审批期限"]')!.click());
    expect(last()).toBeUndefined();
  });

  it('转交上级 to a role is picked from the role list and says which member takes the task', async () => {
    await mount({ amount: 2, unit: 'hour', action: 'remind' });
    await act(async () => [...document.querySelectorAll<HTMLElement>('.ant-radio-wrapper')].find((r) => r.textContent === '转交上级')!.click());
    expect(last()).toEqual({ amount: 2, unit: 'hour', action: 'escalate', escalate: { kind: 'leader' } });
    expect(input('转交角色')).toBeNull();
    await choose('转交对象', '角色');
    expect(document.body.textContent).toContain(ESCALATE_ROLE_HINT);
    await choose('转交角色', '复核（checker）');
    expect(last()).toEqual({ amount: 2, unit: 'hour', action: 'escalate', escalate: { kind: 'role', value: 'checker' } });
  });

  it('转交上级 to a member searches by name or account and stores the account', async () => {
    await mount({ amount: 1, unit: 'day', action: 'escalate', escalate: { kind: 'leader' } });
    await choose('转交对象', '指定成员');
    await openSelect('转交成员');
    await type(input('转交成员')!, 'liu');
    // The account matches where the nick name does not: both filters are asked.
    await until(() => searched.some((b) => b.userName === 'liu') && searched.some((b) => b.nickName === 'liu'));
    await choose('转交成员', '刘洋（liuyang）');
    expect(last()).toEqual({ amount: 1, unit: 'day', action: 'escalate', escalate: { kind: 'user', value: 'liuyang' } });
    expect(document.body.textContent).not.toContain(ESCALATE_ROLE_HINT);
  });

  it('a saved target outside the list still shows; without access to the role list the key is typed', async () => {
    rolesRefused = true;
    await mount({ amount: 1, unit: 'day', action: 'escalate', escalate: { kind: 'role', value: 'auditor' } });
    const typed = await until(() => (input('转交角色')?.closest('.ant-select') ? undefined : input('转交角色')));
    expect(typed.value).toBe('auditor');
    await type(typed, 'finance');
    expect(last()).toEqual({ amount: 1, unit: 'day', action: 'escalate', escalate: { kind: 'role', value: 'finance' } });
  });
});
