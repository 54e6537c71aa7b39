/**
 * 审批流程搭建 in Chromium (issue 30 item 1): the administrator gives the demo form 普通货品 (not a
 * flow form) a flow by clicking — 审批人 (role admin), a 条件分支 whose first branch (参考单价 ≥ 100)
 * holds an 审批人 (the user liuyang), a 抄送人 (liuyang), members and roles picked by searching — and saves it; the form becomes a flow
 * form, the deployed flow opens again in the builder, and a record runs through each branch as
 * the assignees (API), the CC reaching liuyang.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession } from './support/adminSession';
import { animationsSettled, TEST_PASSWORD, type BrowserApp } from './support/browserApp';
import { api, useToken } from './support/formActions';
import { resetBrowser } from './support/shellActions';

const FORM = 'auto_pthp';
let app: BrowserApp;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ app, page, token: admin } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
});

async function pick(label: string, option: string): Promise<void> {
  // antd's combobox input is transparent: click its select box.
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** A member or role picker: searched by what is typed, the option naming `key` (an account or a role key) chosen. */
async function pickByKey(label: string, key: string): Promise<void> {
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  await page.getByRole('combobox', { name: label, exact: true }).fill(key);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `（${key}）` }).click();
}

async function closeDrawer(): Promise<void> {
  await animationsSettled(page);
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
}

async function addNode(adder: string | RegExp, kind: '审批人' | '抄送人' | '条件分支'): Promise<void> {
  await page.getByRole('button', { name: adder }).first().click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: kind }).click();
}

describe('审批流程搭建', () => {
  it('builds a flow by clicking, saves it and opens it again', async () => {
    await resetBrowser(page, app.url);
    await useToken(app, page, admin);
    await page.goto(`${app.url}/flow/builder?form=${FORM}`);
    await page.getByText('普通表单：保存后成为流程表单').waitFor();
    // The first approver: the role admin.
    await page.locator('[data-node="Node_first"]').click();
    await pick('审批人类型', '角色');
    await pickByKey('角色标识', 'admin');
    await closeDrawer();
    // A condition branch after it; its first branch: 参考单价 ≥ 100.
    await addNode('在此添加节点（root-1）', '条件分支');
    await page.locator('[data-branch]', { hasText: '条件1' }).click();
    await page.locator('.ant-drawer-open').getByRole('button', { name: '添加条件' }).click();
    await pick('条件1字段', '参考单价');
    await pick('条件1运算', '大于等于');
    await page.getByRole('spinbutton', { name: '条件1值' }).fill('100');
    await closeDrawer();
    // An approver inside that branch (the drawer opens on adding): the user liuyang.
    await addNode(/在此添加节点（Branch_[a-z0-9]+-0）/, '审批人');
    await pick('审批人类型', '指定成员');
    await pickByKey('成员账号', 'liuyang');
    await page.getByRole('textbox', { name: '节点名称', exact: true }).fill('大额审批');
    await closeDrawer();
    // A CC node at the end.
    await addNode('在此添加节点（root-2）', '抄送人');
    await pick('抄送人类型', '指定成员');
    await pickByKey('成员账号', 'liuyang');
    await closeDrawer();
    await page.getByRole('button', { name: '保存并发布' }).click();
    await page.locator('.ant-message', { hasText: '已部署第 1 版' }).waitFor();
    await page.getByText('当前第 1 版').waitFor();
    await page.getByText('流程表单', { exact: true }).waitFor();

    // Reopened from the deployed BPMN.
    await page.reload();
    await page.getByText('大额审批', { exact: true }).waitFor();
    expect(await page.locator('[data-branch]').allInnerTexts()).toEqual([expect.stringContaining("${price} >= 100"), expect.stringContaining('其他情况')]);
  });

  it('runs a record through each branch as the assignees', async () => {
    const liuyang = await app.server.login('DEFAULT', 'liuyang', TEST_PASSWORD);
    const todo = async (token: string, id: number) =>
      (await api(app, token, 'GET', '/api/flowable/task/todoList?pageSize=100')).rows.filter((r: { formName: string; recordId: number }) => r.formName === FORM && r.recordId === id) as { taskId: number; taskName: string }[];
    const cc = async (id: number) => (await api(app, liuyang, 'GET', '/api/flowable/task/ccList?pageSize=100')).rows.filter((r: { recordId: number; title: string }) => r.recordId === id && r.title.startsWith('普通货品')).length;
    const run = async (price: number) => {
      const id = (await api(app, admin, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { goods_code: `FB${price}`, goods_name: `构建器${price}`, price } })).data.id as number;
      const first = await todo(admin, id);
      expect(first.map((x) => x.taskName)).toEqual(['审批人']);
      await api(app, admin, 'POST', '/api/flowable/task/complete', { taskId: first[0].taskId });
      return id;
    };
    const big = await run(500);
    const second = await todo(liuyang, big);
    expect(second.map((x) => x.taskName)).toEqual(['大额审批']);
    expect(await cc(big)).toBe(0);
    await api(app, liuyang, 'POST', '/api/flowable/task/complete', { taskId: second[0].taskId });
    expect(await cc(big)).toBe(1);
    const small = await run(20);
    expect(await todo(liuyang, small)).toEqual([]);
    expect(await cc(small)).toBe(1);
  });
});
