/**
 * 审批流程搭建 in Chromium (issue 30 item 1), the full cycle once: the administrator gives a plain
 * form a flow by clicking — the first 审批人 removed, a 条件分支 whose first branch (参考单价 ≥ 100)
 * holds an 审批人 (the member liuyang, picked by searching) — and saves it; the form becomes a flow
 * form, the deployed flow opens again in the builder, and a record runs through each branch (API).
 * What each drawer sends (role and member pickers, conditions, 抄送人, the BPMN deployed) is the
 * client test src/client/pages/flow/builder/FlowBuilderPage.test.tsx; running such a flow with
 * every assignee kind is tests/api/flows/flowBuilder.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession } from './support/adminSession';
import { animationsSettled, TEST_PASSWORD, type BrowserApp } from './support/browserApp';
import { api, useToken } from './support/formActions';
import { resetBrowser } from './support/shellActions';

/** The form the flow is built for: one of its own per attempt (a retry must not open the flow its first attempt deployed). */
let FORM: string;
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

async function closeDrawer(): Promise<void> {
  await animationsSettled(page);
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
}

async function addNode(adder: string | RegExp, kind: '审批人' | '条件分支'): Promise<void> {
  await page.getByRole('button', { name: adder }).first().click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: kind }).click();
}

describe('审批流程搭建', () => {
  it('builds a flow by clicking, saves it and opens it again', async () => {
    FORM = `fb_${Date.now().toString(36)}`;
    await api(app, admin, 'POST', '/api/flowable/form', {
      enName: FORM, cnName: '构建器货品',
      fields: [{ enName: 'goods_name', label: '货品名称', funcType: 'input' }, { enName: 'price', label: '参考单价', funcType: 'number', precision: 2 }],
    });
    await resetBrowser(page, app.url);
    await useToken(app, page, admin);
    await page.goto(`${app.url}/flow/builder?form=${FORM}`);
    await page.getByText('普通表单：保存后成为流程表单').waitFor();
    await page.getByRole('button', { name: '删除「审批人」' }).click();
    // A condition branch; its first branch: 参考单价 ≥ 100.
    await addNode('在此添加节点（root-0）', '条件分支');
    await page.locator('[data-branch]', { hasText: '条件1' }).click();
    await page.locator('.ant-drawer-open').getByRole('button', { name: '添加条件' }).click();
    await pick('条件1字段', '参考单价');
    await pick('条件1运算', '大于等于');
    await page.getByRole('spinbutton', { name: '条件1值' }).fill('100');
    await closeDrawer();
    // An approver inside that branch (the drawer opens on adding): the member liuyang, searched.
    await addNode(/在此添加节点（Branch_[a-z0-9]+-0）/, '审批人');
    await pick('审批人类型', '指定成员');
    const member = page.getByRole('combobox', { name: '成员账号', exact: true });
    await page.locator('.ant-select', { has: member }).click();
    await member.fill('liuyang');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '（liuyang）' }).click();
    await page.getByRole('textbox', { name: '节点名称', exact: true }).fill('大额审批');
    await closeDrawer();
    await page.getByRole('button', { name: '保存并发布' }).click();
    await page.getByText('当前第 1 版').waitFor();
    await page.getByText('流程表单', { exact: true }).waitFor();

    // Reopened from the deployed BPMN.
    await page.reload();
    await page.getByText('大额审批', { exact: true }).waitFor();
    expect(await page.locator('[data-branch]').allInnerTexts()).toEqual([expect.stringContaining("${price} >= 100"), expect.stringContaining('其他情况')]);
  });

  it('runs a record through each branch as the assignee', async () => {
    const liuyang = await app.server.login('DEFAULT', 'liuyang', TEST_PASSWORD);
    const todo = async (id: number) =>
      (await api(app, liuyang, 'GET', '/api/flowable/task/todoList?pageSize=100')).rows.filter((r: { formName: string; recordId: number }) => r.formName === FORM && r.recordId === id) as { taskId: number; taskName: string }[];
    const add = async (price: number) => (await api(app, admin, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { goods_name: `构建器${price}`, price } })).data.id as number;
    const big = await add(500);
    const tasks = await todo(big);
    expect(tasks.map((x) => x.taskName)).toEqual(['大额审批']);
    await api(app, liuyang, 'POST', '/api/flowable/task/complete', { taskId: tasks[0].taskId });
    expect(await todo(big)).toEqual([]);
    expect(await todo(await add(20))).toEqual([]);
  });
});
