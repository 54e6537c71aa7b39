/**
 * Approval in Chromium (issue 18): a purchase request submitted by the administrator reaches
 * 刘洋's 我的待办 (demo flow: 部门审批 → 总经理审批); he opens the task, sees the form without the
 * node's hidden field and approves; the diagram shows 总经理审批 as the current node; the
 * administrator approves with the finance note (editable at that node) and the record is done;
 * then models a change in the bpmn-js designer and deploys version 2.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession } from './support/adminSession';
import { animationsSettled, type BrowserApp } from './support/browserApp';
import { api, fill, item, useUser } from './support/formActions';

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/ (flow-*.png). */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

async function shot(name: string): Promise<void> {
  if (!SHOTS) return;
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

let app: BrowserApp;
let page: Page;
let admin: string;
let recordId = 0;

beforeAll(async () => {
  ({ app, page, token: admin } = await startAdminSession({ signedIn: false }));
});
afterAll(async () => {
  await app?.close();
});

async function openTodo(title: string): Promise<void> {
  await page.goto(`${app.url}/flow/todo`);
  await page.getByRole('link', { name: title }).or(page.locator('a', { hasText: title })).first().click();
  await page.getByRole('button', { name: '同意' }).waitFor();
}

async function approve(comment: string): Promise<void> {
  await page.getByLabel('审批意见').fill(comment);
  await page.getByRole('button', { name: '同意' }).click();
  await page.locator('.ant-message', { hasText: '审批成功' }).last().waitFor();
}

describe('submit → approve → approve', () => {
  it('the starter submits; the first approver sees the task and approves', async () => {
    const me = (await api(app, admin, 'GET', '/api/getInfo')).user.userId;
    const add = await api(app, admin, 'POST', '/api/auto/purchase_request/add', {
      formName: 'purchase_request',
      data: { title: '浏览器审批测试', applicant: String(me), urgency: 'normal', est_amount: 1200, need_date: '2026-12-01', finance_note: '只给总经理' },
    });
    recordId = add.data.id;
    await useUser(app, page, 'liuyang');
    await openTodo('采购申请：浏览器审批测试');
    await expect.poll(() => item(page, '申请事由').innerText()).toContain('浏览器审批测试');
    // 部门审批 does not see the finance note.
    expect(await page.getByText('财务意见').count()).toBe(0);
    await approve('部门同意');
    await expect.poll(() => page.url()).toContain('/flow/todo');
  });

  it('the diagram highlights the current node', async () => {
    const inst = (await api(app, admin, 'GET', `/api/flowable/instance/record/purchase_request/${recordId}`)).data;
    await page.goto(`${app.url}/flow-pic?processInstanceId=${inst.instanceId}`);
    await page.locator('[data-element-id="gmApprove"].fw-flow-node-active').waitFor();
    await page.locator('[data-element-id="deptApprove"].fw-flow-node-done').waitFor();
    await shot('flow-pic');
  });

  it('the second approver fills the editable field and approves; the record is done', async () => {
    await useUser(app, page, 'admin');
    await page.goto(`${app.url}/flow/todo`);
    await page.locator('a', { hasText: '采购申请：浏览器审批测试' }).first().waitFor();
    await shot('flow-todo');
    await openTodo('采购申请：浏览器审批测试');
    await page.getByText('部门同意').waitFor();
    await fill(page, '财务意见', '已核预算');
    await shot('flow-task');
    await approve('总经理同意');
    await expect.poll(async () => (await api(app, admin, 'GET', `/api/auto/purchase_request/${recordId}`)).data.sys_status).toBe(1);
    expect((await api(app, admin, 'GET', `/api/auto/purchase_request/${recordId}`)).data.finance_note).toBe('已核预算');
    // The record's detail page tells the approval's story (审批记录).
    await page.goto(`${app.url}/auto/purchase_request/detail${recordId}`);
    const panel = page.getByTestId('record-flow-panel');
    await expect.poll(() => panel.innerText()).toContain('已完成');
    expect(await panel.innerText()).toContain('总经理同意');
    if (SHOTS) await panel.scrollIntoViewIfNeeded(); // the panel sits below the form
    await shot('flow-record-panel');
  });

  it('an administrator models the flow with bpmn-js and deploys a new version', async () => {
    await page.goto(`${app.url}/flow/designer`);
    await page.getByRole('combobox', { name: '流程表单' }).click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: '采购申请' }).click();
    await page.locator('[data-element-id="gmApprove"]').first().click();
    await page.getByRole('combobox', { name: '处理人类型' }).click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: '指定用户（账号）' }).click();
    await page.getByLabel('处理人', { exact: true }).fill('staff');
    await page.getByRole('button', { name: '部署' }).click();
    await page.locator('.ant-message', { hasText: '已部署第 2 版' }).waitFor();
    const latest = (await api(app, admin, 'GET', '/api/flowable/definition/latest/purchase_request')).data;
    expect(latest.version).toBe(2);
    expect(latest.graph.nodes.gmApprove).toMatchObject({ assigneeType: 'user', assignee: 'staff' });
    expect(latest.nodeFields.deptApprove).toEqual({ hidden: ['finance_note'] });
  });

  it('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
