// 审批流程搭建 (issue 30 item 1, ADR 1047) without a browser: a flow built by clicking — the first
// 审批人 given the role admin picked from the role list, a 抄送人 to a member found by searching
// name or account — and 保存并发布: a plain form is made a flow form first, then the BPMN deployed
// reads back as that flow; a node left unset names what is missing instead of deploying. The
// browser test (tests/browser/flowBuilder.test.ts) keeps one full cycle against the server: a
// 条件分支 with its condition and an 审批人 inside, saved, reopened and run.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow } from '../../../../shared/flows';
import { freshRoot, renderInApp, testQueryClient } from '../../../testing/renderInApp';
import { until } from '../../../testing/until';
import FlowBuilderPage from './FlowBuilderPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FORM = {
  id: 7, enName: 'auto_pthp', cnName: '普通货品', hasFlow: false,
  fields: [
    { enName: 'goods_name', label: '货品名称', funcType: 'input' },
    { enName: 'price', label: '参考单价', funcType: 'number' },
  ],
};
const USERS = [
  { userId: 3, nickName: '刘洋', userName: 'liuyang', deptId: 100, status: '0' },
  { userId: 4, nickName: '张工', userName: 'zhanggong', deptId: 100, status: '0' },
];
const searched: Record<string, unknown>[] = [];
const saved: Record<string, unknown>[] = [];
const deployed: { formName: string; xml: string; nodeFields?: Record<string, unknown> }[] = [];

const server = setupServer(
  http.get('*/api/flowable/form/list', () => HttpResponse.json({ code: 200, total: 1, rows: [{ id: FORM.id, enName: FORM.enName, cnName: FORM.cnName }] })),
  http.get('*/api/flowable/form/en/auto_pthp', () => HttpResponse.json({ code: 200, data: FORM })),
  http.get('*/api/flowable/definition/latest/auto_pthp', () => HttpResponse.json({ code: 200, data: null })),
  http.get('*/api/system/role/optionselect', () => HttpResponse.json({ code: 200, data: [{ roleId: 1, roleName: '超级管理员', roleKey: 'admin' }, { roleId: 5, roleName: '复核', roleKey: 'checker' }] })),
  http.post('*/api/system/user/byFilter', async ({ request }) => {
    const body = (await request.json()) as { nickName?: string; userName?: string };
    searched.push(body);
    const rows = USERS.filter((u) => (body.nickName === undefined || u.nickName.includes(body.nickName)) && (body.userName === undefined || u.userName.includes(body.userName)));
    return HttpResponse.json({ code: 200, total: rows.length, rows });
  }),
  http.post('*/api/flowable/form/edit', async ({ request }) => {
    saved.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ code: 200, msg: '操作成功' });
  }),
  http.post('*/api/flowable/definition/deploy', async ({ request }) => {
    deployed.push((await request.json()) as (typeof deployed)[number]);
    return HttpResponse.json({ code: 200, data: { id: 11, version: 1 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
beforeEach(() => {
  searched.length = 0;
  saved.length = 0;
  deployed.length = 0;
  window.history.replaceState(null, '', '/flow/builder?form=auto_pthp');
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

const text = () => document.body.textContent ?? '';
const byLabel = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.replace(/\s/g, '')) === name);

async function click(el: HTMLElement | null | undefined): Promise<void> {
  expect(el).toBeTruthy();
  await act(async () => { el!.click(); });
}

async function type(el: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens a select by its label unless open (a mousedown on an open one closes it), then clicks the option whose text is `option`. */
async function choose(label: string, option: string, search?: string): Promise<void> {
  const input = await until(() => byLabel(label));
  if (input.getAttribute('aria-expanded') !== 'true') {
    await act(async () => { input.closest('.ant-select')!.querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
  }
  if (search !== undefined) await type(input, search);
  // With motion off a closed list is hidden at once: only open lists are searched.
  const found = () => byLabel(label)?.getAttribute('aria-expanded') === 'true'
    && [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === option);
  await until(found);
  await act(async () => { (found() as HTMLElement).click(); });
}

/** The 「+」 named `adder`, then the kind of node in its menu. */
async function addNode(adder: RegExp, kind: '审批人' | '抄送人' | '条件分支'): Promise<void> {
  await click([...document.querySelectorAll<HTMLButtonElement>('button[aria-label]')].find((b) => adder.test(b.getAttribute('aria-label')!)));
  await click(await until(() => [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].find((i) => i.textContent === kind)));
}

async function closeDrawer(): Promise<void> {
  await click(document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-close'));
  await until(() => !document.querySelector('.ant-drawer-open'));
}

/** The page, with antd's motion off: a closed list or drawer is hidden at once (renderInApp). */
const show = () => renderInApp(root, <FlowBuilderPage />, { queryClient: testQueryClient(), motion: false });

// The page with two drawers (each a form of antd controls) in happy-dom: under a few seconds on a
// quiet machine, above the client project's 30 s beside two dozen busy processes on 2 cores.
describe('FlowBuilderPage', { timeout: 120_000 }, () => {
  it('builds a flow by clicking and deploys it, making the plain form a flow form first', async () => {
    await show();
    await until(() => text().includes('普通表单：保存后成为流程表单') && document.querySelector('[data-node="Node_first"]'), 60_000);

    // The first approver: the role admin, from the role list.
    await click(document.querySelector<HTMLElement>('[data-node="Node_first"]'));
    await choose('审批人类型', '角色');
    await choose('角色标识', '超级管理员（admin）');
    await closeDrawer();
    expect(document.querySelector('[data-node="Node_first"]')!.textContent).toContain('admin');

    // A CC node after it, to a member found by searching.
    await addNode(/^在此添加节点（root-1）$/, '抄送人');
    await choose('抄送人类型', '指定成员');
    await choose('成员账号', '刘洋（liuyang）', 'liu');
    // The account is searched as well as the nick name: typing either finds the member.
    await until(() => searched.some((b) => b.userName === 'liu') && searched.some((b) => b.nickName === 'liu'));
    await type(byLabel('节点名称')!, '抄送经办');
    await closeDrawer();
    expect(text()).not.toContain('还有');

    await click(button('保存并发布'));
    await until(() => text().includes('已部署第 1 版'));
    expect(saved).toEqual([expect.objectContaining({ enName: 'auto_pthp', hasFlow: true })]);
    expect(deployed).toHaveLength(1);
    expect(deployed[0].formName).toBe('auto_pthp');
    const back = await parseFlow(deployed[0].xml, deployed[0].nodeFields as never);
    expect(back).toMatchObject({
      ok: true,
      model: {
        nodes: [
          { type: 'approver', id: 'Node_first', assignee: { kind: 'role', value: 'admin' } },
          { type: 'cc', name: '抄送经办', assignee: { kind: 'user', value: 'liuyang' } },
        ],
      },
    });
  });

  it('names what is missing instead of deploying', async () => {
    await show();
    await until(() => document.querySelector('[data-node="Node_first"]'), 60_000);
    await click(document.querySelector<HTMLElement>('[data-node="Node_first"]'));
    await choose('审批人类型', '指定成员');
    await closeDrawer();
    await until(() => text().includes('还有 1 处需要设置'));
    await click(button('保存并发布'));
    expect(saved).toEqual([]);
    expect(deployed).toEqual([]);
  });
});
